// bench/import: a 1,000,000-row CSV imported the way the browser does it (parsed
// with papaparse, mapped, POSTed in chunks of 5,000 to /api/contacts/import) into a
// team that already has 100,000 contacts, half of which reappear in the file.
// Baseline in the same run: PostgreSQL COPY of the same rows into a table with the
// same unique index. Prints JSON. Usage: npm run build && node bench/import.ts [--rows N] [--port N]
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import Papa from "papaparse";
import pg from "pg";
import {
  autoMapColumns,
  contactReader,
  CSV_CHUNK_ROWS,
  CSV_FIRST_ROW,
  CSV_MAX_ROWS,
} from "#shared/contacts/csv-mapping.ts";
import { readCsvBatches } from "#shared/contacts/csv-stream.ts";
import { normalizePhone } from "#shared/contacts/phone.ts";
import { audienceCsvLines, emailFor, emailsInFile } from "./lib/audience.ts";
import { signUp, startBenchApp } from "./lib/app-server.ts";

const rowsArg = process.argv.indexOf("--rows");
const ROWS = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 1_000_000;
const portArg = process.argv.indexOf("--port");
const PORT = portArg > 0 ? Number(process.argv[portArg + 1]) : 3490;
const SEED = Math.round(ROWS / 10);
const SEED_CHUNK = 10_000;
const inputDir = path.resolve(".data/bench-input");

type Row = { name: string | null; email: string | null; phone: string | null };

async function writeLines(file: string, lines: Iterable<string>) {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(line)) await once(out, "drain");
  out.end();
  await once(out, "finish");
}

async function postChunk(baseUrl: string, token: string, body: object) {
  const response = await fetch(`${baseUrl}/api/contacts/import`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Import chunk failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { importId: string; totals?: Record<string, number> };
}

/**
 * The browser's path (app/components/csv-import/send-chunks.ts and chunk-sender.ts),
 * with the same shared modules: papaparse in batches of CSV_CHUNK_ROWS, the spec's
 * auto-mapping, phones put in E.164; the first chunk is answered before the next is
 * sent, then up to two are in flight (`afterPrevious`), and the next chunk is
 * prepared meanwhile.
 */
async function importThroughApi(baseUrl: string, token: string, file: string) {
  const importId = randomUUID();
  let chunkIndex = 0;
  let firstRow = CSV_FIRST_ROW;
  let totals: Record<string, number> | undefined;
  let toContact: (row: Record<string, unknown>) => Row = () => ({ name: null, email: null, phone: null });
  const inFlight: Promise<void>[] = [];
  const send = async (contacts: Row[], final: boolean) => {
    if (chunkIndex === 1) await inFlight.shift();
    while (inFlight.length >= 2) await inFlight.shift();
    const body = {
      contacts,
      importId,
      chunkIndex,
      firstRow,
      final,
      ...(chunkIndex === 0 ? { fileName: path.basename(file) } : { afterPrevious: true }),
    };
    chunkIndex += 1;
    firstRow += contacts.length;
    const answered = postChunk(baseUrl, token, body).then((answer) => {
      if (answer.totals) totals = answer.totals;
    });
    answered.catch(() => {});
    inFlight.push(answered);
  };
  await readCsvBatches(createReadStream(file), {
    batchSize: CSV_CHUNK_ROWS,
    maxRows: CSV_MAX_ROWS,
    onHeader(fields) {
      toContact = contactReader(fields, autoMapColumns(fields));
      return true;
    },
    async onBatch(rows) {
      const contacts = rows.map((row) => {
        const contact = toContact(row);
        return { ...contact, phone: normalizePhone(contact.phone) };
      });
      await send(contacts, false);
    },
  });
  await send([], true);
  while (inFlight.length > 0) await inFlight.shift();
  return totals;
}

/**
 * Seconds until the background indexer has taken every queued contact into the
 * search index, and how many contacts were still queued when the wait began.
 */
async function waitForSearchIndex(databaseUrl: string): Promise<{ seconds: number; queued: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counted = await client.query("select count(*)::int as queued from contact_search_queue");
    const queued: number = counted.rows[0].queued;
    for (;;) {
      const { rows } = await client.query("select exists (select 1 from contact_search_queue) as pending");
      if (!rows[0].pending) return { seconds: (performance.now() - started) / 1000, queued };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await client.end();
  }
}

/** The rows that end up stored (valid, one per email), as a CSV for COPY. */
async function writeCopyFile(source: string, target: string) {
  const seen = new Set<string>();
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    Papa.parse<Record<string, string>>(createReadStream(source) as unknown as File, {
      header: true,
      skipEmptyLines: true,
      step: (result) => {
        const email = result.data["Email Address"] ?? "";
        const key = email.toLowerCase();
        if (!email.includes("@") || seen.has(key)) return;
        seen.add(key);
        lines.push(Papa.unparse([[email, result.data["Full Name"] ?? "", result.data["Mobile Phone"] ?? ""]]) + "\n");
      },
      complete: () => resolve(),
      error: reject,
    });
  });
  await writeLines(target, lines);
  return lines.length;
}

async function copyBaseline(databaseUrl: string, file: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`create table bench_copy (team_id uuid not null default '00000000-0000-7000-8000-000000000000',
      email text not null, name text, phone text)`);
    await client.query("create unique index bench_copy_email_key on bench_copy (team_id, lower(email))");
    const started = performance.now();
    await client.query(`copy bench_copy (email, name, phone) from '${file}' with (format csv)`);
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

async function main() {
  await mkdir(inputDir, { recursive: true });
  const file = path.join(inputDir, `audience-${ROWS}.csv`);
  const copyFile = path.join(inputDir, `audience-${ROWS}-copy.csv`);
  await writeLines(file, audienceCsvLines(ROWS));

  const app = await startBenchApp({ port: PORT });
  try {
    const token = await signUp(app.baseUrl);
    // The team's existing audience: half of it reappears in the file (emails of rows
    // that are neither a repeat nor invalid), the other half is not in it.
    const seedEmails = [
      ...emailsInFile(SEED / 2, ROWS),
      ...Array.from({ length: SEED / 2 }, (_, i) => emailFor(10_000_000 + i)),
    ];
    for (let i = 0; i < seedEmails.length; i += SEED_CHUNK) {
      await postChunk(app.baseUrl, token, {
        contacts: seedEmails.slice(i, i + SEED_CHUNK).map((email) => ({ email, name: "Existing" })),
      });
    }
    // The existing audience is fully searchable before the import starts.
    await waitForSearchIndex(app.databaseUrl);

    const cpuBefore = { ...app.cpuSeconds(), client: process.cpuUsage() };
    app.resetPeakRss();
    const started = performance.now();
    const totals = await importThroughApi(app.baseUrl, token, file);
    const importSeconds = (performance.now() - started) / 1000;
    const cpuAfter = app.cpuSeconds();
    const clientCpu = process.cpuUsage(cpuBefore.client);
    const importCpuSeconds = {
      client: round((clientCpu.user + clientCpu.system) / 1e6),
      server: round(cpuAfter.server - cpuBefore.server),
      postgres: round(cpuAfter.postgres - cpuBefore.postgres),
    };
    const importRss = app.peakRss();
    // The search index catch-up is measured with its own memory window: the worker's indexer runs in the server too.
    app.resetPeakRss();
    const { seconds: searchIndexCatchUpSeconds, queued: searchBacklogAtLastChunk } = await waitForSearchIndex(
      app.databaseUrl,
    );
    const catchUpRss = app.peakRss();
    const cpuCaughtUp = app.cpuSeconds();
    const searchIndexCatchUpCpuSeconds = {
      server: round(cpuCaughtUp.server - cpuAfter.server),
      postgres: round(cpuCaughtUp.postgres - cpuAfter.postgres),
    };

    const copyRows = await writeCopyFile(file, copyFile);
    const copySeconds = await copyBaseline(app.databaseUrl, copyFile);

    console.log(
      JSON.stringify(
        {
          benchmark: "import",
          rows: ROWS,
          existingContacts: SEED,
          importSeconds: round(importSeconds),
          rowsPerSecond: Math.round(ROWS / importSeconds),
          copyRows,
          copySeconds: round(copySeconds),
          // After the last chunk, until the imported contacts are in the search index (searches are right meanwhile,
          // only slower).
          searchIndexCatchUpSeconds: round(searchIndexCatchUpSeconds),
          searchBacklogAtLastChunk,
          importToCopyRatio: round(importSeconds / copySeconds),
          importWithSearchIndexToCopyRatio: round((importSeconds + searchIndexCatchUpSeconds) / copySeconds),
          // The sum over all Murmur server processes (primary with the worker, and web processes), sampled every 50 ms.
          peakRssMb: Math.max(importRss.totalMb, catchUpRss.totalMb),
          peakRss: { duringImport: importRss, duringSearchIndexCatchUp: catchUpRss },
          // Where the import's time went, in CPU seconds (the bench client shares the machine's cores).
          importCpuSeconds,
          // The indexer's work left after the last chunk (the import's CPU figures include what it did meanwhile).
          searchIndexCatchUpCpuSeconds,
          totals,
          definitions: {
            importSeconds:
              "From the first chunk sent until the answer to the last chunk (the one that closes the import).",
            importToCopyRatio:
              "importSeconds / copySeconds: the import until its last chunk is answered, against PostgreSQL COPY of the same stored rows into a table with the same unique index.",
            searchIndexCatchUpSeconds:
              "Searchable after: from the answer to the last chunk until every imported contact is in the search index (polled every 200 ms).",
            searchBacklogAtLastChunk:
              "How many contacts were still queued for the search index when the last chunk was answered.",
            importWithSearchIndexToCopyRatio:
              "(importSeconds + searchIndexCatchUpSeconds) / copySeconds: the same, counting until every imported contact is also in the search index.",
            peakRssMb:
              "The highest sum of the resident set sizes of all Murmur server processes at one moment (sampled every 50 ms), during the import or the search index catch-up; largestProcessMb is the largest single process in the same samples, primaryMb and webMb each process's own peak; totalPssMb the sum of proportional set sizes (sampled every 500 ms), which counts the pages the processes share once.",
          },
          targets: { importToCopyRatio: 2.0, peakRssMb: 400, searchIndexCatchUpSeconds: 5 },
        },
        null,
        2,
      ),
    );
  } finally {
    await app.stop();
  }
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}

await main();

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The folder picture app -> server -> db -> migrations, with shared/ beside them for
// code both the browser and the server run, made checkable: every source file's
// imports are read as text and each arrow that points back up is named here.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_FOLDERS = ["app", "server", "db", "migrations", "shared"];
const SOURCE_FILE = /\.(ts|tsx|js|mjs)$/;
const ALIASES: Record<string, string> = {
  "#app/": "app/",
  "#server/": "server/",
  "#db/": "db/",
  "#migrations/": "migrations/",
  "#shared/": "shared/",
};

/**
 * Router glue still under server/: the route-level "not found" helpers, which throw the
 * router's 404 and read the session from the router's context. They move to app/ with
 * the one not-found contract; each rule below holds for every other file.
 */
type Import = { file: string; specifier: string; target: string; typeOnly: boolean };

function listSourceFiles(folder: string): string[] {
  const entries = readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/**
 * Every module a file names: static imports and re-exports, side-effect and dynamic
 * imports. `import type` and `export type` are marked: the compiler erases them, so
 * they put nothing of the module into a bundle.
 */
function readSpecifiers(source: string): Array<{ specifier: string; typeOnly: boolean }> {
  const found: Array<{ specifier: string; typeOnly: boolean }> = [];
  for (const match of source.matchAll(/\b(import|export)(\s+type\b)?[^"'`;]*?\bfrom\s*["']([^"']+)["']/g)) {
    found.push({ specifier: match[3]!, typeOnly: match[2] !== undefined });
  }
  for (const match of source.matchAll(/\bimport\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
    found.push({ specifier: (match[1] ?? match[2])!, typeOnly: false });
  }
  return found;
}

/** A specifier as a path from the repository root for files of this project, else the package name. */
function resolveTarget(file: string, specifier: string): string {
  if (specifier.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) return ALIASES[alias] + specifier.slice(alias.length);
  return specifier;
}

function importsOf(file: string, source: string): Import[] {
  return readSpecifiers(source).map(({ specifier, typeOnly }) => ({
    file,
    specifier,
    typeOnly,
    target: resolveTarget(file, specifier),
  }));
}

function readImports(): Import[] {
  const files = SOURCE_FOLDERS.flatMap(listSourceFiles);
  return files.flatMap((file) => importsOf(file, readFileSync(path.join(ROOT, file), "utf8")));
}

const imports = readImports();

function isUnder(target: string, ...folders: string[]): boolean {
  return folders.some((folder) => target === folder || target.startsWith(`${folder}/`));
}

function isPackage(target: string, ...names: string[]): boolean {
  return names.some((name) => target === name || target.startsWith(`${name}/`));
}

function describeImports(found: Import[]): string[] {
  return found.map(({ file, specifier }) => `${file} imports "${specifier}"`);
}

/** Modules the browser bundle may load: components, client libraries and the shared folder. */
function isClientModule(file: string): boolean {
  return isUnder(file, "app/components", "app/lib", "shared");
}

type Rule = { name: string; check: (imports: Import[]) => string[] };

const RULES: Rule[] = [
  {
    name: "server/ and db/ never import app/",
    check: (all) =>
      describeImports(all.filter((found) => isUnder(found.file, "server", "db") && isUnder(found.target, "app"))),
  },
  {
    name: "db/ never imports server/",
    check: (all) =>
      describeImports(all.filter((found) => isUnder(found.file, "db") && isUnder(found.target, "server"))),
  },
  {
    name: "migrations import nothing of the app",
    check: (all) =>
      describeImports(
        all.filter(
          (found) => isUnder(found.file, "migrations") && isUnder(found.target, "app", "server", "db", "shared"),
        ),
      ),
  },
  {
    name: "shared/ imports nothing of the app",
    check: (all) =>
      describeImports(
        all.filter(
          (found) => isUnder(found.file, "shared") && isUnder(found.target, "app", "server", "db", "migrations"),
        ),
      ),
  },
  {
    name: "client modules never import server/, db/ or app/http/ (types aside, which leave no code behind)",
    check: (all) =>
      describeImports(
        all.filter(
          (found) => isClientModule(found.file) && !found.typeOnly && isUnder(found.target, "server", "db", "app/http"),
        ),
      ),
  },
  {
    name: "server/ never imports the router or the form library",
    check: (all) =>
      describeImports(
        all.filter(
          (found) =>
            isUnder(found.file, "server") && isPackage(found.target, "react-router", "@react-router", "@conform-to"),
        ),
      ),
  },
  {
    name: "no two domain folders under server/ import each other, directly or round a cycle",
    check: findDomainCycles,
  },
];

/** One import that breaks each rule, in the shapes this tree writes them, so no rule passes by never matching. */
const BREAKING_IMPORTS: Record<string, Array<[file: string, source: string]>> = {
  "server/ and db/ never import app/": [
    ["server/segments/filter/form.ts", 'import type { FormTree } from "../../../app/lib/form-tree.ts";'],
  ],
  "db/ never imports server/": [["db/database.ts", 'import { log } from "#server/log.ts";']],
  "migrations import nothing of the app": [
    ["migrations/2026-01-01T0000-x.ts", 'import type { DB } from "../db/types.ts";'],
  ],
  "shared/ imports nothing of the app": [["shared/contacts/phone.ts", 'export { getDb } from "#db/database.ts";']],
  "client modules never import server/, db/ or app/http/ (types aside, which leave no code behind)": [
    [
      "app/components/csv-import/send-chunks.ts",
      'const { normalizePhone } = await import("../../../server/contacts/phone.ts");',
    ],
  ],
  "server/ never imports the router or the form library": [
    ["server/campaigns/form-action.ts", 'import {\n  data,\n  redirect,\n} from "react-router";'],
  ],
  "no two domain folders under server/ import each other, directly or round a cycle": [
    ["server/campaigns/campaigns.ts", 'import { sentCampaignsSummary } from "../tracking/analytics.ts";'],
    ["server/tracking/unsubscribe.ts", 'import type { CampaignType } from "../campaigns/schemas.ts";'],
  ],
};

describe("layers", () => {
  it("reads the imports of the source tree", () => {
    // A scan that found nothing would pass every rule below.
    expect(
      imports.filter((found) => isUnder(found.file, "server") && isUnder(found.target, "db")).length,
    ).toBeGreaterThan(10);
    expect(
      imports.filter((found) => isUnder(found.file, "app") && isUnder(found.target, "server")).length,
    ).toBeGreaterThan(10);
  });

  for (const rule of RULES) {
    it(rule.name, () => {
      expect(rule.check(imports)).toEqual([]);
    });

    it(`names the file and import that break "${rule.name}"`, () => {
      const breaking = BREAKING_IMPORTS[rule.name]!.flatMap(([file, source]) => importsOf(file, source));
      const found = rule.check(breaking);
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(`${breaking[0]!.file} imports "${breaking[0]!.specifier}"`);
    });
  }

  it("lets client modules import types from the server, which leave no code behind", () => {
    const typeImport = importsOf("app/components/toasts.tsx", 'import type { Toast } from "../http/toast.ts";');
    const clientRule = RULES.find((rule) => rule.name.startsWith("client modules"))!;
    expect(clientRule.check(typeImport)).toEqual([]);
  });
});

/** The domain a server file belongs to: its folder under server/, or the file itself for the few at the top. */
function domainOf(file: string): string {
  const [, first, second] = file.split("/");
  return second === undefined ? `server/${first!.replace(SOURCE_FILE, "")}` : `server/${first}`;
}

/** Each cycle between domain folders, named with the imports that close it. */
function findDomainCycles(all: Import[]): string[] {
  const edges = new Map<string, Map<string, Import>>();
  for (const found of all) {
    if (!isUnder(found.file, "server") || !isUnder(found.target, "server")) continue;
    const from = domainOf(found.file);
    const to = domainOf(found.target);
    if (from === to) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, found);
  }
  const cycles = new Set<string>();
  for (const start of edges.keys()) {
    const pathTo = findPath(edges, start, start);
    if (!pathTo) continue;
    const names = pathTo.map(({ file, specifier }) => `${file} imports "${specifier}"`);
    // One entry per cycle, whichever domain it was found from.
    const domains = pathTo.map((step) => domainOf(step.file));
    const first = domains.indexOf([...domains].sort()[0]!);
    cycles.add([...names.slice(first), ...names.slice(0, first)].join(" -> "));
  }
  return [...cycles];
}

/** The shortest chain of imports from one domain to another (breadth first). */
function findPath(edges: Map<string, Map<string, Import>>, from: string, to: string): Import[] | null {
  const queue: Array<{ domain: string; steps: Import[] }> = [{ domain: from, steps: [] }];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const { domain, steps } = queue.shift()!;
    for (const [next, found] of edges.get(domain) ?? []) {
      if (next === to) return [...steps, found];
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push({ domain: next, steps: [...steps, found] });
    }
  }
  return null;
}

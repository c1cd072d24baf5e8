import { Counter } from "prom-client";
import { registry } from "./registry.ts";

const eventsIngested = new Counter({
  name: "murmur_events_ingested_total",
  help: "Tracking messages (track, page, identify...) accepted by the events API, counted per stored batch.",
  registers: [registry],
});

const importRows = new Counter({
  name: "murmur_import_rows_total",
  help: "Contact import rows applied, by outcome: imported (a new contact), updated or skipped.",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

/** Counts the messages of one stored events batch. */
export function countEventsIngested(count: number): void {
  if (count > 0) eventsIngested.inc(count);
}

/** Counts the rows of one applied import chunk; a chunk sent again and answered from its record is not counted. */
export function countImportRows(chunk: { imported: number; updated: number; skipped: number }): void {
  importRows.inc({ outcome: "imported" }, chunk.imported);
  importRows.inc({ outcome: "updated" }, chunk.updated);
  importRows.inc({ outcome: "skipped" }, chunk.skipped);
}

import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { bearer, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

/** What `POST /api/contacts/import` answers a chunk (or, with `message`, a refusal). */
export type ImportAnswer = {
  imported: number;
  updated: number;
  skipped: number;
  importId: string;
  errors: { rowNumber: number; email: string | null; reason: string }[];
  totals?: { imported: number; updated: number; skipped: number; status: string };
  message?: string;
};

/** Sends one import request as the API client with `token`; the status and the answer. */
export async function postImport(token: string, body: unknown) {
  const response = await respond(() =>
    importContacts(routeArgs(jsonRequest("/api/contacts/import", body, { headers: bearer(token) }))),
  );
  return { status: response.status, body: (await response.json()) as ImportAnswer };
}

import { z } from "zod";
import { normalizePhone } from "#shared/contacts/phone.ts";

export const MAX_NAME_LENGTH = 500;
export const MAX_PHONE_LENGTH = 50;

/** A row as the CSV mapping produced it; every cell may be missing or empty. */
export type IncomingContact = { name?: string | null; email?: string | null; phone?: string | null };

export type CleanContact = { email: string; name: string | null; phone: string | null; rowNumber: number };
export type SkippedRow = { rowNumber: number; email: string | null; reason: string };

// The pattern z.email() checks, tested directly: the same rule without a parse result per row.
const EMAIL_FORMAT = z.regexes.email;

/**
 * Validates and normalises one chunk of rows and merges rows that share an email
 * (case-insensitively): a later row's non-empty cells win, empty cells keep the
 * earlier value. Merged and invalid rows are reported with their reason.
 * `firstRowNumber` is the file row of the first element, as the user sees it.
 */
export function prepareRows(rows: IncomingContact[], firstRowNumber: number) {
  const byEmail = new Map<string, CleanContact>();
  const skipped: SkippedRow[] = [];
  rows.forEach((row, index) => {
    const rowNumber = firstRowNumber + index;
    const email = row.email?.trim() ?? "";
    if (!email) return skipped.push({ rowNumber, email: null, reason: "Missing email" });
    if (email.length > 254 || !EMAIL_FORMAT.test(email)) {
      return skipped.push({ rowNumber, email: email.slice(0, 254), reason: "Invalid email" });
    }
    const name = row.name?.trim() || null;
    if (name && name.length > MAX_NAME_LENGTH) {
      return skipped.push({ rowNumber, email, reason: `Name longer than ${MAX_NAME_LENGTH} characters` });
    }
    const phone = normalizePhone(row.phone);
    if (phone && phone.length > MAX_PHONE_LENGTH) {
      return skipped.push({ rowNumber, email, reason: `Phone longer than ${MAX_PHONE_LENGTH} characters` });
    }
    const key = email.toLowerCase();
    const earlier = byEmail.get(key);
    if (earlier) {
      skipped.push({ rowNumber, email, reason: `Duplicate of row ${earlier.rowNumber} in this file (merged)` });
      earlier.name = name ?? earlier.name;
      earlier.phone = phone ?? earlier.phone;
      return;
    }
    byEmail.set(key, { email, name, phone, rowNumber });
  });
  return { contacts: [...byEmail.values()], skipped };
}

import type { ExpressionBuilder } from "kysely";
import type { DB } from "#db/types.ts";
import { foldAccents } from "./fold-accents.ts";
import { searchHaystack } from "./search-index.ts";

export type HasPhone = "any" | "yes" | "no";

export type ContactFilter = { teamId: string; search?: string; hasPhone?: HasPhone };

/**
 * The LIKE pattern of a search (lower-cased, accents folded as in searchHaystack), or null when there is nothing to
 * search for.
 */
export function searchPattern(search: string | undefined): string | null {
  const term = search === undefined ? undefined : foldAccents(search.trim());
  return term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/**
 * The WHERE clause of "this team's contacts matching the Contacts page filters",
 * checked on the contact row itself, so it is right whatever state the search
 * index is in. Shared by the list, the count and "link every matching contact",
 * so a segment made from a filtered list holds exactly the contacts the list showed.
 */
export function whereContactFilter(filter: ContactFilter) {
  const pattern = searchPattern(filter.search);
  return (eb: ExpressionBuilder<DB, "contacts">) => {
    const conditions = [eb("contacts.teamId", "=", filter.teamId)];
    if (pattern) conditions.push(eb(searchHaystack("contacts"), "like", pattern));
    if (filter.hasPhone === "yes") conditions.push(eb("contacts.phone", "is not", null));
    if (filter.hasPhone === "no") conditions.push(eb("contacts.phone", "is", null));
    return eb.and(conditions);
  };
}

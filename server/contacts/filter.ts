import { type ExpressionBuilder, sql } from "kysely";
import type { DB } from "../../db/types.ts";

export type HasPhone = "any" | "yes" | "no";

export type ContactFilter = { teamId: string; search?: string; hasPhone?: HasPhone };

/**
 * The WHERE clause of "this team's contacts matching the Contacts page filters".
 * Shared by the page listing, the count and "link every matching contact", so a
 * segment made from a filtered list holds exactly the contacts the list showed.
 */
export function whereContactFilter(filter: ContactFilter) {
  const search = filter.search?.trim().toLowerCase();
  return (eb: ExpressionBuilder<DB, "contacts">) => {
    const conditions = [eb("contacts.teamId", "=", filter.teamId)];
    if (search) {
      // Same expression as the trigram index, so the index answers the search.
      const haystack = sql`lower(coalesce(contacts.name, '') || ' ' || coalesce(contacts.email, '') || ' ' || coalesce(contacts.phone, ''))`;
      conditions.push(eb(haystack, "like", `%${escapeLike(search)}%`));
    }
    if (filter.hasPhone === "yes") conditions.push(eb("contacts.phone", "is not", null));
    if (filter.hasPhone === "no") conditions.push(eb("contacts.phone", "is", null));
    return eb.and(conditions);
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

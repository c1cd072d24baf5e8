import type { Database } from "#db/database.ts";
import { findErasedAddresses } from "#server/erasures/erased-addresses.ts";
import type { IdentityGroup } from "./identity-groups.ts";

/**
 * Drops the identify groups that name an email or phone erased at the person's
 * request: neither a contact nor the identify events (whose traits hold the
 * address) are stored for them, so tracking cannot bring an erased person back.
 */
export async function leaveOutErasedPeople(
  db: Database,
  teamId: string,
  groups: IdentityGroup[],
): Promise<IdentityGroup[]> {
  const addresses = groups.flatMap((g) => [g.email, g.phone]).filter((a): a is string => Boolean(a));
  const erased = await findErasedAddresses(db, teamId, addresses);
  if (erased.size === 0) return groups;
  return groups.filter((g) => !(g.email && erased.has(g.email)) && !(g.phone && erased.has(g.phone)));
}

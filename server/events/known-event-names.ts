/**
 * The event names each team is known to have in event_names, kept per process,
 * so that a batch whose names are all known skips adding them: a team sends its
 * few tens of names over and over. A name is never removed from event_names, so
 * one seen stored stays true; a new process starts empty and learns them again.
 * Bounded, so that a team inventing a name per event cannot grow it without end.
 */
const MAX_NAMES_PER_TEAM = 2_000;
const MAX_TEAMS = 10_000;
const known = new Map<string, Set<string>>();

/** The distinct names of `names` not known to be stored for the team. */
export function unknownEventNames(teamId: string, names: Iterable<string | null>): string[] {
  const stored = known.get(teamId);
  const unknown = new Set<string>();
  for (const name of names) if (name !== null && !stored?.has(name)) unknown.add(name);
  return [...unknown];
}

/** Notes names as stored; call only once the statement that stored them has committed. */
export function rememberEventNames(teamId: string, names: string[]): void {
  let stored = known.get(teamId);
  if (!stored) {
    if (known.size >= MAX_TEAMS) known.clear();
    stored = new Set();
    known.set(teamId, stored);
  }
  for (const name of names) {
    if (stored.size >= MAX_NAMES_PER_TEAM) return;
    stored.add(name);
  }
}

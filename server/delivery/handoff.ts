export type HandOverOptions<T> = {
  /** Messages the provider really holds at once: no more than this many are unanswered. */
  limit: number;
  /**
   * The smallest group worth a mark while messages are still out (default: half the
   * limit). A mark for every answer would cost a statement per message; waiting for
   * a few free slots costs nothing while the sender still has the rest in hand.
   */
  minGroup?: number;
  /** The next messages ready to go (read and rendered); null when there are no more. */
  take: () => Promise<T[] | null>;
  /** Confirms a group as about to be handed over (committed); returns those that may go. */
  mark: (group: T[]) => Promise<T[]>;
  send: (item: T) => Promise<void>;
};

/**
 * Hands a stream of messages to a provider with at most `limit` of them unanswered at
 * once, each one confirmed by `mark` before `send` gets it: so a worker that dies
 * leaves at most `limit` messages whose fate is unknown, however many it read.
 *
 * Nothing waits on the database more than it must: a mark takes every slot free when
 * it starts and runs while the messages already marked are on the wire (the slots
 * that free meanwhile go into the next mark; one mark at a time, so a slow database
 * makes groups larger rather than statements more numerous), and the next messages
 * are taken while fewer than `limit` are left ready, before the wire runs dry.
 * Messages `mark` does not confirm are skipped. Resolves once `take` has no more and
 * every confirmed message is answered. When `take` or `mark` fails it stops starting
 * anything, waits for the answers in flight, then rejects; the messages taken but not
 * handed over are the caller's to give back.
 */
export function handOver<T>(options: HandOverOptions<T>): Promise<void> {
  const limit = Math.max(1, options.limit);
  const minGroup = Math.min(limit, Math.max(1, options.minGroup ?? Math.ceil(limit / 2)));
  const ready: T[] = [];
  let exhausted = false;
  let taking = false;
  let marking = false;
  // Slots taken by messages being marked or on the wire.
  let busy = 0;
  let failure: { error: unknown } | null = null;

  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      failure ??= { error };
    };
    const pump = () => {
      if (!failure && !taking && !exhausted && ready.length < limit) {
        taking = true;
        options.take().then(
          (items) => {
            taking = false;
            if (items === null) exhausted = true;
            else ready.push(...items);
            pump();
          },
          (error) => {
            taking = false;
            fail(error);
            pump();
          },
        );
      }
      const free = limit - busy;
      // With nothing out, or only the last few messages left, a smaller group goes at once.
      const worthIt = free >= minGroup || busy === 0 || (exhausted && free >= ready.length);
      if (!failure && !marking && free > 0 && ready.length > 0 && worthIt) {
        const group = ready.splice(0, free);
        busy += group.length;
        marking = true;
        options.mark(group).then(
          (confirmed) => {
            marking = false;
            busy -= group.length - confirmed.length;
            for (const item of confirmed) {
              options.send(item).then(answered, (error) => {
                fail(error);
                answered();
              });
            }
            pump();
          },
          (error) => {
            marking = false;
            busy -= group.length;
            fail(error);
            pump();
          },
        );
      }
      if (taking || marking || busy > 0) return;
      if (failure) reject(failure.error);
      else if (exhausted && ready.length === 0) resolve();
    };
    const answered = () => {
      busy -= 1;
      pump();
    };
    pump();
  });
}

/**
 * Hands `items` to a provider with at most `limit` of them unanswered at once, each
 * one confirmed by `mark` (committed) before `send` gets it: so a worker that dies
 * leaves at most `limit` messages whose fate is unknown, however many it claimed.
 *
 * Marking is batched without holding the wire back: a mark takes every slot free
 * when it starts, and runs while the messages already marked are on the wire; the
 * slots that free meanwhile go into the next mark. One mark at a time, so a slow
 * database makes the batches larger rather than the statements more numerous.
 * Items `mark` does not confirm are skipped. Resolves once every confirmed item is
 * answered; when a mark fails it stops marking, waits for the answers in flight,
 * then rejects (the items not handed over are the caller's to give back).
 */
export function handOver<T>(
  items: readonly T[],
  options: { limit: number; mark: (group: T[]) => Promise<T[]>; send: (item: T) => Promise<void> },
): Promise<void> {
  const limit = Math.max(1, options.limit);
  let next = 0;
  // Slots taken by items being marked or on the wire.
  let busy = 0;
  let marking = false;
  let failure: { error: unknown } | null = null;

  return new Promise((resolve, reject) => {
    const settle = () => {
      if (busy > 0 || marking) return;
      if (failure) reject(failure.error);
      else resolve();
    };
    const pump = () => {
      if (marking) return;
      const free = limit - busy;
      if (failure || free <= 0 || next >= items.length) return settle();
      const group = items.slice(next, next + free);
      next += group.length;
      busy += group.length;
      marking = true;
      options.mark(group).then(
        (confirmed) => {
          marking = false;
          busy -= group.length - confirmed.length;
          for (const item of confirmed) {
            options.send(item).then(answered, (error) => {
              failure ??= { error };
              answered();
            });
          }
          pump();
        },
        (error) => {
          marking = false;
          busy -= group.length;
          failure ??= { error };
          settle();
        },
      );
    };
    const answered = () => {
      busy -= 1;
      pump();
    };
    pump();
  });
}

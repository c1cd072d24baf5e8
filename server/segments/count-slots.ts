/**
 * Turns for segment member counts, shared by everything in the process that
 * stores one (a save, "Count now", the worker's recount job). A count reads a
 * team's contacts and activity for up to its statement timeout, so without a
 * limit a few saves and a busy worker could hold every connection of the pool
 * (10) and starve sign-ins and sends.
 */
export class CountSlots {
  readonly #size: number;
  #busy = 0;
  readonly #waiting: Array<(granted: boolean) => void> = [];

  constructor(size: number) {
    this.#size = size;
  }

  /**
   * A turn, as the function that gives it back, or null when none came free
   * within `waitMs` (the caller then reports its count as unavailable).
   */
  async acquire(waitMs: number): Promise<(() => void) | null> {
    if (this.#busy < this.#size) {
      this.#busy++;
      return this.#releaser();
    }
    if (waitMs <= 0) return null;
    const granted = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        const at = this.#waiting.indexOf(grant);
        if (at >= 0) this.#waiting.splice(at, 1);
        resolve(false);
      }, waitMs);
      const grant = (ok: boolean) => {
        clearTimeout(timer);
        resolve(ok);
      };
      this.#waiting.push(grant);
    });
    // A granted turn was handed over by release() without freeing it, so #busy already counts it.
    return granted ? this.#releaser() : null;
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next(true);
      else this.#busy--;
    };
  }
}

/** At most this many filter segment counts run at once in one process: a fraction of the pool's 10 connections. */
export const countSlots = new CountSlots(3);

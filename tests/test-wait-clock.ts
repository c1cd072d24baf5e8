import type { WaitClock } from "#server/wait-clock.ts";

/**
 * A WaitClock whose time moves only when the code under test sleeps on it, by exactly
 * what it asked: a wait of a minute is a minute on this clock however fast the machine
 * is, and takes no real time. `hold()` makes the next sleep stop until `release()`, so a
 * test can act while the code is known to be waiting.
 */
export class TestWaitClock implements WaitClock {
  private time = 0;
  private holding = false;
  private held: (() => void)[] = [];
  private sleepers: (() => void)[] = [];
  readonly pauses: number[] = [];

  now(): number {
    return this.time;
  }

  async sleep(ms: number): Promise<void> {
    this.time += ms;
    this.pauses.push(ms);
    for (const notify of this.sleepers.splice(0)) notify();
    if (this.holding) await new Promise<void>((resolve) => this.held.push(resolve));
  }

  /** From now on, a sleep stops until `release()`; the promise resolves when one starts. */
  hold(): Promise<void> {
    this.holding = true;
    return new Promise((resolve) => this.sleepers.push(resolve));
  }

  /** Lets the held sleeps end, and later ones pass at once. */
  release(): void {
    this.holding = false;
    for (const resume of this.held.splice(0)) resume();
  }
}

/**
 * Figures a process has read from the rollups, each kept with the version of the
 * rollups it was read at (server/analytics/analytics-versions.ts). A kept figure is
 * answered only while its version is still the team's current one, so it is never
 * stale once a rollup write has committed: the next request reads the new version
 * and reads the figures again. Requests for the same figures at once share one read.
 *
 * Bounded: at most `limit` entries, the least recently used going first; a newer
 * version replaces the entry of its key rather than adding one.
 */
export class FiguresCache {
  readonly #limit: number;
  readonly #kept = new Map<string, { version: string; figures: Promise<unknown> }>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  /**
   * The figures of `key` read at `version`, kept or read now. `version` must have
   * been read before `read` starts, so what `read` sees is at least as new as it.
   * The answer is shared with other requests: callers copy, never change it.
   */
  read<T>(key: string, version: string, read: () => Promise<T>): Promise<T> {
    const kept = this.#kept.get(key);
    this.#kept.delete(key);
    if (kept && kept.version === version) {
      this.#kept.set(key, kept);
      return kept.figures as Promise<T>;
    }
    const figures = read();
    const entry = { version, figures };
    this.#kept.set(key, entry);
    // A failed read is not kept: the next request tries again.
    figures.catch(() => {
      if (this.#kept.get(key) === entry) this.#kept.delete(key);
    });
    while (this.#kept.size > this.#limit) this.#kept.delete(this.#kept.keys().next().value!);
    return figures;
  }

  clear(): void {
    this.#kept.clear();
  }

  get size(): number {
    return this.#kept.size;
  }
}

/*
 * Where a prompt can be read two ways that give different audiences ("2
 * orders": at least two, or exactly two?), the interpreter never picks one in
 * silence: it reads the first, says so in `unsupported` (quoting the words),
 * and offers each other reading as a choice that reads the prompt again with
 * that reading. A reading is named `<id>=<k>`, the id being where in the
 * prompt the question arose, so a choice travels in a link and is read the same
 * way each time.
 */

export type Ambiguity = { id: string; text: string; options: string[]; chosen: number };

export class Readings {
  readonly asked: Ambiguity[] = [];
  private readonly picked: Map<string, number>;

  constructor(readings: readonly string[] = []) {
    this.picked = new Map(
      readings.flatMap((reading) => {
        const match = /^([\w@:.-]{1,80})=(\d{1,2})$/.exec(reading);
        return match ? [[match[1]!, Number(match[2])] as const] : [];
      }),
    );
  }

  /**
   * Which of `options` to read `text` as: the first, unless a choice picked
   * another. Every question is recorded, so the other options can be offered.
   */
  choose(id: string, text: string, options: string[]): number {
    const picked = this.picked.get(id);
    const chosen = picked !== undefined && picked < options.length ? picked : 0;
    if (!this.asked.some((a) => a.id === id)) this.asked.push({ id, text, options, chosen });
    return chosen;
  }

  /** The readings that give the other option `k` of one question, the rest kept as they are. */
  with(id: string, k: number): string[] {
    const next = new Map(this.picked);
    next.set(id, k);
    return [...next].map(([key, value]) => `${key}=${value}`);
  }

  /** How each question was read, in the words `unsupported` uses: the prompt's words quoted. */
  problems(): string[] {
    return this.asked.map(
      (a) =>
        `"${a.text}" can mean ${a.options.map((o) => o).join(" or ")}: read as ${a.options[a.chosen]}; choose another reading below if you meant that`,
    );
  }
}

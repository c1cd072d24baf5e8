import { randomInt } from "node:crypto";

/**
 * The seed a randomised test runs with: `variable` from the environment when set (to
 * replay a failure), otherwise a fresh one. The test prints it, so any run can be
 * repeated with the same choices.
 */
export function seedFrom(variable: string): number {
  const given = process.env[variable];
  if (given === undefined || given === "") return randomInt(1, 2 ** 31);
  const seed = Number(given);
  if (!Number.isInteger(seed) || seed < 1 || seed >= 2 ** 31)
    throw new Error(`${variable} must be a whole number from 1 to 2147483647, not "${given}"`);
  return seed;
}

/**
 * Numbers in [0, 1) that depend only on the seed: a 32-bit xorshift generator
 * (Marsaglia's shifts 13, 17, 5). Plenty for choosing test moments; not for secrets.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

/**
 * The run's seed: a new one each run, so that the runs between them try many moments to kill a server
 * and many generated requests; `FAULT_SEED` replays one. Every fault test prints it with its counts.
 */
export const faultSeed = Number(process.env.FAULT_SEED ?? Date.now() % 2 ** 31);

/** Numbers in [0, 1) from the run's seed and `label` (mulberry32): the same for the same seed. */
export function seededRandom(label: string): () => number {
  let state = faultSeed;
  for (const char of label) state = Math.imul(state ^ char.charCodeAt(0), 0x9e3779b1);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A whole number from `min` to `max`, both included, drawn from `random`. */
export const between = (random: () => number, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

// A small seeded PRNG (mulberry32): engine code never calls Math.random, so a
// seed reproduces a random layout, a playout or an AI search exactly.

export type Rng = () => number;

export function seedFrom(input: string | number): number {
  if (typeof input === 'number' && Number.isFinite(input)) return input >>> 0;
  // FNV-1a over the text, so any string is a usable seed.
  let h = 0x811c9dc5;
  for (const ch of String(input)) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function makeRng(seed: string | number): Rng {
  let a = seedFrom(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
export const randInt = (rng: Rng, n: number): number => Math.floor(rng() * n);

// The ladder's rating fit (scripts/lib/bradley-terry.ts) on synthetic results whose answer is known.
import { describe, expect, it } from 'vitest';
import { fitBradleyTerry, logLikelihood, type PairResult } from '../../scripts/lib/bradley-terry.js';
import { makeRng } from '../../src/engine/rng.js';

const ELO = 400 / Math.LN10;
const expected = (diff: number): number => 1 / (1 + 10 ** (-diff / 400));

/** Every pairing of `truth` (Elo) with `games` games, sampled from the model with a seeded RNG; `drawRate` of draws. */
function sample(truth: number[], games: number, seed: number, drawRate = 0): PairResult[] {
  const rng = makeRng(seed);
  const out: PairResult[] = [];
  for (let a = 0; a < truth.length; a++)
    for (let b = a + 1; b < truth.length; b++) {
      // A draw is half a point: the win chance outside draws keeps a's expected score at the model's.
      const win = (expected(truth[a] - truth[b]) - drawRate / 2) / (1 - drawRate);
      const r = { a, b, wins: 0, draws: 0, losses: 0 };
      for (let g = 0; g < games; g++) {
        if (rng() < drawRate) r.draws++;
        else if (rng() < win) r.wins++;
        else r.losses++;
      }
      out.push(r);
    }
  return out;
}

/** The results the model expects, as (fractional) counts: the fit must return `truth` itself. */
function exact(truth: number[], games: number): PairResult[] {
  const out: PairResult[] = [];
  for (let a = 0; a < truth.length; a++)
    for (let b = a + 1; b < truth.length; b++) {
      const p = expected(truth[a] - truth[b]);
      out.push({ a, b, wins: games * p, draws: 0, losses: games * (1 - p) });
    }
  return out;
}

describe('Bradley–Terry fit', () => {
  it('gives equal ratings and equal intervals to players with symmetric results', () => {
    const even: PairResult[] = [
      { a: 0, b: 1, wins: 10, draws: 5, losses: 10 },
      { a: 0, b: 2, wins: 10, draws: 5, losses: 10 },
      { a: 1, b: 2, wins: 3, draws: 8, losses: 3 },
    ];
    const cycle: PairResult[] = [
      { a: 0, b: 1, wins: 7, draws: 0, losses: 3 },
      { a: 1, b: 2, wins: 7, draws: 0, losses: 3 },
      { a: 2, b: 0, wins: 7, draws: 0, losses: 3 },
    ];
    for (const results of [even, cycle]) {
      const f = fitBradleyTerry(3, results, { anchor: 0 });
      for (const r of f.ratings) expect(r).toBeCloseTo(0, 9);
      expect(f.se[0]).toBe(0);
      expect(f.se[1]).toBeCloseTo(f.se[2], 9);
      expect(f.se[1]).toBeGreaterThan(0);
    }
  });

  it('anchors the chosen player at the chosen rating', () => {
    const f = fitBradleyTerry(3, exact([0, 200, 400], 1000), { anchor: 1, anchorRating: 1500, virtualDraws: 0 });
    expect(f.ratings[0]).toBeCloseTo(1300, 6);
    expect(f.ratings[1]).toBe(1500);
    expect(f.ratings[2]).toBeCloseTo(1700, 6);
    expect([f.lower[1], f.upper[1]]).toEqual([1500, 1500]);
  });

  it('recovers a known strength gap within its interval from a large sample', () => {
    const truth = [0, 100, 300, -200];
    const f = fitBradleyTerry(4, sample(truth, 4000, 11, 0.02), { anchor: 0 });
    truth.forEach((t, i) => {
      expect(f.lower[i]).toBeLessThanOrEqual(t);
      expect(f.upper[i]).toBeGreaterThanOrEqual(t);
      expect(f.upper[i] - f.lower[i]).toBeLessThan(40);
    });
  });

  it('has the textbook interval for two players: se = 1 / sqrt(n p (1 - p)) in log-odds', () => {
    const f = fitBradleyTerry(2, [{ a: 0, b: 1, wins: 40, draws: 0, losses: 60 }], { anchor: 0, virtualDraws: 0 });
    expect(f.ratings[1]).toBeCloseTo(ELO * Math.log(1.5), 9);
    expect(f.se[1]).toBeCloseTo(ELO / Math.sqrt(100 * 0.6 * 0.4), 9);
    expect(f.upper[1] - f.ratings[1]).toBeCloseTo(1.96 * f.se[1], 2);
  });

  it('narrows its intervals as the games grow, as 1 / sqrt(games)', () => {
    const truth = [0, 150, -100];
    const widths = [10, 100, 1000, 10000].map((n) => {
      const f = fitBradleyTerry(3, exact(truth, n), { anchor: 0 });
      return f.upper[1] - f.lower[1];
    });
    for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeLessThan(widths[i - 1]);
    expect(widths[2] / widths[3]).toBeCloseTo(Math.sqrt(10), 1);
  });

  it('gives a perfect score a finite rating through the virtual draw, and refuses it without', () => {
    const perfect = [{ a: 0, b: 1, wins: 10, draws: 0, losses: 0 }];
    const f = fitBradleyTerry(2, perfect, { anchor: 1 });
    // 10.5 of 11 with the virtual draw: odds 21.
    expect(f.ratings[0]).toBeCloseTo(ELO * Math.log(21), 6);
    expect(Number.isFinite(f.upper[0])).toBe(true);
    expect(() => fitBradleyTerry(2, perfect, { anchor: 1, virtualDraws: 0 })).toThrow(/no finite maximum/);
    // One player beating all the others in a round robin.
    const field = fitBradleyTerry(
      3,
      [
        { a: 0, b: 1, wins: 20, draws: 0, losses: 0 },
        { a: 0, b: 2, wins: 20, draws: 0, losses: 0 },
        { a: 1, b: 2, wins: 12, draws: 0, losses: 8 },
      ],
      { anchor: 2 },
    );
    expect(field.ratings.every(Number.isFinite)).toBe(true);
    expect(field.ratings[0]).toBeGreaterThan(field.ratings[1]);
    expect(field.ratings[1]).toBeGreaterThan(field.ratings[2]);
  });

  it('stops at a maximum: the gradient of the log-likelihood is zero there, and any step lowers it', () => {
    const results = sample([0, 80, -40, 250], 30, 5, 0.05);
    const f = fitBradleyTerry(4, results, { anchor: 2 });
    const at = logLikelihood(f.ratings, results);
    for (const i of [0, 1, 3]) {
      const h = 1e-3;
      const up = [...f.ratings];
      const down = [...f.ratings];
      up[i] += h;
      down[i] -= h;
      const slope = (logLikelihood(up, results) - logLikelihood(down, results)) / (2 * h);
      expect(Math.abs(slope)).toBeLessThan(1e-7);
      up[i] += 10;
      down[i] -= 10;
      expect(logLikelihood(up, results)).toBeLessThan(at);
      expect(logLikelihood(down, results)).toBeLessThan(at);
    }
  });

  it('refuses players that no game links to the others', () => {
    expect(() => fitBradleyTerry(3, [{ a: 0, b: 1, wins: 1, draws: 0, losses: 1 }], { anchor: 0 })).toThrow(/linked/);
  });
});

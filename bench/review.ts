// Post-game review benchmark (npm run bench:review [-- --games N --seed S]), issue 20. Printed, never asserted.
// Sections (one function each, so others can add theirs, e.g. the delivery of reviews through the bot):
// - selfPlayGames: seeded AI self-play games per kind (Exxit: the first 60 plies of a standard game; Orion: whole
//   games on random layouts), played with chooseMove at medium (fast, and it makes mistakes to grade);
// - benchGrading: CPU seconds of one review of each game in this thread (one worker's share), against the
//   20 s promise;
// - benchStability: the same games reviewed with two seeds: how often the grade agrees (ok = best/good, inaccuracy,
//   mistake, blunder) and how far the accuracies move;
// - benchReference (--reference iterations:visits): how close both reviews are to one of hard's own search with a
//   far larger budget (its grades, losses and accuracies).
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chooseMove } from '../src/engine/ai/index.js';
import type { Level } from '../src/engine/ai/levels.js';
import { errorText, getGame, type GameId } from '../src/engine/index.js';
import { REVIEW_BUDGET, reviewGame, type GameReview, type Grade, type ReviewBudget } from '../src/engine/review.js';
import { benchDelivery, deliveryOptions } from './review-delivery.js';

export interface BenchGame {
  game: GameId;
  setup: string;
  moves: string[];
}

/** Exxit reviews are promised for 60 plies; an Orion game is reviewed whole (at most 28 placements, OD-19). */
const PLIES: Record<GameId, number> = { exxit: 60, orion: 28 };

/** `n` seeded self-play games of `game` at `level` (both sides). */
export function selfPlayGames(game: GameId, n: number, seed: number, level: Level = 'medium'): BenchGame[] {
  const g = getGame(game);
  const out: BenchGame[] = [];
  for (let k = 0; k < n; k++) {
    const setup = game === 'orion' ? `random:${seed + k}` : g.defaultSetup;
    const start = g.initial(setup);
    if (!start.ok) throw new Error(errorText(start.error));
    let s = start.value;
    const moves: string[] = [];
    while (moves.length < (PLIES[game] ?? 60) && !g.outcome(s).over) {
      const t = chooseMove(g, s, level, (seed + k) * 1000 + moves.length);
      moves.push(t.text);
      const next = g.play(s, t.move);
      if (!next.ok) throw new Error(errorText(next.error));
      s = next.value;
    }
    out.push({ game, setup, moves });
  }
  return out;
}

const cpuSeconds = (f: () => void): number => {
  const t = process.cpuUsage();
  f();
  const u = process.cpuUsage(t);
  return (u.user + u.system) / 1e6;
};

export interface GradingRow {
  game: GameId;
  plies: number;
  graded: number;
  cpu: number;
  review: GameReview;
}

/** Reviews each game once (seed `seed`) and measures the CPU time of each review. */
export function benchGrading(games: BenchGame[], seed: number, budget?: ReviewBudget): GradingRow[] {
  return games.map((b) => {
    let review: GameReview | undefined;
    const cpu = cpuSeconds(() => {
      review = reviewGame(b.game, b.setup, b.moves, { seed, budget });
    });
    const r = review!;
    return { game: b.game, plies: b.moves.length, graded: r.plies.filter((p) => !p.forced).length, cpu, review: r };
  });
}

const klass = (g: Grade | null): string => (g === 'best' || g === 'good' ? 'ok' : (g ?? 'forced'));

export interface StabilityRow {
  game: GameId;
  graded: number;
  same: number;
  /** Marked (inaccuracy or worse) under either seed. */
  marked: number;
  markedSame: number;
  accuracyDiffs: number[];
}

/** Compares each game's review under `seedA` (`first`, already made) with a new one under `seedB`. */
export function benchStability(games: BenchGame[], first: GradingRow[], second: GradingRow[]): StabilityRow[] {
  return games.map((b, i) => {
    const a = first[i].review;
    const r = second[i].review;
    let graded = 0;
    let same = 0;
    let marked = 0;
    let markedSame = 0;
    a.plies.forEach((p, j) => {
      if (p.forced) return;
      graded++;
      const x = klass(p.grade);
      const y = klass(r.plies[j].grade);
      if (x === y) same++;
      if (x !== 'ok' || y !== 'ok') {
        marked++;
        if (x === y) markedSame++;
      }
    });
    const accuracyDiffs = [0, 1].map((s) => Math.abs((a.sides[s].accuracy ?? 0) - (r.sides[s].accuracy ?? 0)));
    return { game: b.game, graded, same, marked, markedSame, accuracyDiffs };
  });
}

export interface ReferenceRow {
  graded: number;
  /** Graded moves whose grade class is the reference's, per review compared. */
  same: number;
  /** Sum of |loss − the reference's loss|. */
  lossDiff: number;
  accuracyDiffs: number[];
}

/** Compares reviews (`rows`) with a reference review of the same games (a larger budget). */
export function benchReference(reference: GameReview[], rows: GameReview[][]): ReferenceRow[] {
  return reference.map((ref, i) => {
    const row: ReferenceRow = { graded: 0, same: 0, lossDiff: 0, accuracyDiffs: [] };
    for (const reviews of rows) {
      const r = reviews[i];
      ref.plies.forEach((p, j) => {
        if (p.forced) return;
        row.graded++;
        if (klass(p.grade) === klass(r.plies[j].grade)) row.same++;
        row.lossDiff += Math.abs(p.loss - r.plies[j].loss);
      });
      for (const s of [0, 1])
        row.accuracyDiffs.push(Math.abs((ref.sides[s].accuracy ?? 0) - (r.sides[s].accuracy ?? 0)));
    }
    return row;
  });
}

const fmt = (x: number, d = 1): string => x.toFixed(d);

function printGrading(rows: GradingRow[], budget?: ReviewBudget): void {
  for (const game of new Set(rows.map((r) => r.game))) {
    const mine = rows.filter((r) => r.game === game);
    const cpus = mine.map((r) => r.cpu);
    const b = budget ?? REVIEW_BUDGET[game];
    console.log(
      `${game.padEnd(6)} budget ${b.player} ${b.iterations} ${game === 'exxit' ? 'nodes' : `iterations + ${b.visits} ${b.fresh ? 'fresh visits each' : 'visits'}`}/ply: ` +
        `${mine.length} reviews, plies ${mine.map((r) => `${r.plies}(${r.graded} graded)`).join(' ')}`,
    );
    console.log(
      `       CPU s per review: mean ${fmt(cpus.reduce((a, c) => a + c, 0) / cpus.length)}  max ${fmt(Math.max(...cpus))}` +
        `  (promise: 20 s)`,
    );
    for (const r of mine) {
      const s = r.review.sides;
      console.log(
        `       accuracy ${fmt(s[0].accuracy ?? NaN)} / ${fmt(s[1].accuracy ?? NaN)}, ` +
          `?! ? ?? ${s[0].inaccuracies} ${s[0].mistakes} ${s[0].blunders} / ${s[1].inaccuracies} ${s[1].mistakes} ${s[1].blunders}`,
      );
    }
  }
}

function printStability(rows: StabilityRow[]): void {
  for (const game of new Set(rows.map((r) => r.game))) {
    const mine = rows.filter((r) => r.game === game);
    const graded = mine.reduce((a, r) => a + r.graded, 0);
    const same = mine.reduce((a, r) => a + r.same, 0);
    const marked = mine.reduce((a, r) => a + r.marked, 0);
    const markedSame = mine.reduce((a, r) => a + r.markedSame, 0);
    const diffs = mine.flatMap((r) => r.accuracyDiffs);
    console.log(
      `${game.padEnd(6)} same grade ${same}/${graded} graded moves (${fmt((100 * same) / graded)} %; promise ≥ 95 %), ` +
        `of the marked ones ${markedSame}/${marked}; accuracy diff mean ${fmt(diffs.reduce((a, d) => a + d, 0) / diffs.length)}` +
        ` max ${fmt(Math.max(...diffs))} points (promise ≤ 3)`,
    );
  }
}

function printReference(rows: ReferenceRow[]): void {
  const graded = rows.reduce((a, r) => a + r.graded, 0);
  const same = rows.reduce((a, r) => a + r.same, 0);
  const diffs = rows.flatMap((r) => r.accuracyDiffs);
  console.log(
    `       same grade as the reference ${same}/${graded} (${fmt((100 * same) / graded)} %), mean |loss − its loss| ` +
      `${fmt(rows.reduce((a, r) => a + r.lossDiff, 0) / graded, 2)} points; accuracy diff mean ` +
      `${fmt(diffs.reduce((a, d) => a + d, 0) / diffs.length)} max ${fmt(Math.max(...diffs))}`,
  );
}

const loadLine = (): string => `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`;

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain && process.argv.includes('--delivery')) {
  // The delivery through the bot (bench/review-delivery.ts: its own flags): games ending at once, their reviews
  // posted, and other players' moves meanwhile.
  await benchDelivery(deliveryOptions(process.argv.slice(2)));
} else if (isMain) {
  const { values } = parseArgs({
    options: {
      games: { type: 'string', default: '4' },
      seed: { type: 'string', default: '1' },
      /** Only these kinds (comma-separated), e.g. `--only orion`. */
      only: { type: 'string', default: 'exxit,orion' },
      /** Another budget to try: `iterations:visits` (applies to every kind run). */
      budget: { type: 'string' },
      /** Orion as before fresh samples: the played child brought to `visits`, the tree's means compared. */
      'tree-means': { type: 'boolean', default: false },
      /** Also review each game once with hard's own search at this budget (`iterations:visits`) and compare. */
      reference: { type: 'string' },
      /** The reference review's seed (default seed + 200). */
      'reference-seed': { type: 'string' },
    },
  });
  const n = Number(values.games);
  const seed = Number(values.seed);
  const split = (b: string): [number, number] => b.split(':').map(Number) as [number, number];
  for (const game of values.only.split(',')) {
    const [iterations, visits] = split(values.budget ?? '');
    let budget: ReviewBudget | undefined = values.budget ? { ...REVIEW_BUDGET[game], iterations, visits } : undefined;
    if (values['tree-means']) budget = { ...(budget ?? REVIEW_BUDGET[game]), fresh: false };
    const games = selfPlayGames(game, n, seed);
    console.log(`\n== ${game}: grading cost (one thread, process CPU time; ${loadLine()})`);
    const rows = benchGrading(games, seed, budget);
    printGrading(rows, budget);
    console.log(`== ${game}: stability (seeds ${seed} and ${seed + 100})`);
    const second = benchGrading(games, seed + 100, budget);
    printGrading(second, budget);
    printStability(benchStability(games, rows, second));
    if (values.reference) {
      const [ri, rv] = split(values.reference);
      const refBudget: ReviewBudget = { player: 'hard', iterations: ri, visits: rv };
      const refSeed = Number(values['reference-seed'] ?? seed + 200);
      const ref = benchGrading(games, refSeed, refBudget);
      console.log(`== ${game}: against hard's own search at ${ri} iterations + ${rv} visits (seed ${refSeed})`);
      printGrading(ref, refBudget);
      printReference(
        benchReference(
          ref.map((r) => r.review),
          [rows, second].map((rs) => rs.map((r) => r.review)),
        ),
      );
    }
  }
}

// The positions whose pictures are checked in (test/render/golden/*.png): both
// games, openings, middle games, a free and a forced pass, every end reason
// (EX-20a–d, OD-18–20, draws), both languages, long and hostile names. Real
// positions from seeded random games (test/render/fixtures.ts), so each is a
// few milliseconds to build.
import type { GameId } from '../../src/engine/game.js';
import { getGame } from '../../src/engine/index.js';
import type { ExxitState } from '../../src/engine/exxit/types.js';
import type { BoardOptions } from '../../src/render/index.js';
import type { ComparedMoves, MoveComparisonOptions, WinChart, WinChartOptions } from '../../src/render/review.js';
import { randomGame } from './fixtures.js';

export interface Golden {
  /** The file name in test/render/golden, without `.png`. */
  name: string;
  game: GameId;
  state: unknown;
  opts: BoardOptions;
}

/** The states of a game played from `setup`: every position, the start first. */
function states(game: GameId, setup: string, moves: readonly string[]): unknown[] {
  const g = getGame(game);
  const s0 = g.initial(setup);
  if (!s0.ok) throw new Error(`setup ${setup}`);
  const out = [s0.value];
  for (const text of moves) {
    const m = g.parseMove(out[out.length - 1], text);
    const next = m.ok ? g.play(out[out.length - 1], m.value) : m;
    if (!next.ok) throw new Error(`move ${text}`);
    out.push(next.value);
  }
  return out;
}

const played = (game: GameId, setup: string, seed: number): unknown[] =>
  states(game, setup, randomGame(game as 'exxit' | 'orion', setup, seed));
const last = <T>(xs: readonly T[]): T => xs[xs.length - 1];
/** The first position after a move of this kind (Exxit), and the one before it. */
function after(xs: readonly unknown[], kind: string): { state: unknown; before: unknown } {
  const i = xs.findIndex((s, k) => k > 0 && (s as ExxitState).last?.move.kind === kind && !(s as ExxitState).end);
  if (i < 0) throw new Error(`no ${kind}`);
  return { state: xs[i], before: xs[i - 1] };
}

const LONG = 'Maximilian-Alexander von Hohenzollern-Sigmaringen';
const WIDE = 'W'.repeat(70);
const HOSTILE = '\u0007<@everyone>\n**bold**\u202e\u0000 ';
const CJK = '🦊 狐狸 キツネ 여우';

export function goldens(): Golden[] {
  const worked = states('exxit', 'standard', ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW']);
  const ex1 = played('exxit', 'standard', 1);
  const ex2 = played('exxit', 'standard', 2);
  const free = after(ex1, 'free');
  const pass = after(ex2, 'pass');
  // EX-20d (1,000 plies) is not reached cheaply: a real end with that reason.
  const plyLimit = { ...(last(ex1) as ExxitState) };
  plyLimit.end = { ...plyLimit.end!, reason: 'EX-20d' };
  const od1 = played('orion', 'preset1', 1);
  const od3 = played('orion', 'preset2', 3);
  return [
    { name: 'exxit-opening', game: 'exxit', state: worked[0], opts: {} },
    { name: 'exxit-exit-dance', game: 'exxit', state: last(worked), opts: { players: ['Alice', 'Bob'] } },
    {
      name: 'exxit-exit-dance-fr',
      game: 'exxit',
      state: last(worked),
      opts: { players: ['Alice', 'Bob'], locale: 'fr' },
    },
    { name: 'exxit-free', game: 'exxit', state: free.state, opts: { players: ['Ann', CJK] } },
    {
      name: 'exxit-forced-pass',
      game: 'exxit',
      state: pass.state,
      opts: { before: pass.before, players: ['Ann', 'Bo'] },
    },
    { name: 'exxit-forced-pass-fr', game: 'exxit', state: pass.state, opts: { before: pass.before, locale: 'fr' } },
    { name: 'exxit-end-stock', game: 'exxit', state: last(ex1), opts: { players: [LONG, 'Bob'] } },
    { name: 'exxit-end-passes-fr', game: 'exxit', state: last(ex2), opts: { players: [CJK, 'Zoë'], locale: 'fr' } },
    {
      name: 'exxit-end-repetition',
      game: 'exxit',
      state: last(played('exxit', 'standard', 116)),
      opts: { players: [WIDE, HOSTILE] },
    },
    { name: 'exxit-end-plies-fr', game: 'exxit', state: plyLimit, opts: { players: ['Ann', LONG], locale: 'fr' } },
    { name: 'exxit-end-draw', game: 'exxit', state: last(played('exxit', 'standard', 12)), opts: {} },
    { name: 'exxit-end-short-fr', game: 'exxit', state: last(played('exxit', 'short', 1)), opts: { locale: 'fr' } },
    { name: 'orion-opening', game: 'orion', state: od1[0], opts: {} },
    { name: 'orion-middle-fr', game: 'orion', state: od3[10], opts: { players: ['Ann', CJK], locale: 'fr' } },
    { name: 'orion-end-conditions', game: 'orion', state: last(od1), opts: { players: [LONG, 'Bob'] } },
    {
      name: 'orion-end-blocked',
      game: 'orion',
      state: last(played('orion', 'preset1', 2)),
      opts: { players: [WIDE, HOSTILE] },
    },
    {
      name: 'orion-end-tiebreak-fr',
      game: 'orion',
      state: last(played('orion', 'preset1', 14)),
      opts: { locale: 'fr', players: ['Zoë', LONG] },
    },
    {
      name: 'orion-end-draw',
      game: 'orion',
      state: last(played('orion', 'preset1', 9)),
      opts: { players: ['Ann', 'Bo'] },
    },
    {
      name: 'orion-end-blocked-fr',
      game: 'orion',
      state: last(played('orion', 'random:5', 2)),
      opts: { locale: 'fr' },
    },
  ];
}

/** A review's picture checked in: a chart, or a position with moves drawn on it. */
export type ReviewGolden =
  | { name: string; kind: 'chart'; game: GameId; chart: WinChart; opts: WinChartOptions }
  | { name: string; kind: 'moves'; game: GameId; before: unknown; moves: ComparedMoves; opts: MoveComparisonOptions };

/** Chances that swing both ways, with a blunder, a mistake and an inaccuracy of each side. */
const SWINGS = Array.from({ length: 61 }, (_, i) => Math.round(50 + 40 * Math.sin(i / 9) * Math.min(1, i / 20)));

export function reviewGoldens(): ReviewGolden[] {
  const ex2 = played('exxit', 'standard', 2);
  const od3 = played('orion', 'preset2', 3);
  const marks: WinChart['marks'] = [
    { ply: 6, side: 0, grade: 'inaccuracy' },
    { ply: 21, side: 1, grade: 'mistake' },
    { ply: 40, side: 0, grade: 'blunder' },
    { ply: 59, side: 1, grade: 'blunder' },
  ];
  return [
    { name: 'review-chart-exxit', kind: 'chart', game: 'exxit', chart: { chances: SWINGS, marks }, opts: {} },
    {
      name: 'review-chart-orion-fr',
      kind: 'chart',
      game: 'orion',
      chart: { chances: SWINGS.slice(0, 25), marks: marks.slice(0, 2) },
      opts: { locale: 'fr', players: [LONG, CJK] },
    },
    {
      // Two dances from one stack: the better one inside the played one's outline.
      name: 'review-moves-exxit-shared',
      kind: 'moves',
      game: 'exxit',
      before: ex2[47],
      moves: { played: 'D 0,0 E', better: 'D 0,0 SE' },
      opts: { grade: 'blunder', players: ['Ann', 'Bo'] },
    },
    {
      name: 'review-moves-orion-fr',
      kind: 'moves',
      game: 'orion',
      before: od3[10],
      moves: { played: 'S1 F5', better: 'L3 F6 N' },
      opts: { grade: 'mistake', locale: 'fr' },
    },
    {
      name: 'review-moves-orion-better',
      kind: 'moves',
      game: 'orion',
      before: od3[10],
      moves: { better: 'L3 E7 SW' },
      opts: {},
    },
  ];
}

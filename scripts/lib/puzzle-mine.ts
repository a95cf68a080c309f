// One self-play game of `npm run puzzles:mine` (scripts/puzzles-mine.ts): varied levels, a random opening, Orion on a
// random layout; every position past the opening is screened (one search: the gap between its two best moves), and
// the most promising ones go to the engine's puzzle check. Reproducible from the seed and the game number.
import { chooseMove } from '../../src/engine/ai/index.js';
import { getGame, type GameId } from '../../src/engine/index.js';
import { checkPuzzle, puzzleFoundBy, screenGap } from '../../src/engine/puzzle.js';
import { makeRng, randInt, seedFrom } from '../../src/engine/rng.js';
import { initialPuzzleRating, puzzleId, type Puzzle } from '../../src/model/puzzle.js';

/** The screen's budget (hard's search, smaller) and the gap that sends a position to the check. */
const SCREEN: Record<GameId, number> = { exxit: 30_000, orion: 1200 };
const SCREEN_GAP = 25;
/** Checks per game at most (the check costs ~20-40 s), so the set comes from many games. */
const CHECKS_PER_GAME = 3;
/** The levels that play: weaker ones make the mistakes that leave a clearly best reply. */
const PLAYERS: Record<GameId, readonly ('easy' | 'medium' | 'hard')[]> = {
  exxit: ['easy', 'medium', 'medium'],
  // Orion between steady players ends by the tiebreak (OD-19) without a sharp position: easy's blunders make them.
  orion: ['easy', 'easy', 'medium'],
};
const EXXIT_SETUPS = ['standard', 'short', 'blitz'];

export interface MinedGame {
  g: number;
  puzzles: Puzzle[];
  checked: number;
  plies: number;
}

export function mineGame(game: GameId, seed: number, g: number): MinedGame {
  const eng = getGame(game);
  const rng = makeRng(`puzzles:${seed}:${g}`);
  const setup = game === 'orion' ? `random:${seed}-${g}` : EXXIT_SETUPS[randInt(rng, EXXIT_SETUPS.length)];
  const start = eng.initial(setup);
  if (!start.ok) throw new Error(`setup ${setup} refused`);
  const players = [0, 1].map(() => PLAYERS[game][randInt(rng, PLAYERS[game].length)]);
  const opening = 2 + randInt(rng, 5);
  let state = start.value;
  const moves: string[] = [];
  const puzzles: Puzzle[] = [];
  let checked = 0;
  const screened: { gap: number; ply: number; state: unknown; moves: string[]; seed: number }[] = [];
  while (!eng.outcome(state).over) {
    const ply = moves.length;
    const s = seedFrom(`${seed}:${g}:${ply}`);
    let move: unknown;
    if (ply < opening) {
      const legal = eng.legalMoves(state);
      move = legal[randInt(rng, legal.length)];
    } else {
      if (eng.forcedMove(state) === null) {
        const gap = screenGap(game, state, s, SCREEN[game]);
        if (gap >= SCREEN_GAP) screened.push({ gap, ply, state, moves: [...moves], seed: s });
      }
      move = chooseMove(eng, state, players[ply % 2], s).move;
    }
    const text = eng.formatMove(state, move, 'canonical');
    const next = eng.play(state, move);
    if (!next.ok) throw new Error(`self-play move ${text} refused`);
    state = next.value;
    moves.push(text);
  }
  // The most promising positions of the game are checked (a win at once first: its gap is 100), at most a few.
  screened.sort((a, b) => b.gap - a.gap || b.ply - a.ply);
  for (const c of screened.slice(0, CHECKS_PER_GAME)) {
    checked++;
    const r = checkPuzzle(game, c.state, { seed: c.seed });
    if (!r?.unique) continue;
    const foundBy = puzzleFoundBy(game, c.state, r.best, c.seed);
    puzzles.push({
      id: puzzleId(game, setup, c.moves),
      game,
      setup,
      moves: c.moves,
      solution: r.best,
      bestChance: r.bestChance,
      secondChance: r.secondChance,
      gap: r.gap,
      rating: initialPuzzleRating(foundBy),
      source: 'mined',
      seed,
    });
  }
  puzzles.sort((a, b) => a.moves.length - b.moves.length);
  return { g, puzzles, checked, plies: moves.length };
}

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
  orion: ['easy', 'medium', 'hard'],
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
  while (!eng.outcome(state).over) {
    const ply = moves.length;
    const s = seedFrom(`${seed}:${g}:${ply}`);
    let move: unknown;
    if (ply < opening) {
      const legal = eng.legalMoves(state);
      move = legal[randInt(rng, legal.length)];
    } else {
      if (
        checked < CHECKS_PER_GAME &&
        eng.forcedMove(state) === null &&
        screenGap(game, state, s, SCREEN[game]) >= SCREEN_GAP
      ) {
        checked++;
        const c = checkPuzzle(game, state, { seed: s });
        if (c?.unique) {
          const foundBy = puzzleFoundBy(game, state, c.best, s);
          puzzles.push({
            id: puzzleId(game, setup, moves),
            game,
            setup,
            moves: [...moves],
            solution: c.best,
            bestChance: c.bestChance,
            secondChance: c.secondChance,
            gap: c.gap,
            rating: initialPuzzleRating(foundBy),
            source: 'mined',
            seed,
          });
        }
      }
      move = chooseMove(eng, state, players[ply % 2], s).move;
    }
    const text = eng.formatMove(state, move, 'canonical');
    const next = eng.play(state, move);
    if (!next.ok) throw new Error(`self-play move ${text} refused`);
    state = next.value;
    moves.push(text);
  }
  return { g, puzzles, checked, plies: moves.length };
}

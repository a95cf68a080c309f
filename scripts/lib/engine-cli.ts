// The engine tool's command line (scripts/engine.ts, README "The engine
// tool") as a function of its arguments and an Io, so tests run it in-process.
// Its output format is a contract: other tools call it.
// Exit status: 0 ok, 2 bad arguments or an illegal/unparsable move.
import type { AnyGame } from '../../src/engine/index.js';
import { replay, replayErrorText, splitMoves } from '../../src/engine/replay.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import { UsageError, gameArg, intArg, parse, type Io } from './args.js';
import { ruleErrorText } from '../../src/i18n/rule-error.js';
import { LEVEL_NAMES, REFERENCE_NAMES } from '../../src/engine/ai/levels.js';

const USAGE = `usage:
  engine legal   <exxit|orion> [--setup S] [--moves "m1; m2; ..."]
  engine show    <exxit|orion> [--setup S] [--moves "m1; m2; ..."]
  engine playout <exxit|orion> [--setup S] --games N --seed K
  engine match   <exxit|orion> --a <player> --b <player> --games N --seed K [--setup S] [--workers W]
  engine ladder  <exxit|orion> [--players p1,p2,...] [--games N per pairing] [--seed K] [--setup S] [--workers W]
                 [--anchor P]   round robin, W/D/L and Elo with 95 % intervals (default: every level and reference)
players: ${LEVEL_NAMES.join(' | ')} (levels), ${REFERENCE_NAMES.join(' | ')} (frozen references), greedy (one ply), random
setups: exxit standard (default) | blitz | short; orion preset1 (default) | preset2 | preset3 | random:<seed>`;

/** Replays --moves from --setup; prints the refusal and returns null on error. */
function position(io: Io, game: AnyGame, setup: string | undefined, moves: string | undefined): unknown {
  const r = replay(game, setup, splitMoves(moves ?? ''));
  if (!r.ok) {
    io.err(`${replayErrorText(r, ruleErrorText)}\n`);
    return null;
  }
  return r.states[r.states.length - 1];
}

const positionOptions = { setup: { type: 'string' }, moves: { type: 'string' } } as const;

function legal(argv: string[], io: Io): number {
  const { values, positionals } = parse(argv, positionOptions);
  const game = gameArg(positionals[0]);
  const state = position(io, game, values.setup, values.moves);
  if (state === null) return 2;
  const lines = game.legalMoves(state).map((m: unknown) => game.formatMove(state, m));
  lines.sort();
  if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
  return 0;
}

function show(argv: string[], io: Io): number {
  const { values, positionals } = parse(argv, positionOptions);
  const game = gameArg(positionals[0]);
  const state = position(io, game, values.setup, values.moves);
  if (state === null) return 2;
  io.out(`${JSON.stringify(game.summary(state))}\n`);
  return 0;
}

function playout(argv: string[], io: Io): number {
  const { values, positionals } = parse(argv, {
    setup: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
  });
  const game = gameArg(positionals[0]);
  const games = intArg('games', values.games, 1);
  const seed = intArg('seed', values.seed, 0);
  const start = game.initial(values.setup);
  if (!start.ok) throw new UsageError(ruleErrorText(start.error));
  const rng = makeRng(seed);
  const tally: Record<string, number> = { [game.sides[0]]: 0, [game.sides[1]]: 0, draw: 0 };
  const reasons: Record<string, number> = {};
  let plies = 0;
  const t0 = process.hrtime.bigint();
  for (let g = 0; g < games; g++) {
    // The mutable fast path, with full legal-move generation at every ply.
    const pos = game.position(start.value);
    for (;;) {
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      pos.play(moves[randInt(rng, moves.length)]);
      plies++;
    }
    const out = pos.outcome();
    tally[out.winner === null ? 'draw' : game.sides[out.winner]]++;
    if (out.reason) reasons[out.reason] = (reasons[out.reason] ?? 0) + 1;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const lines = [
    `game: ${game.id} (${values.setup ?? game.defaultSetup})`,
    `games: ${games}`,
    `plies: ${plies}`,
    `seconds: ${seconds.toFixed(3)}`,
    `plies/s: ${Math.round(plies / seconds)}`,
    `results: ${Object.entries(tally)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `endings: ${Object.entries(reasons)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  ];
  io.out(`${lines.join('\n')}\n`);
  return 0;
}

const COMMANDS: Record<string, (argv: string[], io: Io) => number | Promise<number>> = {
  legal,
  show,
  playout,
  match: async (argv, io) => (await import('../engine-match.js')).runMatch(argv, io),
  ladder: async (argv, io) => (await import('../engine-ladder.js')).runLadder(argv, io),
};

/** Runs the tool on `argv`, writing through `out` and `err`; resolves to the exit status. */
export async function runEngineCli(argv: string[], io: Io): Promise<number> {
  const [cmd, ...rest] = argv;
  const run = cmd ? COMMANDS[cmd] : undefined;
  if (!run) {
    io.err(`${cmd ? `unknown command "${cmd}"\n` : ''}${USAGE}\n`);
    return 2;
  }
  try {
    return await run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
}

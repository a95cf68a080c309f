// The render tool's command line (scripts/render.ts) as a function of its
// arguments and an Io, so tests run it in-process.
import { writeFileSync } from 'node:fs';
import { replay, replayErrorText, splitMoves } from '../../src/engine/replay.js';
import { renderBoard, renderReplay } from '../../src/render/index.js';
import { UsageError, gameArg, parse, type Io } from './args.js';
import { ruleErrorText } from '../../src/i18n/rule-error.js';

const USAGE = `usage:
  render <exxit|orion> [--setup S] [--moves "m1; m2; ..."] [--players "Alice;Bob"] --out board.png
  render <exxit|orion> [--setup S] --moves "m1; m2; ..." [--players "Alice;Bob"] [--delay MS] --gif replay.gif
setups: exxit standard (default) | blitz | short; orion preset1 (default) | preset2 | preset3 | random:<seed>`;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    setup: { type: 'string' },
    moves: { type: 'string' },
    out: { type: 'string' },
    gif: { type: 'string' },
    players: { type: 'string' },
    delay: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError('expected exactly one game');
  const game = gameArg(positionals[0]);
  const out = str(values.out);
  const gifOut = str(values.gif);
  if (!out && !gifOut) throw new UsageError('--out or --gif is required');
  let players: [string, string] | undefined;
  const p = str(values.players);
  if (p !== undefined) {
    const names = p.split(';').map((n) => n.trim());
    if (names.length !== 2 || names.some((n) => !n)) throw new UsageError('--players takes two names: "Alice;Bob"');
    players = [names[0], names[1]];
  }
  const delayText = str(values.delay);
  if (delayText !== undefined && !/^\d+$/.test(delayText)) throw new UsageError('--delay must be a whole number of ms');
  const setup = str(values.setup) ?? game.defaultSetup;
  const moves = splitMoves(str(values.moves) ?? '');

  // Replay once first, so a bad setup or move writes nothing.
  const r = replay(game, setup, moves);
  if (!r.ok) {
    if (r.index < 0) throw new UsageError(replayErrorText(r, ruleErrorText));
    io.err(`${replayErrorText(r, ruleErrorText)}\n`);
    return 2;
  }
  const png = out ? await renderBoard(game.id, r.states[r.states.length - 1], { players }) : null;
  const gif = gifOut
    ? await renderReplay(game.id, setup, moves, { players, delayMs: delayText ? Number(delayText) : undefined })
    : null;
  if (out && png) {
    writeFileSync(out, png);
    io.out(`${out}: ${png.length} bytes\n`);
  }
  if (gifOut && gif) {
    writeFileSync(gifOut, gif);
    io.out(`${gifOut}: ${gif.length} bytes, ${r.states.length} frames\n`);
  }
  return 0;
}

/** Runs the tool on `argv`, writing through `io`; resolves to the exit status. */
export async function runRenderCli(argv: string[], io: Io): Promise<number> {
  try {
    return await run(argv, io);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`${e.message}\n${USAGE}\n`);
    return 2;
  }
}

// The render tool (README): the board PNG or the replay GIF of a move list.
//   npm run -s render -- <exxit|orion> [--setup S] [--moves "m1; m2; ..."] --out board.png
//   npm run -s render -- <exxit|orion> [--setup S] --moves "..." --gif replay.gif
// Exit status: 0 ok, 2 bad arguments, bad setup or an illegal/unparsable move
// (then nothing is written).
import { writeFileSync } from 'node:fs';
import { replay, replayErrorText, splitMoves } from '../src/engine/replay.js';
import { renderBoard, renderReplay } from '../src/render/index.js';
import { UsageError, gameArg, parse } from './lib/args.js';
import { ruleErrorText } from '../src/i18n/rule-error.js';

const USAGE = `usage:
  render <exxit|orion> [--setup S] [--moves "m1; m2; ..."] [--players "Alice;Bob"] --out board.png
  render <exxit|orion> [--setup S] --moves "m1; m2; ..." [--players "Alice;Bob"] [--delay MS] --gif replay.gif
setups: exxit standard (default) | blitz | short; orion preset1 (default) | preset2 | preset3 | random:<seed>`;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

async function main(argv: string[]): Promise<number> {
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
    process.stderr.write(`${replayErrorText(r, ruleErrorText)}\n`);
    return 2;
  }
  const png = out ? await renderBoard(game.id, r.states[r.states.length - 1], { players }) : null;
  const gif = gifOut ? await renderReplay(game.id, setup, moves, { players, delayMs: delayText ? Number(delayText) : undefined }) : null;
  if (out && png) {
    writeFileSync(out, png);
    process.stdout.write(`${out}: ${png.length} bytes\n`);
  }
  if (gifOut && gif) {
    writeFileSync(gifOut, gif);
    process.stdout.write(`${gifOut}: ${gif.length} bytes, ${r.states.length} frames\n`);
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  process.stderr.write(`${e.message}\n${USAGE}\n`);
  process.exitCode = 2;
}

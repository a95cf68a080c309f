// The render tool (README): the board PNG or the replay GIF of a move list.
//   npm run -s render -- <exxit|orion> [--setup S] [--moves "m1; m2; ..."] --out board.png
//   npm run -s render -- <exxit|orion> [--setup S] --moves "..." --gif replay.gif
// Exit status: 0 ok, 2 bad arguments, bad setup or an illegal/unparsable move
// (then nothing is written).
// The tool itself is scripts/lib/render-cli.ts (tests run it in-process).
import { processIo } from './lib/args.js';
import { runRenderCli } from './lib/render-cli.js';

process.exitCode = await runRenderCli(process.argv.slice(2), processIo());

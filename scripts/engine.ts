// The engine tool (README, "The engine tool"): legal moves, the position as
// JSON, random playouts. Other tools call it: its output format is a contract.
//   npm run -s engine -- legal   <exxit|orion> [--setup S] [--moves "m1; m2"]
//   npm run -s engine -- show    <exxit|orion> [--setup S] [--moves "m1; m2"]
//   npm run -s engine -- playout <exxit|orion> [--setup S] --games N --seed K
// Exit status: 0 ok, 2 bad arguments or an illegal/unparsable move.
// The tool itself is scripts/lib/engine-cli.ts (tests run it in-process).
import { processIo } from './lib/args.js';
import { runEngineCli } from './lib/engine-cli.js';

process.exitCode = await runEngineCli(process.argv.slice(2), processIo());

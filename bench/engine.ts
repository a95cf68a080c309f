// Engine benchmark: random-game plies per second per game on one core, with
// full legal-move generation at every ply (issue targets: Exxit ≥ 300,000,
// Orion ≥ 30,000). Usage: npm run bench:engine [-- --seconds 5]
import { parseArgs } from 'node:util';
import { benchExxit } from './engine-exxit.js';
import { benchOrion } from './engine-orion.js';

export async function benchEngine(seconds = 5) {
  const exxit = await benchExxit({ seconds });
  const orion = await benchOrion({ seconds });
  return { exxit, orion };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
  const r = await benchEngine(Number(values.seconds));
  for (const [name, target, f] of [
    ['exxit', 300_000, r.exxit],
    ['orion', 30_000, r.orion],
  ] as const) {
    console.log(
      `${name.padEnd(6)} ${f.games} games, ${f.plies} plies in ${f.seconds.toFixed(2)} s: ` +
        `${Math.round(f.pliesPerSecond).toLocaleString('en')} plies/s (target ${target.toLocaleString('en')})`,
    );
  }
}

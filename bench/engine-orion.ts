// Orion Duel engine benchmark: uniformly random games through the public
// Position interface, with full legal-move generation at every ply (target
// ≥ 30,000 plies/s). Usage: npx tsx bench/engine-orion.ts [seconds]
import { makeRng, randInt } from '../src/engine/rng.js';
import { orion } from '../src/engine/orion/index.js';

export async function benchOrion(opts: { seconds?: number } = {}): Promise<{
  plies: number;
  seconds: number;
  pliesPerSecond: number;
  games: number;
  /** CPU time used (user + system): the figure to trust on a busy machine. */
  cpuSeconds: number;
}> {
  const seconds = opts.seconds ?? 5;
  const setups = ['preset1', 'preset2', 'preset3'];
  const starts = setups.map((name) => {
    const s = orion.initial(name);
    if (!s.ok) throw new Error(s.error.message);
    return orion.position(s.value);
  });
  const rng = makeRng('bench-orion');
  let plies = 0;
  let games = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  let now = t0;
  while (now < deadline) {
    for (let g = 0; g < 20; g++) {
      const pos = starts[games % starts.length].clone();
      for (;;) {
        const moves = pos.legalMoves();
        if (moves.length === 0) break;
        pos.play(moves[randInt(rng, moves.length)]);
        plies++;
      }
      games++;
    }
    now = performance.now();
  }
  const elapsed = (now - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  return { plies, seconds: elapsed, pliesPerSecond: plies / elapsed, games, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const seconds = Number(process.argv[2] ?? 5);
  const r = await benchOrion({ seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 5 });
  console.log(
    `orion: ${r.games} random games, ${r.plies} plies in ${r.seconds.toFixed(2)} s: ` +
      `${Math.round(r.pliesPerSecond).toLocaleString('en')} plies/s (target 30,000), ` +
      `${(r.plies / r.games).toFixed(1)} plies/game; ${Math.round(r.plies / r.cpuSeconds).toLocaleString('en')} plies per CPU second`,
  );
}

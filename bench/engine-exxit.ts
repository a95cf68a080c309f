// Exxit engine benchmark: uniformly random games from the standard setup
// through the public Position interface, with full legal-move generation at
// every ply (target >= 300,000 plies/s on one core).
// Usage: npx tsx bench/engine-exxit.ts [seconds]
import { makeRng, randInt } from '../src/engine/rng.js';
import { exxit } from '../src/engine/exxit/index.js';

export async function benchExxit(opts: { seconds?: number } = {}): Promise<{
  plies: number;
  seconds: number;
  pliesPerSecond: number;
  games: number;
  /** Process CPU seconds used (wall time suffers when other work shares the core). */
  cpuSeconds: number;
}> {
  const seconds = opts.seconds ?? 5;
  const s = exxit.initial('standard');
  if (!s.ok) throw new Error(s.error.message);
  const start = exxit.position(s.value);
  const rng = makeRng('bench-exxit');
  let plies = 0;
  let games = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  let now = t0;
  while (now < deadline) {
    for (let g = 0; g < 20; g++) {
      const pos = start.clone();
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
  const seconds = Number(process.argv[2] ?? 5) || 5;
  const r = await benchExxit({ seconds });
  console.log(
    `exxit ${r.games} games, ${r.plies} plies in ${r.seconds.toFixed(2)} s: ` +
      `${Math.round(r.pliesPerSecond).toLocaleString('en')} plies/s (target 300,000), ` +
      `${(r.plies / r.games).toFixed(1)} plies/game; ` +
      `${Math.round(r.plies / r.cpuSeconds).toLocaleString('en')} plies per CPU second`,
  );
}

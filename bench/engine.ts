// Engine benchmark: uniformly random games through each engine's mutable
// Position, with full legal-move generation at every ply, on one core
// (issue targets: Exxit ≥ 300,000 plies/s, Orion ≥ 30,000).
// Usage: npm run bench:engine [-- --seconds 5]
import { parseArgs } from 'node:util';
import { errorText, getGame, type GameId } from '../src/engine/index.js';
import { makeRng, randInt } from '../src/engine/rng.js';

export interface EngineFigures {
  games: number;
  plies: number;
  seconds: number;
  pliesPerSecond: number;
  /** Process CPU seconds: the figure to trust when other work shares the core. */
  cpuSeconds: number;
}

/** Random games from the given setups in turn, for `seconds` of wall time. */
export function benchGame(id: GameId, setups: string[], seconds: number): EngineFigures {
  const game = getGame(id);
  const starts = setups.map((name) => {
    const s = game.initial(name);
    if (!s.ok) throw new Error(errorText(s.error));
    return game.position(s.value);
  });
  const rng = makeRng(`bench-${id}`);
  let plies = 0;
  let games = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  let now = t0;
  while (now < deadline) {
    // Check the clock every 20 games, not every ply.
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
  return { games, plies, seconds: elapsed, pliesPerSecond: plies / elapsed, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

export function benchEngine(seconds = 5): Record<GameId, EngineFigures> {
  return {
    exxit: benchGame('exxit', ['standard'], seconds),
    orion: benchGame('orion', ['preset1', 'preset2', 'preset3'], seconds),
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
  const seconds = Number(values.seconds) > 0 ? Number(values.seconds) : 5;
  const figures = benchEngine(seconds);
  const targets: Record<GameId, number> = { exxit: 300_000, orion: 30_000 };
  for (const id of ['exxit', 'orion'] as const) {
    const f = figures[id];
    const n = (x: number) => Math.round(x).toLocaleString('en');
    console.log(
      `${id.padEnd(6)} ${f.games} games, ${f.plies} plies (${(f.plies / f.games).toFixed(1)}/game) in ${f.seconds.toFixed(2)} s: ` +
        `${n(f.pliesPerSecond)} plies/s (target ${n(targets[id])}); ${n(f.plies / f.cpuSeconds)} plies per CPU second`,
    );
  }
}

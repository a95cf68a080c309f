// Store benchmark (printed, not asserted): move writes (compare-and-set) on a
// real Redis, on the embedded store and, when redis-server is installed, on a
// throw-away 3-node Redis Cluster (which also proves the scripts stay in one slot).
// Run: npx tsx bench/store.ts   (REDIS_URL, default redis://127.0.0.1:6379)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore, type Store } from '../src/store/index.js';

const quiet = { warn: () => {}, info: () => {} };

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function bench(label: string, store: Store): Promise<void> {
  const game = (channelId: string) => ({
    game: 'exxit' as const,
    setup: 'standard',
    guildId: 'bench',
    channelId,
    players: [
      { id: 'b1', name: 'A' },
      { id: 'b2', name: 'B' },
    ] as [{ id: string; name: string }, { id: string; name: string }],
    rated: false,
    // A state about the size of a real mid-game Exxit state.
    state: {
      cells: Array.from({ length: 60 }, (_, i) => ({ q: i % 9, r: i % 7, h: 1, o: i % 2 })),
      reserves: [10, 10],
      ply: 0,
    },
  });

  // 1. One game, 300 sequential moves: the latency a player feels (load + CAS).
  const created = await store.games.create(game(`bench-seq-${Date.now()}`));
  if (!created.ok) throw new Error('create failed');
  let g = created.game;
  const lat: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    const cur = await store.games.get(g.id);
    const r = await store.games.update(g.id, cur!.version, {
      state: { ...(cur!.state as object), ply: i },
      appendMoves: [`m${i}`],
    });
    lat.push(performance.now() - t);
    if (!r.ok) throw new Error('unexpected conflict');
    g = r.game;
  }

  // 2. 200 games in parallel, 10 moves each: throughput across games.
  const games = await Promise.all(
    Array.from({ length: 200 }, (_, i) => store.games.create(game(`bench-par-${Date.now()}-${i}`))),
  );
  const t0 = performance.now();
  await Promise.all(
    games.map(async (c) => {
      if (!c.ok) throw new Error('create failed');
      let v = 1;
      for (let i = 0; i < 10; i++) {
        const r = await store.games.update(c.game.id, v, { appendMoves: [`m${i}`] });
        if (!r.ok) throw new Error('unexpected conflict');
        v = r.game.version;
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;

  // 3. 20 writers racing one version.
  const race = await store.games.create(game(`bench-race-${Date.now()}`));
  if (!race.ok) throw new Error('create failed');
  const t1 = performance.now();
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => store.games.update(race.game.id, 1, { appendMoves: [`r${i}`] })),
  );
  const raceMs = performance.now() - t1;

  console.log(
    `${label.padEnd(10)} move (get+CAS) p50 ${percentile(lat, 50).toFixed(2)} ms, p99 ${percentile(lat, 99).toFixed(2)} ms | ` +
      `${Math.round(2000 / secs)} CAS writes/s over 200 games | race of 20: ${results.filter((r) => r.ok).length} winner in ${raceMs.toFixed(1)} ms`,
  );

  const ids = [g.id, race.game.id, ...games.flatMap((c) => (c.ok ? [c.game.id] : []))];
  for (const id of ids) await store.games.delete(id);
  await dropPrefix(store);
}

/** Removes what is left under the bench prefix (emptied indexes); on a cluster, node by node. */
async function dropPrefix(store: Store): Promise<void> {
  const r = store.redis as unknown as { nodes?: (role: 'master') => Store['redis'][] };
  const nodes = typeof r.nodes === 'function' ? r.nodes('master') : [store.redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${store.prefix}*`, 'COUNT', 500);
      for (const k of keys) await store.redis.del(k);
      cursor = next;
    } while (cursor !== '0');
  }
}

async function startCluster(): Promise<{ url: string; stop: () => void } | null> {
  if (spawnSync('redis-server', ['--version']).status !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'hexmate-cluster-'));
  const base = 17000 + Math.floor(Math.random() * 2000);
  const ports = [base, base + 1, base + 2];
  const children: ChildProcess[] = ports.map((p) =>
    spawn(
      'redis-server',
      [
        '--port',
        String(p),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, `nodes-${p}.conf`),
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ],
      { stdio: 'ignore' },
    ),
  );
  const stop = () => {
    for (const c of children) c.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  await new Promise((r) => setTimeout(r, 500));
  const made = spawnSync(
    'redis-cli',
    ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) {
    stop();
    return null;
  }
  for (let i = 0; i < 50; i++) {
    const info = spawnSync('redis-cli', ['-p', String(ports[0]), 'cluster', 'info'], { encoding: 'utf8' }).stdout;
    if (info.includes('cluster_state:ok')) return { url: `redis://127.0.0.1:${ports[0]}`, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  return null;
}

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `hexmate-bench:${Date.now().toString(36)}:`;

const real = await openStore({ url, prefix, logger: quiet });
await bench('redis', real);
await real.close();

const embedded = await openStore({ prefix, logger: quiet });
await bench('embedded', embedded);
await embedded.close();

const cluster = await startCluster();
if (cluster) {
  try {
    const store = await openStore({ url: cluster.url, cluster: true, prefix, logger: quiet });
    await bench('cluster', store);
    await store.close();
  } finally {
    cluster.stop();
  }
} else {
  console.log('cluster    (skipped: redis-server / redis-cli not installed)');
}

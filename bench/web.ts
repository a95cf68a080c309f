// Live game page benchmark (printed, not asserted): the latency from a committed move to a WebSocket client's update,
// p50/p95/max, while N games (default 200) are each watched by two simulated clients (plain `ws` sockets); and the
// client bundle's size, gzipped. A move here is the store's compare-and-set write, as the match layer makes it; the
// clock starts when the write is issued and stops when a watcher has the new version (the write's round trip, the
// pub/sub message, the server's read of the game, the send).
//   npm run bench:web [-- --games 200 --moves 5 --gap 5]
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import { bundleSizes, ensureWebBuilt } from '../scripts/build-web.mjs';
import { getGame } from '../src/engine/index.js';
import type { ServerMessage } from '../src/match/index.js';
import { startWebServer, WEB_ASSETS_DIR } from '../src/runtime/web-server.js';
import { openStore } from '../src/store/index.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    moves: { type: 'string', default: '5' },
    gap: { type: 'string', default: '5' },
  },
});
const GAMES = Number(values.games);
const MOVES = Number(values.moves);
/** ms between two moves (over all games): 5 = 200 moves a second. */
const GAP = Number(values.gap);

const quiet = { warn: () => {}, info: () => {} };
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `hexmate-bench:web-${Date.now().toString(36)}:`;
const store = await openStore({ url, prefix, logger: quiet });
const web = await startWebServer({
  port: 0,
  host: '127.0.0.1',
  store,
  log: pino({ level: 'silent' }),
  assetsDir: WEB_ASSETS_DIR,
  limits: { maxSocketsPerAddress: 10_000 },
});

const eng = getGame('orion');
interface Watched {
  id: string;
  version: number;
  state: unknown;
}
const games: Watched[] = [];
for (let i = 0; i < GAMES; i++) {
  const init = eng.initial('preset1');
  if (!init.ok) throw new Error('setup');
  const r = await store.games.create({
    game: 'orion',
    setup: 'preset1',
    guildId: '100000000000000001',
    channelId: `7${String(i).padStart(17, '0')}`,
    players: [
      { id: '200000000000000001', name: 'Ann' },
      { id: '200000000000000002', name: 'Ben' },
    ],
    rated: false,
    state: init.value,
    clock: null,
  });
  if (!r.ok) throw new Error('create');
  games.push({ id: r.game.id, version: r.game.version, state: init.value });
}

/** When each (game, version) was written, and the latency of each watcher's update. */
const issued = new Map<string, number>();
const latencies: number[] = [];
const sockets: WebSocket[] = [];
await Promise.all(
  games.flatMap((g) =>
    [0, 1].map(
      () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws/game/${g.id}`);
          sockets.push(ws);
          let first = true;
          ws.on('message', (d) => {
            const m = JSON.parse((d as Buffer).toString()) as ServerMessage;
            if (m.type !== 'game') return reject(new Error(`refused: ${JSON.stringify(m)}`));
            if (first) {
              first = false;
              return resolve();
            }
            const t0 = issued.get(`${g.id} ${m.view.version}`);
            if (t0 !== undefined) latencies.push(performance.now() - t0);
          });
          ws.on('error', reject);
        }),
    ),
  ),
);

async function move(g: Watched): Promise<void> {
  const mv = eng.legalMoves(g.state)[0];
  const next = eng.play(g.state, mv);
  if (!next.ok) throw new Error('illegal');
  issued.set(`${g.id} ${g.version + 1}`, performance.now());
  const r = await store.games.update(g.id, g.version, {
    state: next.value,
    appendMoves: [eng.formatMove(g.state, mv, 'canonical')],
  });
  if (!r.ok) throw new Error('write refused');
  g.version = r.game.version;
  g.state = next.value;
}

const started = performance.now();
const writes: Promise<void>[] = [];
for (let round = 0; round < MOVES; round++)
  for (const g of games) {
    // One move in flight per game (a game's moves are one after the other); the games interleave.
    writes.push((writes[writes.length - GAMES] ?? Promise.resolve()).then(() => move(g)));
    await new Promise((r) => setTimeout(r, GAP));
  }
await Promise.all(writes);
const expected = GAMES * MOVES * 2;
const end = Date.now() + 10_000;
while (latencies.length < expected && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
const seconds = (performance.now() - started) / 1000;

latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
console.log(
  `bench:web — ${GAMES} games × 2 watchers (${sockets.length} sockets), ${GAMES * MOVES} moves in ${seconds.toFixed(1)} s (${((GAMES * MOVES) / seconds).toFixed(0)}/s)`,
);
console.log(
  `  committed move → watcher's update: p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${q(1).toFixed(1)} ms (${latencies.length}/${expected} updates received)`,
);

for (const ws of sockets) ws.terminate();
await web.close();
for (const g of games) await store.games.delete(g.id);
let cursor = '0';
do {
  const [next, keys] = await store.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
  for (const k of keys) await store.redis.del(k);
  cursor = next;
} while (cursor !== '0');
await store.close();

await ensureWebBuilt();
const { bundle, fonts } = bundleSizes();
console.log(
  `  client bundle: ${(bundle / 1024).toFixed(1)} KB gzipped (JS, CSS, HTML; limit 300 KB); fonts ${(fonts / 1024).toFixed(1)} KB, fetched only without DejaVu Sans`,
);

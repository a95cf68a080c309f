// Live game page benchmark (printed, not asserted): the latency of a move to the other player's screen, p50/p95/max,
// while N games (default 200) are each watched by two simulated clients (plain `ws` sockets, the game's two players,
// signed in with session tokens); and the client bundle's size, gzipped.
//   --via ws (default): a move made on the page, as tap to play sends it: the mover's client sends it on its socket,
//     the server plays it through the match layer (playMove's checks and compare-and-set write, then the post, to a
//     notifier that only counts), and the clock stops when the OTHER player's client has the new version.
//   --via store: the store's compare-and-set write alone, the clock stopped at either watcher (the first slice's
//     figure: the write's round trip, the pub/sub message, the server's read of the game, the send).
//   npm run bench:web [-- --games 200 --moves 5 --gap 5 --via ws|store]
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import { bundleSizes, ensureWebBuilt } from '../scripts/build-web.mjs';
import { getGame } from '../src/engine/index.js';
import { DEFAULT_MATCH_SETTINGS, type MatchContext, type ServerMessage } from '../src/match/index.js';
import { startWebServer, WEB_ASSETS_DIR } from '../src/runtime/web-server.js';
import { mintSession, sessionKey } from '../src/runtime/web-session.js';
import { openStore } from '../src/store/index.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    moves: { type: 'string', default: '5' },
    gap: { type: 'string', default: '5' },
    via: { type: 'string', default: 'ws' },
  },
});
const VIA_WS = values.via !== 'store';
const GAMES = Number(values.games);
const MOVES = Number(values.moves);
/** ms between two moves (over all games): 5 = 200 moves a second. */
const GAP = Number(values.gap);

const quiet = { warn: () => {}, info: () => {} };
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `hexmate-bench:web-${Date.now().toString(36)}:`;
const store = await openStore({ url, prefix, logger: quiet });
const silent = pino({ level: 'silent' });
let posts = 0;
const background: Promise<unknown>[] = [];
// The match layer as the bot runs it, with a notifier that only counts the thread's posts (Discord is not measured).
const ctx: MatchContext = {
  store,
  instanceId: 'bench-web',
  log: silent,
  settings: DEFAULT_MATCH_SETTINGS,
  now: () => Date.now(),
  think: () => Promise.reject(new Error('no AI in this bench')),
  notifier: {
    post: () => Promise.resolve(String(++posts)),
    edit: () => Promise.resolve(),
    answerLate: () => Promise.resolve('gone' as const),
    followUp: () => Promise.reject(new Error('no interactions in this bench')),
    openThread: () => Promise.resolve(null),
    archive: () => Promise.resolve(),
  },
  background: (_label, work) => void background.push(work().catch(() => undefined)),
};
const key = sessionKey('bench secret, sixteen characters or more', undefined)!;
const PLAYERS = ['200000000000000001', '200000000000000002'];
const web = await startWebServer({
  port: 0,
  host: '127.0.0.1',
  store,
  log: silent,
  assetsDir: WEB_ASSETS_DIR,
  limits: { maxSocketsPerAddress: 10_000 },
  match: ctx,
  sessionKey: key,
});

const eng = getGame('orion');
interface Watched {
  id: string;
  version: number;
  state: unknown;
  /** The players' sockets, by side. */
  sockets: WebSocket[];
  /** The move on its way (ws): resolved when the other player has it. */
  waiting?: { version: number; side: number; t0: number; done: () => void };
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
      { id: PLAYERS[0], name: 'Ann' },
      { id: PLAYERS[1], name: 'Ben' },
    ],
    rated: false,
    state: init.value,
    clock: null,
  });
  if (!r.ok) throw new Error('create');
  games.push({ id: r.game.id, version: r.game.version, state: init.value, sockets: [] });
}

/** When each (game, version) was written, and the latency of each watcher's update. */
const issued = new Map<string, number>();
const latencies: number[] = [];
const sockets: WebSocket[] = [];
await Promise.all(
  games.flatMap((g) =>
    [0, 1].map(
      (side) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws/game/${g.id}`);
          sockets.push(ws);
          g.sockets[side] = ws;
          let first = true;
          ws.on('open', () =>
            ws.send(JSON.stringify({ type: 'hello', token: mintSession(key, { userId: PLAYERS[side] }) })),
          );
          ws.on('message', (d) => {
            const m = JSON.parse((d as Buffer).toString()) as ServerMessage;
            if (m.type === 'session' || m.type === 'ack') return;
            if (m.type !== 'game') return reject(new Error(`refused: ${JSON.stringify(m)}`));
            if (first) {
              first = false;
              return resolve();
            }
            const w = g.waiting;
            if (VIA_WS) {
              // The other player's screen has the move.
              if (w && side !== w.side && m.view.version >= w.version) {
                latencies.push(performance.now() - w.t0);
                g.waiting = undefined;
                w.done();
              }
              return;
            }
            const t0 = issued.get(`${g.id} ${m.view.version}`);
            if (t0 !== undefined) latencies.push(performance.now() - t0);
          });
          ws.on('error', reject);
        }),
    ),
  ),
);

let moveIds = 0;
/** A move sent by the mover's client on its socket; resolves when the other player's client shows it. */
function moveByClient(g: Watched): Promise<void> {
  const side = eng.toMove(g.state);
  const mv = eng.legalMoves(g.state)[0];
  const text = eng.formatMove(g.state, mv, 'canonical');
  const next = eng.play(g.state, mv);
  if (!next.ok) throw new Error('illegal');
  return new Promise<void>((resolve) => {
    g.waiting = {
      version: g.version + 1,
      side,
      t0: performance.now(),
      done: () => {
        g.version += 1;
        g.state = next.value;
        resolve();
      },
    };
    g.sockets[side].send(JSON.stringify({ type: 'move', id: ++moveIds, version: g.version, move: text }));
  });
}

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
    writes.push((writes[writes.length - GAMES] ?? Promise.resolve()).then(() => (VIA_WS ? moveByClient(g) : move(g))));
    await new Promise((r) => setTimeout(r, GAP));
  }
await Promise.all(writes);
const expected = GAMES * MOVES * (VIA_WS ? 1 : 2);
const end = Date.now() + 10_000;
while (latencies.length < expected && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
const seconds = (performance.now() - started) / 1000;

latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
console.log(
  `bench:web — ${GAMES} games × 2 watchers (${sockets.length} sockets), ${GAMES * MOVES} moves in ${seconds.toFixed(1)} s (${((GAMES * MOVES) / seconds).toFixed(0)}/s)`,
);
console.log(
  `  ${VIA_WS ? "move sent by a player's client → on the other player's client" : "committed move → watcher's update"}: p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${q(1).toFixed(1)} ms (${latencies.length}/${expected} received${VIA_WS ? `; ${posts} thread posts made` : ''})`,
);
await Promise.allSettled(background);

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

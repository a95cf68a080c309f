// Shared by the store tests: run every suite against the real Redis of the
// vitest global setup AND against the embedded store (ioredis-mock), each on
// its own key prefix, and clean the keys up afterwards.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openStore, type NewGame, type Store } from '../../src/store/index.js';

export interface Mode {
  name: 'redis' | 'embedded';
  url: string | undefined;
}

export const MODES: Mode[] = [
  { name: 'redis', url: inject('redisUrl') },
  { name: 'embedded', url: undefined },
];

export const uid = (tag = 'x') => `${tag}${randomBytes(5).toString('hex')}`;

export function prefixFor(file: string, mode: Mode): string {
  return `${inject('redisPrefix')}${file}-${mode.name}-${randomBytes(2).toString('hex')}:`;
}

export const quiet = { warn: () => {}, info: () => {} };

/** Opens n stores on one prefix: n separate connections (or n mock clients sharing one in-memory db). */
export async function openMany(mode: Mode, prefix: string, n: number): Promise<Store[]> {
  const first = await openStore({ url: mode.url, prefix, logger: quiet });
  // Every ioredis-mock client listens on one shared emitter of the in-memory db;
  // 20 clients in one process are intended here, so lift Node's leak warning first.
  const shared = (first.redis as unknown as { context?: { modifiedKeyEvents?: { setMaxListeners(n: number): void } } })
    .context;
  shared?.modifiedKeyEvents?.setMaxListeners(200);
  const rest = await Promise.all(
    Array.from({ length: n - 1 }, () => openStore({ url: mode.url, prefix, logger: quiet })),
  );
  return [first, ...rest];
}

export async function cleanup(store: Store): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await store.redis.scan(cursor, 'MATCH', `${store.prefix}*`, 'COUNT', 500);
    if (keys.length) await store.redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

export function newGame(over: Partial<NewGame> = {}): NewGame {
  return {
    game: 'exxit',
    setup: 'standard',
    guildId: 'g1',
    channelId: uid('c'),
    players: [
      { id: 'u1', name: 'Alice' },
      { id: 'u2', name: 'Bob' },
    ],
    rated: true,
    state: { board: [], toMove: 0 },
    ...over,
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

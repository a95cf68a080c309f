// Shared by the store tests: run every suite against the real Redis of the
// vitest global setup AND against the embedded store (ioredis-mock), each on
// its own key prefix, and clean the keys up afterwards.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Puzzle, puzzleId, type StoredGame } from '../../src/model/index.js';
import {
  openStore,
  type NewChallenge,
  type NewGame,
  type NewTournament,
  type OpenStoreOptions,
  type Store,
} from '../../src/store/index.js';

export interface Mode {
  name: 'redis' | 'embedded';
  url: string | undefined;
}

export const MODES: Mode[] = [
  { name: 'redis', url: inject('redisUrl') },
  { name: 'embedded', url: undefined },
];

export const uid = (tag = 'x') => `${tag}${randomBytes(5).toString('hex')}`;

// A count as well as random bytes: some files open a fresh store (a prefix) per test, and with two random bytes
// alone two of them met in one run (a puzzle pool counted another test's puzzles). Prefixes are limited to 64 chars.
let opened = 0;
export function prefixFor(file: string, mode: Mode): string {
  return `${inject('redisPrefix')}${file}-${mode.name}-${randomBytes(2).toString('hex')}${(opened++).toString(36)}:`;
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

/**
 * Opens a store on a prefix of its own (`name`, see prefixFor) before the enclosing describe's tests, and removes its
 * keys and closes it after them. The store is handed to `set` (the describe keeps its own `let store`, which its
 * helpers close over); the prefix is returned for the describe's key names. The logger is quiet unless given one.
 */
export function useStore(
  mode: Mode,
  name: string,
  set: (store: Store) => void,
  options: Pick<OpenStoreOptions, 'logger' | 'now'> = {},
): string {
  const prefix = prefixFor(name, mode);
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ url: mode.url, prefix, logger: options.logger ?? quiet, now: options.now });
    set(store);
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });
  return prefix;
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

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

/** A game created through the store (fails the test when create refuses it). */
export async function createGame(store: Store, over: Partial<NewGame> = {}): Promise<StoredGame> {
  const r = await store.games.create(newGame(over));
  if (!r.ok) throw new Error(`create refused: ${r.reason}`);
  return r.game;
}

/** A new game whose first post `owner` owes (the outbox's unit of work). */
export async function owingGame(store: Store, owner = 'p1'): Promise<StoredGame> {
  const r = await store.games.create(newGame(), { announce: { owner } });
  if (!r.ok) throw new Error(r.reason);
  return r.game;
}

/** An open challenge in a channel of its own. */
export const newChallenge = (over: Partial<NewChallenge> = {}): NewChallenge => ({
  game: 'orion',
  setup: 'preset1',
  options: { layout: 'preset1', clockHours: 24 },
  challengerId: uid('u'),
  challengerName: 'Alice',
  opponentId: null,
  rated: true,
  guildId: 'g1',
  channelId: uid('c'),
  firstMove: 'random',
  ...over,
});

/** A Swiss tournament in sign-up, on a server and in a channel of its own. */
export function newTournament(over: Partial<NewTournament> = {}): NewTournament {
  return {
    name: null,
    guildId: uid('g'),
    channelId: uid('c'),
    messageId: null,
    organiser: { id: 'o1', name: 'Olga' },
    game: 'exxit',
    setup: 'standard',
    format: 'swiss',
    roundsWanted: null,
    rounds: null,
    clockMs: 3_600_000,
    roundMs: 20 * 3_600_000,
    rated: false,
    locale: 'en',
    status: 'signup',
    startsAt: null,
    startedAt: null,
    finishedAt: null,
    players: [],
    withdrawals: [],
    round: 0,
    roundDeadline: null,
    pairings: [],
    seed: 7,
    winners: [],
    endNote: null,
    announced: false,
    wakeAt: null,
    ...over,
  };
}

/** A puzzle of the pool: an Orion position after two moves, its id from its game, setup and moves. */
export function newPuzzle(n: number, over: Partial<Omit<Puzzle, 'id' | 'moves'>> = {}): Puzzle {
  const moves = ['P2 C4 N', `x${n}`];
  const p = {
    game: 'orion',
    setup: 'preset1',
    solution: 'S1 J2',
    bestChance: 100,
    secondChance: 40,
    gap: 60,
    rating: 1500,
    source: 'mined',
    seed: 1,
    ...over,
  } as const;
  return { id: puzzleId(p.game, p.setup, moves), moves, ...p };
}

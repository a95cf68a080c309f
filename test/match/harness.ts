// The match layer without Discord: a real Redis store on its own prefix, a
// notifier that records posts, a logger that records lines, background work a
// test can wait for. Call useMatchStore() once per file, at its top level
// (with a clock of its own for the store's instants: a challenge's expiry).
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import {
  DEFAULT_MATCH_SETTINGS,
  isRefusal,
  type GamePost,
  type TournamentInput,
  type MatchContext,
  type MatchSettings,
  type Post,
} from '../../src/match/index.js';
import type { StoredGame } from '../../src/model/index.js';
import { newId, openStore, type NewGame, type Store } from '../../src/store/index.js';
import type { Announce } from '../../src/store/types.js';

export const HOUR = 3_600_000;

export interface MatchStore {
  store: Store;
  prefix: string;
}

let current: MatchStore | undefined;

/** Opens the file's store before its tests and deletes its keys after them. */
export function useMatchStore(tag: string, now?: () => number): MatchStore {
  const m = { prefix: `${inject('redisPrefix')}${tag}-${randomBytes(3).toString('hex')}:` } as MatchStore;
  beforeAll(async () => {
    m.store = await openStore({
      url: inject('redisUrl'),
      prefix: m.prefix,
      logger: { warn: () => {}, info: () => {} },
      now,
    });
    current = m;
  });
  afterAll(async () => {
    let cursor = '0';
    do {
      const [next, keys] = await m.store.redis.scan(cursor, 'MATCH', `${m.prefix}*`, 'COUNT', 500);
      if (keys.length) await m.store.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await m.store.close();
  });
  return m;
}

export interface Harness {
  ctx: MatchContext;
  posts: { channelId: string; post: Post }[];
  /** Messages edited (a challenge or tournament card), in order. */
  edits: { channelId: string; messageId: string; post: Post }[];
  logs: { level: number; msg: string; gameId?: string }[];
  /** Waits for the background work started so far (AI turns, quarantines). */
  settle(): Promise<void>;
}

/** Waits (polling every 10 ms, 5 s at most) until `read` gives something truthy, and returns it. */
export async function until<T>(
  read: () => Promise<T | null | undefined | false> | T | null | undefined | false,
): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const v = await read();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('until: timed out');
}

export function harness(now: () => number, settings: Partial<MatchSettings> = {}): Harness {
  if (!current) throw new Error('call useMatchStore() first');
  const posts: Harness['posts'] = [];
  const edits: Harness['edits'] = [];
  const logs: Harness['logs'] = [];
  const pending: Promise<unknown>[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const ctx: MatchContext = {
    store: current.store,
    instanceId: `match-test-${randomBytes(3).toString('hex')}`,
    log,
    settings: { ...DEFAULT_MATCH_SETTINGS, ...settings },
    now,
    think: () => Promise.reject(new Error('no AI in these tests')),
    notifier: {
      post: (where, post) => {
        posts.push({ channelId: where.channelId, post });
        return Promise.resolve(randomBytes(6).toString('hex'));
      },
      edit: (where, messageId, post) => {
        edits.push({ channelId: where.channelId, messageId, post });
        return Promise.resolve();
      },
      answerLate: () => Promise.resolve('gone' as const),
      followUp: () => Promise.reject(new Error('no interactions in these tests')),
      openThread: () => Promise.resolve(null),
      archive: () => Promise.resolve(),
    },
    // As the bot's (bot/start.ts): a failed task is logged, never an unhandled rejection after the test has ended.
    background: (label, work) =>
      void pending.push(
        (async () => work())().catch((e: unknown) => log.error({ err: e, task: label }, 'background task failed')),
      ),
  };
  // Background work may start more (an AI move after the post of a player's): wait until none is left.
  const settle = async () => {
    for (let seen = 0; seen < pending.length; ) {
      const batch = pending.slice(seen);
      seen = pending.length;
      await Promise.allSettled(batch);
    }
  };
  return { ctx, posts, edits, logs, settle };
}

const orionStart = (): unknown => {
  const init = getGame('orion').initial('preset1');
  if (!init.ok) throw new Error('setup');
  return JSON.parse(JSON.stringify(init.value));
};

/**
 * An active Orion Duel game (preset 1) between Alice and Bob whose clock wakes at `wakeAt`; `announce`: its start
 * saved with its post owed by that process.
 */
export async function createGame(
  wakeAt: number,
  over: Partial<NewGame> = {},
  announce?: Announce,
): Promise<StoredGame> {
  if (!current) throw new Error('call useMatchStore() first');
  const r = await current.store.games.create(
    {
      game: 'orion',
      setup: 'preset1',
      guildId: 'g1',
      channelId: `c${randomBytes(5).toString('hex')}`,
      parentChannelId: null,
      messageId: null,
      players: [
        { id: 'alice', name: 'Alice' },
        { id: 'bob', name: 'Bob' },
      ],
      rated: false,
      state: orionStart(),
      clock: { perMoveMs: HOUR, deadline: wakeAt + HOUR / 4, reminded: false, wakeAt },
      ...over,
    },
    announce ? { announce } : {},
  );
  if (!r.ok) throw new Error(`create refused: ${r.reason}`);
  return r.game;
}

/**
 * `g` written as over by a resignation (`winner` wins), straight to the store, as another process's end would land;
 * the stored record.
 */
export async function resigned(g: StoredGame, winner: 0 | 1 = 0): Promise<StoredGame> {
  if (!current) throw new Error('call useMatchStore() first');
  const r = await current.store.games.update(g.id, g.version, {
    status: 'over',
    result: { winner, draw: false, reason: 'resign' },
  });
  if (!r.ok) throw new Error(`update refused: ${r.reason}`);
  return r.game;
}

/** A finished Orion Duel game's record (preset 1, Alice and Bob, no result yet), in memory: for functions of a record. */
export const gameRecord = (over: Partial<StoredGame> = {}): StoredGame => ({
  id: 'g0000001',
  game: 'orion',
  setup: 'preset1',
  guildId: 'g1',
  channelId: 'c1',
  players: [
    { id: 'alice', name: 'Alice' },
    { id: 'bob', name: 'Bob' },
  ],
  rated: false,
  state: orionStart(),
  moves: [],
  version: 2,
  status: 'over',
  result: null,
  drawOffer: null,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

/** What a call was refused with (message key and rule id), or null when it was not refused. */
export async function refusalOf(p: Promise<unknown>): Promise<{ key: string; rule?: string } | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (!isRefusal(e)) throw e;
    return e.rule ? { key: e.msg.key, rule: e.rule } : { key: e.msg.key };
  }
}

/** The game posts recorded in a channel (boards with their lines). */
export const gamePosts = (h: Harness, channelId: string): GamePost[] =>
  h.posts.flatMap((p) => (p.channelId === channelId && p.post.kind === 'game' ? [p.post] : []));

/** The message keys of each post recorded in a channel, oldest first. */
export const postKeys = (h: Harness, channelId: string): string[][] =>
  h.posts
    .filter((p) => p.channelId === channelId)
    .map((p) => (p.post.kind === 'game' || p.post.kind === 'text' ? p.post.lines.map((l) => l.key) : [p.post.kind]));

/** A tournament's creation input: an Orion round robin with one-hour moves in a guild and channel of its own. */
export const tournamentInput = (over: Partial<TournamentInput> = {}): TournamentInput => ({
  name: 'Spring Cup',
  guildId: `g${randomBytes(4).toString('hex')}`,
  channelId: `c${randomBytes(5).toString('hex')}`,
  threadable: true,
  organiser: { id: 'olga', name: 'Olga' },
  game: 'orion',
  setup: 'preset1',
  format: 'round-robin',
  rounds: null,
  clockHours: 1,
  roundHours: 24,
  rated: false,
  startsAt: null,
  locale: 'en',
  ...over,
});

/**
 * `h`'s next game writes answer `reasons` in turn (a lost compare-and-set, a game deleted meanwhile, a write past its
 * deadline), then write as usual.
 */
export function failWrites(h: Harness, ...reasons: ('conflict' | 'not-found' | 'late')[]): void {
  const store = h.ctx.store;
  const games = new Proxy(store.games, {
    get: (t, k) =>
      k === 'update'
        ? (...a: Parameters<typeof t.update>) => {
            const reason = reasons.shift();
            return reason ? Promise.resolve({ ok: false as const, reason }) : t.update(...a);
          }
        : (Reflect.get(t, k) as unknown),
  });
  h.ctx.store = new Proxy(store, { get: (t, k) => (k === 'games' ? games : (Reflect.get(t, k) as unknown)) });
}

/**
 * Two new players of Orion Duel ranked on a server's November 2026 board (monthly seasons): twenty all-time games,
 * then twelve in November, the last a minute before `at`.
 */
export async function rankedPair(guild: string, at: number): Promise<[string, string]> {
  if (!current) throw new Error('call useMatchStore() first');
  const players: [string, string] = [`p${newId()}`, `q${newId()}`];
  for (let k = 0; k < 32; k++)
    await current.store.ratings.applyResult(
      'orion',
      newId(),
      guild,
      players,
      { winner: k % 3 === 0 ? 1 : 0, draw: false },
      at - (32 - k) * 60_000,
      k < 20 ? undefined : { global: '2026-Q4', guild: '2026-11' },
    );
  return players;
}

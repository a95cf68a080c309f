// Shared set-up for the end-to-end bot tests: the fake Discord, a real Redis
// store under a unique prefix, the real bot (startBot) in-process, and
// helpers that speak to it the way users do.
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, expect, inject } from 'vitest';
import { startBot, type RunningBot, type StartBotOptions } from '../../src/bot/index.js';
import { configureAiPool } from '../../src/ai/pool.js';
import { getGame, type GameId } from '../../src/engine/index.js';
import { onMissingMessage } from '../../src/i18n/catalogue.js';
import { openStore } from '../../src/store/index.js';
import type { StoredGame } from '../../src/model/index.js';
import type { Store } from '../../src/store/types.js';
import {
  startFakeDiscord,
  type CommandOption,
  type FakeDiscordOptions,
  type FakeChannel,
  type FakeDiscord,
  type FakeGuild,
  type FakeMessage,
  type FakeUser,
  type SentInteraction,
} from '../support/fake-discord/index.js';

// The suite's own workers keep both cores busy: a review or an expert search at nice 19 (as in production, where it
// must yield to the players) would wait for the whole suite and time a test out. Here it runs at normal priority.
configureAiPool({ lowerPriority: false });

export type OptValue = string | number | boolean | FakeUser;

export function toOptions(opts: Record<string, OptValue | undefined>): CommandOption[] {
  const out: CommandOption[] = [];
  for (const [name, v] of Object.entries(opts)) {
    if (v === undefined) continue;
    if (typeof v === 'string') out.push({ name, type: 3, value: v });
    else if (typeof v === 'number') out.push({ name, type: 4, value: v });
    else if (typeof v === 'boolean') out.push({ name, type: 5, value: v });
    else out.push({ name, type: 6, value: v.id });
  }
  return out;
}

export interface Harness {
  fake: FakeDiscord;
  guild: FakeGuild;
  channel: FakeChannel;
  alice: FakeUser;
  bob: FakeUser;
  carol: FakeUser;
  store: Store;
  bot: RunningBot;
  prefix: string;
  slash(
    user: FakeUser,
    channelId: string,
    command: string,
    opts?: Record<string, OptValue | undefined>,
  ): SentInteraction;
  /** /challenge then Accept by `opponent`; returns the game's channel (thread) and record. */
  startGame(
    game: GameId,
    challenger: FakeUser,
    opponent: FakeUser,
    opts?: Record<string, OptValue | undefined>,
  ): Promise<{ channelId: string; rec: StoredGame }>;
  /** /move and its answer (ephemeral refusal or the public board post). */
  move(
    user: FakeUser,
    channelId: string,
    text: string,
  ): Promise<{ callback: { type: number; data?: any }; original?: FakeMessage; followups: FakeMessage[] }>;
  game(channelId: string): Promise<StoredGame>;
  startAnotherBot(extra?: Partial<StartBotOptions>): Promise<RunningBot>;
  close(): Promise<void>;
}

/**
 * After each test: the bot sent nothing Discord would reject and called no
 * route Discord lacks; then the harness is closed. Call once per test file.
 */
export function checkAndCloseAfterEach(current: () => Harness | undefined, clear: () => void): void {
  afterEach(async () => {
    const h = current();
    if (h) {
      expect(h.fake.violations).toEqual([]);
      expect(h.fake.unknownRoutes).toEqual([]);
    }
    await h?.close();
    clear();
  });
}

/** The Manage Server permission: what /settings, /endgame and tournaments ask of an organiser. */
export const MANAGE_GUILD = 1n << 5n;

/** A French server ("Club Hexa", its preferred locale fr) with a channel and two French-speaking members. */
export function frenchClub(fake: FakeDiscord) {
  const guild = fake.addGuild({ name: 'Club Hexa', locale: 'fr' });
  const channel = fake.addChannel(guild.id, { name: 'parties' });
  const amelie = fake.addUser({ username: 'amelie', globalName: 'Amélie', guildId: guild.id, locale: 'fr' });
  const bruno = fake.addUser({ username: 'bruno', globalName: 'Bruno', guildId: guild.id, locale: 'fr' });
  return { guild, channel, amelie, bruno };
}

export const EPHEMERAL = 64;
export const isEphemeral = (r: { callback: { data?: any } }): boolean =>
  ((r.callback.data?.flags ?? 0) & EPHEMERAL) !== 0;

export async function createHarness(
  opts: {
    canCreateThreads?: boolean;
    bot?: Partial<StartBotOptions>;
    fake?: FakeDiscordOptions /** Redis to use (e.g. through a fault proxy); default the test run's. */;
    redisUrl?: string /** The in-memory store of `npm start` without REDIS_URL. */;
    embedded?: boolean;
  } = {},
): Promise<Harness> {
  const fake = await startFakeDiscord({ timeoutMs: 15_000, ...opts.fake });
  const guild = fake.addGuild({ name: 'Hex Club' });
  const channel = fake.addChannel(guild.id, { name: 'games', canCreateThreads: opts.canCreateThreads ?? true });
  const alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  const bob = fake.addUser({ username: 'bob', globalName: 'Bob' });
  const carol = fake.addUser({ username: 'carol', globalName: 'Carol' });
  const prefix = `${inject('redisPrefix')}bot-${randomBytes(4).toString('hex')}:`;
  const store = await openStore({
    url: opts.embedded ? undefined : (opts.redisUrl ?? inject('redisUrl')),
    prefix,
    logger: { warn: () => {}, info: () => {} },
  });
  const logger = pino({ level: process.env.BOT_TEST_LOG ?? 'silent' });
  const bots: RunningBot[] = [];
  const launch = async (extra: Partial<StartBotOptions> = {}) => {
    const bot = await startBot({
      token: fake.token,
      apiUrl: fake.apiBase,
      store,
      logger: opts.bot?.logger ?? logger,
      sweepIntervalMs: 0,
      ...opts.bot,
      ...extra,
    });
    bots.push(bot);
    return bot;
  };
  const bot = await launch();
  await fake.waitForReady();

  const h: Harness = {
    fake,
    guild,
    channel,
    alice,
    bob,
    carol,
    store,
    bot,
    prefix,
    slash: (user, channelId, command, o = {}) => fake.slash(user, channelId, command, toOptions(o)),
    async startGame(game, challenger, opponent, o = {}) {
      const ch = fake.slash(challenger, channel.id, 'challenge', toOptions({ game, opponent, first: 'me', ...o }));
      const res = await ch.done();
      const card = res.original!;
      const accept = findButton(card, 'Accept');
      await fake.click(opponent, card.id, accept).done();
      const rec = await waitFor(async () => {
        const all = await store.gameIndex.listByUser(challenger.id, 5);
        return all.find((g) => g.challengeId && card.embeds.length && g.status === 'active' && g.messageId === card.id);
      });
      await fake.waitForMessage(rec.channelId, (m) => m.attachments.length > 0);
      return { channelId: rec.channelId, rec };
    },
    async move(user, channelId, text) {
      return fake.slash(user, channelId, 'move', toOptions({ text })).done();
    },
    async game(channelId) {
      const rec = (await store.channels.active(channelId)) ?? (await store.channels.latest(channelId));
      if (!rec) throw new Error(`no game in ${channelId}`);
      return rec;
    },
    startAnotherBot: (extra) => launch(extra),
    async close() {
      for (const b of bots.reverse()) await b.stop();
      await fake.close();
      await store.close();
      // A running bot logs a missing word instead of throwing (startBot); the test files that share
      // this process after this one (vitest.config.ts: not isolated) must see the throw again.
      onMissingMessage(null);
    },
  };
  return h;
}

export function findButton(msg: FakeMessage, label: string): string {
  for (const row of msg.components as any[]) {
    for (const c of row.components ?? []) if (c.label === label) return c.custom_id as string;
  }
  throw new Error(`no "${label}" button on message ${msg.id}: ${JSON.stringify(msg.components)}`);
}

export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Side to move in a stored game, via the engine. */
export function toMove(rec: StoredGame): 0 | 1 {
  const g = getGame(rec.game);
  const s = g.fromJSON(rec.state);
  if (!s.ok) throw new Error('bad state');
  return g.toMove(s.value);
}

/**
 * The record's changes after `move` is played on it, as the match layer would store them (a test writes them as a
 * crashed process would).
 */
export function played(rec: StoredGame, move: string): { state: unknown; appendMoves: string[] } {
  const g = getGame(rec.game);
  const s = g.fromJSON(rec.state);
  if (!s.ok) throw new Error('bad state');
  const m = g.parseMove(s.value, move);
  if (!m.ok) throw new Error(`bad move ${move}`);
  const next = g.play(s.value, m.value);
  if (!next.ok) throw new Error(`illegal move ${move}`);
  return { state: next.value, appendMoves: [g.formatMove(s.value, m.value, 'canonical')] };
}

/** The move builder's menu path (option codes) of `text` in the record's position, as the engine gives it. */
export function menuPath(rec: StoredGame, text: string): string[] {
  const g = getGame(rec.game);
  const s = g.fromJSON(rec.state);
  if (!s.ok) throw new Error('bad state');
  const m = g.parseMove(s.value, text);
  if (!m.ok) throw new Error(`bad move ${text}`);
  return g.movePaths!(s.value, [m.value])[0].steps.map((x) => x.code);
}

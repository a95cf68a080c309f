// The health and metrics server in front of a real bot (the fake Discord, a
// real Redis): /livez, /readyz (and why it fails: Redis gone, the gateway
// down), and /metrics after interactions that went every way.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { BotMetrics, checkReadiness } from '../../src/bot/index.js';
import { getGame } from '../../src/engine/index.js';
import type { ThinkMove } from '../../src/match/context.js';
import { startHealthServer, type HealthServer } from '../../src/runtime/health-server.js';
import { checkAndCloseAfterEach, createHarness, findButton, waitFor, type Harness } from '../bot/harness.js';

let h: Harness | undefined;
let server: HealthServer | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

/** The first legal move, at once: the AI's timing without its search. */
const firstMove: ThinkMove = async (game, state) => {
  const g = getGame(game);
  const s = g.fromJSON(state);
  if (!s.ok) throw new Error('bad state');
  return g.formatMove(s.value, g.legalMoves(s.value)[0]);
};

async function serve(
  bot: Harness,
  metrics: BotMetrics,
): Promise<(path: string) => Promise<{ status: number; text: string; type: string | null }>> {
  server = await startHealthServer({
    port: 0,
    host: '127.0.0.1',
    log: pino({ level: 'silent' }),
    sources: {
      ready: () => checkReadiness({ client: bot.bot.client, store: bot.store }),
      metrics: () => metrics.text(),
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  return async (path) => {
    const r = await fetch(base + path);
    return { status: r.status, text: await r.text(), type: r.headers.get('content-type') };
  };
}

/** The value of one series in a Prometheus text exposition (labels given in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const closeServer = async () => {
  await server?.close();
  server = undefined;
};

describe('health and metrics server', () => {
  it('/livez, /readyz ready, unknown paths and methods', async () => {
    h = await createHarness();
    const get = await serve(h, h.bot.metrics);
    try {
      expect(await get('/livez')).toMatchObject({ status: 200, text: 'ok\n' });
      expect(await get('/readyz')).toMatchObject({ status: 200, text: 'ready (shard 0)\n' });
      expect((await get('/nope')).status).toBe(404);
      const post = await fetch(`http://127.0.0.1:${server!.port}/livez`, { method: 'POST' });
      expect(post.status).toBe(405);
    } finally {
      await closeServer();
    }
  });

  it('/readyz fails with a one-line reason when Redis stops answering, while /livez stays up', async () => {
    h = await createHarness();
    const get = await serve(h, h.bot.metrics);
    try {
      expect((await get('/readyz')).status).toBe(200);
      h.store.redis.disconnect();
      const r = await get('/readyz');
      expect(r.status).toBe(503);
      expect(r.text).toMatch(/^redis not answering: .+\n$/);
      expect(r.text.trim().split('\n')).toHaveLength(1);
      expect((await get('/livez')).status).toBe(200);
    } finally {
      await closeServer();
    }
  });

  it('/readyz fails while the gateway is down, and says which shard', async () => {
    h = await createHarness();
    const get = await serve(h, h.bot.metrics);
    try {
      expect((await get('/readyz')).status).toBe(200);
      // Discord goes away: the shard loses its session and keeps trying.
      await h.fake.close();
      const r = await waitFor(async () => {
        const x = await get('/readyz');
        return x.status === 503 ? x : null;
      });
      expect(r.text).toMatch(/^gateway not ready: shard 0 \(\w+\)\n$/);
    } finally {
      await closeServer();
    }
  });

  it('/metrics: interactions by kind and outcome, answer and post latencies, renders, AI thinking, active games, Redis errors, 429s', async () => {
    const metrics = new BotMetrics({ labels: { process: '0', shards: '0' } });
    h = await createHarness({ bot: { metrics, thinkMove: firstMove } });
    const get = await serve(h, metrics);
    try {
      // A game between people: the challenge (a command), Accept (a component); its first board post meets a 429 and is
      // retried.
      h.fake.rateLimit({ method: 'POST', path: /^\/channels\/\d+\/messages$/, retryAfterMs: 50 });
      const { channelId } = await h.startGame('exxit', h.alice, h.bob, { tiles: 19 });
      // Refused (not Bob's turn), played (a game post), looked up (autocomplete), and delivered twice (a duplicate).
      expect((await h.move(h.bob, channelId, 'P A')).callback.data.content).toMatch(/not your turn/);
      const legal = await h.fake
        .autocomplete(h.alice, channelId, 'move', [{ name: 'text', type: 3, value: '', focused: true }])
        .response();
      const played = h.slash(h.alice, channelId, 'move', { text: legal.data.choices[0].value });
      await played.done();
      h.fake.resendInteraction(played);
      // A game against the AI, which opens: its move is thought about and drawn.
      await h
        .slash(h.carol, h.channel.id, 'play-bot', { game: 'orion', level: 'easy', first: 'them', layout: 'preset1' })
        .done();
      const thread = await waitFor(async () => h!.fake.threads(h!.channel.id).find((t) => t.id !== channelId));
      await h.fake.waitForMessage(thread.id, (m) => m.content.startsWith('Orange: '));
      // A command Redis refuses.
      await expect(h.store.redis.call('HEXMATE-NO-SUCH-COMMAND')).rejects.toThrow();

      const text = await waitFor(async () => {
        const m = await get('/metrics');
        return sample(m.text, 'hexmate_interactions_total', { outcome: 'duplicate' }) === 1 ? m : null;
      });
      expect(text.status).toBe(200);
      expect(text.type).toMatch(/^text\/plain; version=0\.0\.4/);
      const t = text.text;
      const counted = (type: string, name: string, outcome: string) =>
        sample(t, 'hexmate_interactions_total', { type, name, outcome, process: '0', shards: '0' });
      expect(counted('command', 'challenge', 'ok')).toBe(1);
      expect(counted('component', 'challenge:accept', 'ok')).toBe(1);
      expect(counted('command', 'move', 'refused')).toBe(1);
      expect(counted('command', 'move', 'ok')).toBe(1);
      expect(counted('command', 'move', 'duplicate')).toBe(1);
      expect(counted('autocomplete', 'move', 'ok')).toBe(1);
      expect(counted('command', 'play-bot', 'ok')).toBe(1);
      // Every answered interaction has its first-answer time; the duplicate was not answered by us.
      expect(sample(t, 'hexmate_interaction_first_answer_seconds_count', { type: 'command' })).toBe(4);
      expect(sample(t, 'hexmate_interaction_first_answer_seconds_count', { type: 'component' })).toBe(1);
      expect(sample(t, 'hexmate_interaction_first_answer_seconds_count', { type: 'autocomplete' })).toBe(1);
      expect(sample(t, 'hexmate_interaction_first_answer_seconds_bucket', { type: 'command', le: '+Inf' })).toBe(4);
      // The /move answered with the board.
      expect(sample(t, 'hexmate_interaction_game_post_seconds_count')).toBe(1);
      expect(sample(t, 'hexmate_board_render_seconds_count', { game: 'exxit' })).toBeGreaterThanOrEqual(2);
      expect(sample(t, 'hexmate_board_render_seconds_count', { game: 'orion' })).toBeGreaterThanOrEqual(1);
      expect(sample(t, 'hexmate_ai_think_seconds_count', { game: 'orion', level: 'easy' })).toBe(1);
      expect(sample(t, 'hexmate_active_games')).toBe(2);
      expect(sample(t, 'hexmate_gateway_shard_ready', { shard: '0' })).toBe(1);
      expect(sample(t, 'hexmate_redis_errors_total', { kind: 'command' })).toBeGreaterThanOrEqual(1);
      expect(sample(t, 'hexmate_discord_429_total')).toBe(1);
      // discord.js then held the retry back until the limit's reset.
      expect(sample(t, 'hexmate_discord_rate_limited_total', { global: 'false' })).toBeGreaterThanOrEqual(1);
      expect(h.fake.errors.filter((e) => e.status === 429)).toHaveLength(1);
      // The retried post went out once.
      expect(h.fake.messages(channelId).filter((m) => m.attachments.length > 0)).toHaveLength(2);
      expect(findButton(h.fake.messages(channelId).at(-1)!, 'Move')).toBeTruthy();
    } finally {
      await closeServer();
    }
  });
});

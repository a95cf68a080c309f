// Prometheus metrics of one bot (prom-client), served by the health server
// (src/runtime/health-server.ts) on METRICS_PORT. The layers below know
// nothing of them: the router and answer.ts call the two small hooks at the
// bottom, startBot wraps the renderer and the AI it hands to the match layer,
// and the rest is read from the discord.js REST client's events and the store.
// Every series carries the process's labels (which process, which shards).
import {
  RESTEvents,
  Status,
  type APIRequest,
  type Interaction,
  type RateLimitData,
  type ResponseLike,
} from 'discord.js';
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';
import { commandsByName } from '../commands/index.js';
import type { CommandContext, RenderBoard } from '../commands/kit/command.js';
import type { CustomId } from '../commands/buttons/index.js';
import { parseCustomId } from '../commands/kit/custom-id.js';
import type { ThinkMove } from '../match/context.js';
import type { RedisErrorKind } from '../store/types.js';

export type InteractionOutcome = 'ok' | 'refused' | 'error' | 'duplicate';
export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

export interface BotMetricsOptions {
  /** Labels on every series, e.g. `{ process: '1', shards: '2,3' }`. */
  labels?: Record<string, string>;
  /** Node's process metrics (CPU, memory, event loop lag, GC, handles): on for npm start, off in tests. */
  processMetrics?: boolean;
  /** The active-games count waits at most this long for Redis at a scrape (ms); default 1000. */
  scrapeTimeoutMs?: number;
}

/** Seconds; Discord's window for the first answer is 3 s, the early deferral fires at 1.5 s. */
const ANSWER_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10];
const POST_BUCKETS = [0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30];
const RENDER_BUCKETS = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 15];
const THINK_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];

// POST /interactions/{id}/{token}/callback: the first answer to an interaction (reply, deferral, update, choices).
const CALLBACK_PATH = /^\/interactions\/(\d+)\/[^/]+\/callback/;
/** Interactions awaiting their first answer; a bound in case one is never answered nor finished. */
const MAX_AWAITING = 5000;

interface Awaiting {
  type: string;
  createdAt: number;
}

export class BotMetrics {
  readonly registry = new Registry();
  private readonly interactions: Counter<'type' | 'name' | 'outcome'>;
  private readonly firstAnswer: Histogram<'type'>;
  private readonly gamePost: Histogram;
  private readonly render: Histogram<'game'>;
  private readonly think: Histogram<'game' | 'level'>;
  private readonly redisErrors: Counter<'kind'>;
  private readonly rateLimited: Counter<'global'>;
  private readonly tooMany: Counter;
  private readonly awaiting = new Map<string, Awaiting>();
  private ctx: CommandContext | null = null;
  private readonly scrapeTimeoutMs: number;

  constructor(opts: BotMetricsOptions = {}) {
    this.scrapeTimeoutMs = opts.scrapeTimeoutMs ?? 1000;
    if (opts.labels) this.registry.setDefaultLabels(opts.labels);
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.interactions = new Counter({
      name: 'hexmate_interactions_total',
      help: 'Interactions handled, by type (command, component, autocomplete, modal), name (the command, or the kind:action of a component) and outcome (ok, refused, error, duplicate).',
      labelNames: ['type', 'name', 'outcome'],
      registers,
    });
    this.firstAnswer = new Histogram({
      name: 'hexmate_interaction_first_answer_seconds',
      help: "From an interaction's creation (its id's timestamp) to Discord's acceptance of its first answer (reply, deferral, update or autocomplete choices).",
      labelNames: ['type'],
      buckets: ANSWER_BUCKETS,
      registers,
    });
    this.gamePost = new Histogram({
      name: 'hexmate_interaction_game_post_seconds',
      help: "From an interaction's creation to the game post (board, lines, who is to move) that answers it being sent.",
      buckets: POST_BUCKETS,
      registers,
    });
    this.render = new Histogram({
      name: 'hexmate_board_render_seconds',
      help: 'Time to draw a board PNG (worker pool wait included), by game.',
      labelNames: ['game'],
      buckets: RENDER_BUCKETS,
      registers,
    });
    this.think = new Histogram({
      name: 'hexmate_ai_think_seconds',
      help: 'Time the AI took to choose a move (worker pool wait included), by game and level.',
      labelNames: ['game', 'level'],
      buckets: THINK_BUCKETS,
      registers,
    });
    // prom-client calls collect() with the gauge as `this`: these reach the bot.
    const activeGames = () => this.activeGames();
    const shards = () => this.ctx?.client.ws.shards ?? [];
    new Gauge({
      name: 'hexmate_active_games',
      help: "Games being played, store-wide (the store's active index, read at each scrape; every process reports the same count).",
      registers,
      // The same store-wide number from every process: aggregating takes it once, not the sum.
      aggregator: 'max',
      async collect() {
        const n = await activeGames();
        if (n !== null) this.set(n);
      },
    });
    new Gauge({
      name: 'hexmate_gateway_shard_ready',
      help: 'Whether each gateway shard of this process is connected and ready (1) or not (0).',
      labelNames: ['shard'],
      registers,
      collect() {
        this.reset();
        for (const [id, shard] of shards()) this.set({ shard: String(id) }, shard.status === Status.Ready ? 1 : 0);
      },
    });
    this.redisErrors = new Counter({
      name: 'hexmate_redis_errors_total',
      help: 'Redis errors: connection (a failed attempt to reach or keep the server) and command (a command that failed).',
      labelNames: ['kind'],
      registers,
    });
    this.rateLimited = new Counter({
      name: 'hexmate_discord_rate_limited_total',
      help: 'Requests the Discord REST client held back for a rate limit (its rateLimited event), by whether the limit was global.',
      labelNames: ['global'],
      registers,
    });
    this.tooMany = new Counter({
      name: 'hexmate_discord_429_total',
      help: 'HTTP 429 (Too Many Requests) responses received from Discord.',
      registers,
    });
    for (const kind of ['connection', 'command'] as const) this.redisErrors.inc({ kind }, 0);
    this.tooMany.inc(0);
  }

  /**
   * Starts reading a running bot: its REST client (first answers, 429s, rate
   * limits), its store (errors, active games) and its gateway (shards).
   * Returns the function that stops it.
   */
  attach(ctx: CommandContext): () => void {
    this.ctx = ctx;
    const rest = ctx.client.rest;
    const onResponse = (req: APIRequest, res: ResponseLike) => this.response(req, res);
    const onRateLimited = (info: RateLimitData) => this.rateLimited.inc({ global: String(info.global) });
    rest.on(RESTEvents.Response, onResponse);
    rest.on(RESTEvents.RateLimited, onRateLimited);
    const stopStore = ctx.store.onError((kind: RedisErrorKind) => this.redisErrors.inc({ kind }));
    bound.set(ctx, this);
    return () => {
      rest.off(RESTEvents.Response, onResponse);
      rest.off(RESTEvents.RateLimited, onRateLimited);
      stopStore();
      bound.delete(ctx);
    };
  }

  /** An interaction arrives: returns the function that records how it ended. */
  interaction(i: Interaction): (outcome: InteractionOutcome) => void {
    const { type, name } = kindOf(i);
    if (this.awaiting.size >= MAX_AWAITING) {
      const oldest = this.awaiting.keys().next();
      if (!oldest.done) this.awaiting.delete(oldest.value);
    }
    this.awaiting.set(i.id, { type, createdAt: i.createdTimestamp });
    let recorded = false;
    return (outcome) => {
      this.awaiting.delete(i.id);
      if (recorded) return;
      recorded = true;
      this.interactions.inc({ type, name, outcome });
    };
  }

  /** A game post answered `i` (the board of a move, a started game...). */
  gamePosted(i: Interaction): void {
    this.gamePost.observe(secondsSince(i.createdTimestamp));
  }

  /** The board renderer, timed. */
  timeRender(render: RenderBoard): RenderBoard {
    return async (game, state, opts) => {
      const t0 = performance.now();
      const png = await render(game, state, opts);
      this.render.observe({ game }, (performance.now() - t0) / 1000);
      return png;
    };
  }

  /** The AI, timed. */
  timeThink(think: ThinkMove): ThinkMove {
    return async (game, state, level, seed, opts) => {
      const t0 = performance.now();
      const move = await (opts ? think(game, state, level, seed, opts) : think(game, state, level, seed));
      this.think.observe({ game, level }, (performance.now() - t0) / 1000);
      return move;
    };
  }

  /** The Prometheus text exposition. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** The same, as prom-client's JSON (for a shard manager to aggregate). */
  json(): Promise<MetricsJson> {
    return this.registry.getMetricsAsJSON();
  }

  private response(req: APIRequest, res: ResponseLike): void {
    if (res.status === 429) this.tooMany.inc();
    const m = CALLBACK_PATH.exec(req.path);
    const waiting = m ? this.awaiting.get(m[1]) : undefined;
    if (m && waiting && res.ok) {
      this.awaiting.delete(m[1]);
      this.firstAnswer.observe({ type: waiting.type }, secondsSince(waiting.createdAt));
    }
    // Never touch res.body: with undici's request (discord.js's default) it is the very stream the REST client reads.
  }

  private async activeGames(): Promise<number | null> {
    const store = this.ctx?.store;
    if (!store) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.scrapeTimeoutMs)));
    try {
      // A slow or absent Redis must not hold the scrape: the gauge keeps its last value.
      return await Promise.race([store.gameIndex.countActive(), late]);
    } catch {
      // Counted as a Redis error by the store's watch; the gauge keeps its last value.
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}

const secondsSince = (ms: number): number => Math.max(0, Date.now() - ms) / 1000;

function componentName(id: CustomId): string {
  return 'action' in id ? `${id.kind}:${id.action}` : id.kind;
}

/** Labels from a closed set: the command names the bot has, the component kinds it makes. */
function kindOf(i: Interaction): { type: string; name: string } {
  const command = (name: string) => (commandsByName.has(name) ? name : 'unknown');
  if (i.isAutocomplete()) return { type: 'autocomplete', name: command(i.commandName) };
  if (i.isChatInputCommand()) return { type: 'command', name: command(i.commandName) };
  if (i.isMessageComponent()) {
    const parsed = parseCustomId(i.customId);
    return { type: 'component', name: parsed.ok ? componentName(parsed.value) : 'invalid' };
  }
  if (i.isModalSubmit()) return { type: 'modal', name: 'modal' };
  return { type: 'other', name: 'other' };
}

const bound = new WeakMap<CommandContext, BotMetrics>();
const ignore = (): void => undefined;

/** The metrics of a context, or of the one it was derived from (the router's per-interaction context). */
function boundTo(ctx: CommandContext): BotMetrics | undefined {
  for (let c: unknown = ctx; c && typeof c === 'object'; c = Object.getPrototypeOf(c)) {
    const m = bound.get(c as CommandContext);
    if (m) return m;
  }
  return undefined;
}

/** For the router: records the interaction's kind now and its outcome when the returned function is called. */
export function observeInteraction(ctx: CommandContext, i: Interaction): (outcome: InteractionOutcome) => void {
  return boundTo(ctx)?.interaction(i) ?? ignore;
}

/** For answer.ts: a game post answered `i`. */
export function observeGamePost(ctx: CommandContext, i: Interaction): void {
  boundTo(ctx)?.gamePosted(i);
}

// startBot: the real discord.js client wired to the router, for `npm start`,
// the tests, the demo and the bench (all in-process). DISCORD_API_URL points
// REST, and through GET /gateway/bot the gateway too, at another base URL.
import { randomBytes } from 'node:crypto';
import { Client, Events, GatewayIntentBits, type Interaction } from 'discord.js';
import { pino, type Logger } from 'pino';
import { redactSecrets } from '../log.js';
import type { Store } from '../store/types.js';
import type {
  CommandContext,
  RenderBoard,
  RenderMoveComparison,
  RenderReplay,
  RenderWinChart,
} from '../commands/kit/command.js';
import {
  DEFAULT_MATCH_SETTINGS,
  type MatchContext,
  type MatchSettings,
  type ReviewLane,
  type ThinkMove,
} from '../match/context.js';
import {
  resumeAi,
  sweepAiTurns,
  sweepChallenges,
  sweepClocks,
  sweepOwed,
  sweepReviews,
  sweepPuzzleChecks,
  seedPuzzlePool,
  sweepDailyPuzzles,
  sweepSeasons,
  sweepTournaments,
  tournamentGameOver,
} from '../match/index.js';
import {
  renderBoardPooled,
  renderMoveComparisonPooled,
  renderReplayPooled,
  renderWinChartPooled,
  configureRenderPool,
  warmRenderPool,
} from '../render/pool.js';
import { BotMetrics } from './metrics.js';
import { DiscordNotifier } from './notifier.js';
import { handleInteraction } from './router.js';
import { onMissingMessage } from '../i18n/catalogue.js';

export type BotContext = CommandContext;

export interface StartBotOptions {
  token: string;
  /** REST base URL, e.g. http://127.0.0.1:PORT/api (default: Discord). */
  apiUrl?: string;
  store: Store;
  logger?: Logger;
  /** Default 15 min (CHALLENGE_TTL_MINUTES). */
  challengeTtlMs?: number;
  /** Expired-challenge sweep period, ms; 0 turns it off. Default 60 s. */
  sweepIntervalMs?: number;
  /** Default time per move, ms (MOVE_TIME_HOURS). Default 24 h. */
  moveTimeMs?: number;
  /** Game-clock sweep period (reminders, loss on time), ms; 0 turns it off. Default: sweepIntervalMs. */
  clockSweepIntervalMs?: number;
  /**
   * Tournament and season sweep period (sign-up closing, round deadlines, end-of-season posts), ms; 0 turns it off.
   * Default: sweepIntervalMs.
   */
  eventSweepIntervalMs?: number;
  /** Other limits of the match layer (open challenges, AI games per user). */
  match?: Partial<MatchSettings>;
  /** Replaces the renderer (default src/render renderBoard, in worker threads). */
  render?: RenderBoard;
  /** Replaces the replay GIF renderer (default src/render renderReplay, in worker threads). */
  renderReplay?: RenderReplay;
  /** Replace the review's pictures (default src/render's, in worker threads). */
  renderWinChart?: RenderWinChart;
  renderMoveComparison?: RenderMoveComparison;
  /**
   * Post-game reviews (issue 20): true grades them in the AI's background lane (src/ai), a ReviewLane replaces it;
   * absent or false: no reviews (npm start turns them on).
   */
  review?: boolean | ReviewLane;
  /**
   * The AI's background lane (expert, reviews, puzzle checks): its workers (AI_BACKGROUND_WORKERS; default one per
   * core, each at nice 19). With `review: true` the process grades that many reviews at once.
   */
  aiBackgroundWorkers?: number;
  /** PUBLIC_URL: the live game page's base URL; each finished public game's post links to it. Absent: no link. */
  publicUrl?: string;
  /** ACTIVITY_ENABLED: board posts get the Open board button, which launches the Activity (docs/web.md). */
  activity?: boolean;
  /** Draw boards and replays in worker threads (default true); false draws them on the main thread. */
  renderInWorkers?: boolean;
  /** RENDER_WORKERS: the render pool's worker threads (default one per core, up to 4). */
  renderWorkers?: number;
  /** Replaces the AI (default src/ai/pool thinkMove, worker threads). */
  thinkMove?: ThinkMove;
  /** Replaces the AI's queue estimate (default src/ai/pool aiWait once the pool is loaded; none with thinkMove). */
  aiWait?: MatchContext['aiWait'];
  now?: () => number;
  /** Resume AI turns of active games at start (a restart lost them). Default true. */
  resumeAi?: boolean;
  /** Put the shipped puzzle set (data/puzzles) in the pool at start, what it has already staying. Default true. */
  seedPuzzles?: boolean;
  /**
   * Announcement sweep period (posts saved but never made: a crash, a refused post), ms; 0 turns it off. Default 3 s.
   */
  announceSweepIntervalMs?: number;
  /** How old a hint of an owed post must be before the sweep looks at it, ms (default 3 s; tests shorten it). */
  announceGraceMs?: number;
  /** This process's id among the bot processes sharing the store (default: random). */
  instanceId?: string;
  /** The gateway shards this process runs (default [0]) and the total across every process (default 1). */
  shards?: number[];
  shardCount?: number;
  /** Where the bot's metrics go (default: a registry of its own, without process metrics). */
  metrics?: BotMetrics;
}

/** How often a process says it is alive, and how long that holds: others take over its owed posts once it is silent. */
const HEARTBEAT_MS = 2_000;
const HEARTBEAT_TTL_MS = 6_000;

export interface RunningBot {
  client: Client;
  ctx: BotContext;
  metrics: BotMetrics;
  /**
   * Waits for background work (AI moves) to settle, then closes the gateway. The store stays open (the caller owns it).
   */
  stop(): Promise<void>;
  /**
   * Stops as a crash would (tests, benches): timers cleared and the gateway
   * closed at once, nothing waited for, the store not told; work in flight is
   * abandoned, and other processes take over what it owed once its heartbeat expires.
   */
  halt(): Promise<void>;
}

// Interaction tokens travel in webhook URLs; they are secrets for 15 minutes.
const WEBHOOK_TOKEN_RE = /\/(webhooks|interactions)\/(\d+)\/[A-Za-z0-9_.-]{20,}/g;
const scrub = (s: string): string => redactSecrets(s).replace(WEBHOOK_TOKEN_RE, '/$1/$2/[redacted]');

/** Error serializer: message, code, status, method and a scrubbed URL; never request bodies or headers. */
function safeErr(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: scrub(String(e)) };
  const o = e as Error & { code?: unknown; status?: unknown; method?: unknown; url?: unknown };
  return {
    type: e.name,
    message: scrub(e.message),
    code: o.code,
    status: o.status,
    method: o.method,
    url: typeof o.url === 'string' ? scrub(o.url) : undefined,
    stack: e.stack ? scrub(e.stack) : undefined,
  };
}

// In-process drawing (renderInWorkers: false), loaded on first use.
const inProcessRender: RenderBoard = async (game, state, opts) =>
  (await import('../render/index.js')).renderBoard(game, state, opts);
const inProcessReplay: RenderReplay = async (game, setup, moves, opts) =>
  (await import('../render/index.js')).renderReplay(game, setup, moves, opts);

// The pool is loaded on the first search; until then no search waits, so there is nothing to estimate.
let aiPool: typeof import('../ai/pool.js') | null = null;
const defaultThink: ThinkMove = async (game, state, level, seed, opts) => {
  aiPool ??= await import('../ai/pool.js');
  return aiPool.thinkMove(game, state, level, seed, opts);
};
const defaultAiWait: NonNullable<MatchContext['aiWait']> = (game, level) => aiPool?.aiWait(game, level) ?? null;
const poolReview: ReviewLane = {
  async grade(game, before, played, ply, seed) {
    aiPool ??= await import('../ai/pool.js');
    return aiPool.reviewPly(game, before, played, ply, seed);
  },
  async checkPuzzle(game, state, seed) {
    aiPool ??= await import('../ai/pool.js');
    return aiPool.checkPuzzle(game, state, seed);
  },
};
const inProcessWinChart: RenderWinChart = async (game, chart, opts) =>
  (await import('../render/index.js')).renderWinChart(game, chart, opts);
const inProcessComparison: RenderMoveComparison = async (game, before, moves, opts) =>
  (await import('../render/index.js')).renderMoveComparison(game, before, moves, opts);

/**
 * The review lane as this process runs it: a process stopping (or halted, as by a crash) grades nothing more, so a
 * review in progress gives its job back at once rather than hold the stop (another process goes on from its last ply).
 */
function stoppable(lane: ReviewLane, stopping: () => boolean): ReviewLane {
  return {
    ...lane,
    open: () => !stopping() && (lane.open?.() ?? true),
    grade: (...args) => (stopping() ? Promise.reject(new Error('the bot is stopping')) : lane.grade(...args)),
    ...(lane.checkPuzzle
      ? {
          checkPuzzle: (...args: Parameters<NonNullable<ReviewLane['checkPuzzle']>>) =>
            stopping() ? Promise.reject(new Error('the bot is stopping')) : lane.checkPuzzle!(...args),
        }
      : {}),
  };
}

/** Says once in the log how the AI's background lane runs: at the lowest priority, or (no per-thread priority) not. */
function sayAiPriority(think: ThinkMove, log: Logger): ThinkMove {
  let said = false;
  return async (...args) => {
    const move = await think(...args);
    const report = said ? null : (aiPool?.aiBackgroundPriority() ?? null);
    if (report) {
      said = true;
      if (report.lowered) log.info({ priority: report.detail }, 'AI background lane at the lowest OS priority');
      else
        log.warn({ priority: report.detail }, 'AI background lane at normal priority: expert searches share the CPU');
    }
    return move;
  };
}

export async function startBot(opts: StartBotOptions): Promise<RunningBot> {
  const base = opts.logger ?? pino({ level: 'silent' });
  const log = base.child({ component: 'bot' }, { serializers: { err: safeErr } });
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // Always explicit: discord.js would otherwise read SHARDS from the environment, where it means ours
    // (SHARDS=auto|N).
    shards: opts.shards ?? [0],
    shardCount: opts.shardCount ?? 1,
    rest: opts.apiUrl ? { api: opts.apiUrl } : {},
    // Pings are opted into per message (the player to move only).
    allowedMentions: { parse: [] },
  });
  const pending = new Set<Promise<unknown>>();
  const running = new Set<string>();
  let stopping = false;
  let stopped = false;
  /** Set as stop() begins: reviews give their jobs back rather than hold the stop. */
  let reviewsStopped = false;
  const sweepIntervalMs = opts.sweepIntervalMs ?? 60_000;
  const clockSweepIntervalMs = opts.clockSweepIntervalMs ?? sweepIntervalMs;
  const eventSweepIntervalMs = opts.eventSweepIntervalMs ?? sweepIntervalMs;
  const notifier = new DiscordNotifier();
  const instanceId = opts.instanceId ?? randomBytes(6).toString('hex');
  const metrics = opts.metrics ?? new BotMetrics();
  // The background lane's size, set before its first use; the pool's reviews take one slot per worker.
  let reviewLane: ReviewLane | null = opts.review && opts.review !== true ? opts.review : null;
  if (opts.review === true || opts.aiBackgroundWorkers !== undefined) {
    aiPool ??= await import('../ai/pool.js');
    if (opts.aiBackgroundWorkers !== undefined) aiPool.configureAiPool({ backgroundWorkers: opts.aiBackgroundWorkers });
    if (opts.review === true) reviewLane = { ...poolReview, slots: aiPool.aiBackgroundWorkers() };
  }
  const ctx: BotContext = {
    client,
    store: opts.store,
    instanceId,
    log,
    notifier,
    settings: {
      ...DEFAULT_MATCH_SETTINGS,
      ...opts.match,
      ...(opts.challengeTtlMs !== undefined ? { challengeTtlMs: opts.challengeTtlMs } : {}),
      ...(opts.moveTimeMs !== undefined ? { moveTimeMs: opts.moveTimeMs } : {}),
    },
    render: metrics.timeRender(opts.render ?? (opts.renderInWorkers === false ? inProcessRender : renderBoardPooled)),
    renderReplay: opts.renderReplay ?? (opts.renderInWorkers === false ? inProcessReplay : renderReplayPooled),
    renderWinChart: opts.renderWinChart ?? (opts.renderInWorkers === false ? inProcessWinChart : renderWinChartPooled),
    renderMoveComparison:
      opts.renderMoveComparison ?? (opts.renderInWorkers === false ? inProcessComparison : renderMoveComparisonPooled),
    ...(reviewLane ? { review: stoppable(reviewLane, () => stopping || reviewsStopped) } : {}),
    think: metrics.timeThink(opts.thinkMove ?? sayAiPriority(defaultThink, log)),
    ...(opts.aiWait ? { aiWait: opts.aiWait } : opts.thinkMove ? {} : { aiWait: defaultAiWait }),
    now: opts.now ?? Date.now,
    ...(opts.publicUrl ? { publicUrl: opts.publicUrl } : {}),
    ...(opts.activity ? { activity: true } : {}),
    background(label, work) {
      if (stopping) return;
      // One AI search per game, one run of each sweep, in this process (the CAS guards across processes).
      if (label.startsWith('ai ') || label.endsWith('sweep')) {
        if (running.has(label)) return;
        running.add(label);
      }
      const p = (async () => work())()
        .catch((e: unknown) => log.error({ err: e, task: label }, 'background task failed'))
        .finally(() => {
          pending.delete(p);
          running.delete(label);
        });
      pending.add(p);
    },
  };
  notifier.ctx = ctx;
  const detachMetrics = metrics.attach(ctx);
  // Tournaments learn of every game's end here (src/match/over.ts).
  ctx.onGameOver = (rec) => tournamentGameOver(ctx, rec);
  // A missing word is a bug the catalogue tests catch; in a running bot it must not cost a post.
  onMissingMessage((e) => log.error({ err: e }, 'missing message'));

  const track = (i: Interaction) => {
    const p = handleInteraction(ctx, i).catch((e: unknown) => log.error({ err: e }, 'router failed'));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  client.on(Events.InteractionCreate, track);
  client.on(Events.Error, (e) => log.error({ err: e }, 'discord client error'));
  client.on(Events.Warn, (m) => log.warn({ msg: scrub(m) }, 'discord client warning'));
  client.on(Events.ShardError, (e, shard) => log.error({ err: e, shard }, 'gateway shard error'));

  if (opts.renderWorkers !== undefined) configureRenderPool({ workers: opts.renderWorkers });
  if ((!opts.render || !opts.renderReplay) && opts.renderInWorkers !== false) warmRenderPool();
  // Alive before the first interaction: a post this process owes is not taken over while it lives.
  const beat = () => opts.store.processes.beat(instanceId, HEARTBEAT_TTL_MS);
  await beat().catch((e: unknown) => log.warn({ err: e }, 'could not write the first heartbeat'));
  const heartbeat = setInterval(
    () => void beat().catch((e: unknown) => log.debug({ err: e }, 'heartbeat failed')),
    HEARTBEAT_MS,
  );
  heartbeat.unref();
  // The shipped puzzles before the bot answers anyone: a fresh install has them by its first /puzzle, and nothing
  // is written behind a first interaction's back. A store that does not answer within 5 s leaves the seeding to go
  // on in the background rather than hold the start.
  if (opts.seedPuzzles !== false) {
    const seeding = seedPuzzlePool(ctx).catch((e: unknown) => log.error({ err: e }, 'puzzle pool not seeded'));
    await Promise.race([seeding, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(opts.token);
    await ready;
  } catch (e) {
    detachMetrics();
    clearInterval(heartbeat);
    throw e;
  }
  log.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'bot ready');

  const sweeper =
    sweepIntervalMs > 0
      ? setInterval(() => ctx.background('sweep', () => sweepChallenges(ctx)), sweepIntervalMs)
      : null;
  sweeper?.unref();
  // Deadlines live in the store, so after a restart this sweep picks them up.
  const clockSweeper =
    clockSweepIntervalMs > 0
      ? setInterval(() => ctx.background('clock sweep', () => sweepClocks(ctx)), clockSweepIntervalMs)
      : null;
  clockSweeper?.unref();
  const eventSweeper =
    eventSweepIntervalMs > 0
      ? setInterval(() => {
          ctx.background('tournament sweep', () => sweepTournaments(ctx));
          ctx.background('season sweep', () => sweepSeasons(ctx));
          ctx.background('daily puzzle sweep', () => sweepDailyPuzzles(ctx));
        }, eventSweepIntervalMs)
      : null;
  eventSweeper?.unref();
  if (opts.resumeAi !== false) ctx.background('resume', () => resumeAi(ctx));
  // Posts saved but never made (a crash between the two, a refused post): made once, by one process.
  const announceSweepIntervalMs = opts.announceSweepIntervalMs ?? 3_000;
  const announceSweeper =
    announceSweepIntervalMs > 0
      ? setInterval(() => {
          ctx.background('announcement sweep', () => sweepOwed(ctx, opts.announceGraceMs));
          // AI turns nobody is taking (a process that died while thinking): on the same beat.
          ctx.background('ai sweep', () => sweepAiTurns(ctx, opts.announceGraceMs));
          // Reviews queued while this process was busy, or left by a process that died; and their puzzle checks.
          ctx.background('review sweep', () => sweepReviews(ctx));
          ctx.background('puzzle check sweep', () => sweepPuzzleChecks(ctx));
        }, announceSweepIntervalMs)
      : null;
  announceSweeper?.unref();
  if (announceSweepIntervalMs > 0) {
    ctx.background('announcement sweep', () => sweepOwed(ctx, opts.announceGraceMs));
    ctx.background('ai sweep', () => sweepAiTurns(ctx, opts.announceGraceMs));
    ctx.background('review sweep', () => sweepReviews(ctx));
    ctx.background('puzzle check sweep', () => sweepPuzzleChecks(ctx));
  }

  const clearTimers = () => {
    for (const t of [sweeper, clockSweeper, eventSweeper, announceSweeper, heartbeat]) if (t) clearInterval(t);
  };
  return {
    client,
    ctx,
    async halt() {
      if (stopped) return;
      stopped = stopping = reviewsStopped = true;
      clearTimers();
      client.off(Events.InteractionCreate, track);
      detachMetrics();
      await client.destroy();
    },
    metrics,
    async stop() {
      if (stopped) return;
      stopped = reviewsStopped = true;
      clearTimers();
      client.off(Events.InteractionCreate, track);
      const deadline = new Promise((r) => setTimeout(r, 10_000).unref());
      while (pending.size > 0) {
        const settled = await Promise.race([
          Promise.allSettled([...pending]).then(() => true),
          deadline.then(() => false),
        ]);
        if (!settled) break;
      }
      stopping = true;
      // Gone: another process may take over at once whatever this one still owes.
      await opts.store.processes
        .gone(instanceId)
        .catch((e: unknown) => log.warn({ err: e }, 'could not say this process stopped'));
      detachMetrics();
      await client.destroy();
    },
  };
}

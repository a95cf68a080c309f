// npm start with SHARDS set: the shard manager. It holds no gateway shard
// itself: it starts SHARD_PROCESSES bot processes (this same compiled entry
// point, dist/index.js) through discord-hybrid-sharding's ClusterManager, each
// running its share of this machine's shards (SHARD_IDS, else all of SHARDS)
// as a full bot on the shared Redis. It serves one health and metrics endpoint
// for all of them (readiness and metrics gathered over IPC), restarts a process
// that dies after it was ready, and on SIGTERM stops every process gracefully.
import { ClusterManager, type Cluster } from 'discord-hybrid-sharding';
import { recommendedShards } from '../bot/gateway.js';
import type { ChildProcess } from 'node:child_process';
import { AggregatorRegistry, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import type { Config, ShardingConfig } from '../config.js';
import type { MetricsJson, Readiness } from '../bot/index.js';
import { startHealthServer, type HealthServer } from './health-server.js';
import { SHARD_PROCESS_ENV, type ManagerRequest } from './role.js';

export interface ManagerOptions {
  config: Config & { sharding: ShardingConfig; discordToken: string };
  log: Logger;
  /** The bot entry point the processes run (dist/index.js). */
  entry: string;
  /** Reports a start-up failure the way npm start does, and exits. */
  failed(e: unknown, stage: 'discord' | 'metrics'): never;
}

export interface ShardPlan {
  total: number;
  /** The shard ids of this machine, and how they are split among its processes. */
  ids: number[];
  processes: number[][];
}

/** Time a process has to answer the manager's readiness or metrics request (ms). */
const IPC_TIMEOUT_MS = 2000;
/** After SIGTERM, how long the processes have to stop (each forces its own exit after 15 s) before they are killed. */
const STOP_GRACE_MS = 20_000;
/**
 * A process that dies after it was ready is restarted, at most this many times an hour; past that the manager exits 1.
 */
const RESTARTS_PER_HOUR = 5;

/**
 * This machine's shards split the way discord-hybrid-sharding splits them:
 * runs of ceil(shards / SHARD_PROCESSES) in order, the last one shorter (so 6
 * shards on 4 processes make 3 processes of 2).
 */
export function planShards(total: number, sharding: ShardingConfig): ShardPlan {
  const ids = sharding.list ?? Array.from({ length: total }, (_, i) => i);
  const size = Math.ceil(ids.length / Math.max(1, Math.min(sharding.processes, ids.length)));
  const processes: number[][] = [];
  for (let at = 0; at < ids.length; at += size) processes.push(ids.slice(at, at + size));
  return { total, ids, processes };
}

export async function runManager(opts: ManagerOptions): Promise<void> {
  const { config, log } = opts;
  const sharding = config.sharding;
  let total: number;
  try {
    total =
      sharding.total === 'auto' ? await recommendedShards(config.discordToken, config.discordApiUrl) : sharding.total;
  } catch (e) {
    opts.failed(e, 'discord');
  }
  if (sharding.list?.some((id) => id >= total)) {
    opts.failed(new Error(`SHARD_IDS names shards past the total of ${total}`), 'discord');
  }
  const plan = planShards(total, sharding);
  log.info(
    { totalShards: total, shards: plan.ids, processes: plan.processes.length },
    'shard manager: starting the bot processes',
  );

  // The children are this same entry point: this tells them they are shard processes, not another manager.
  process.env[SHARD_PROCESS_ENV] = '1';
  const manager = new ClusterManager(opts.entry, {
    token: config.discordToken,
    totalShards: total,
    shardList: plan.ids,
    totalClusters: sharding.processes,
    mode: 'process',
    // Restarts are decided here (a process failing at start-up stops everything instead of looping).
    respawn: false,
    execArgv: process.execArgv,
    spawnOptions: { delay: sharding.spawnDelayMs, timeout: -1 },
  });
  const expected = plan.processes.length;

  let stopping = false;
  const everReady = new Set<number>();
  const restarts: number[] = [];
  const exited = new Map<number, Promise<void>>();

  const registry = new Registry();
  registry.setDefaultLabels({ process: 'manager', shards: plan.ids.join(',') });
  collectDefaultMetrics({ register: registry });
  const up = new Gauge({
    name: 'hexmate_shard_process_up',
    help: 'Whether each bot process of this shard manager answered the last metrics scrape (1) or not (0).',
    labelNames: ['process'],
    registers: [registry],
  });

  const procOf = (c: Cluster): ChildProcess | null => (c.thread?.process as ChildProcess | null | undefined) ?? null;
  const ask = (c: Cluster, what: ManagerRequest): Promise<unknown> =>
    c.thread
      ? c.request({ hexmate: what, options: { timeout: IPC_TIMEOUT_MS } })
      : Promise.reject(new Error('not running'));

  async function ready(): Promise<Readiness> {
    if (stopping) return { ok: false, detail: 'shutting down' };
    const clusters = [...manager.clusters.values()];
    if (clusters.length < expected)
      return { ok: false, detail: `starting: ${clusters.length} of ${expected} bot processes started` };
    const answers = await Promise.all(
      clusters.map(async (c) => {
        try {
          const r = (await ask(c, 'ready')) as Readiness;
          return { c, r };
        } catch (e) {
          return {
            c,
            r: {
              ok: false,
              detail: e instanceof Error && e.message.includes('timed out') ? 'no answer' : 'not running',
            },
          };
        }
      }),
    );
    const bad = answers.filter((a) => !a.r.ok);
    if (bad.length > 0) return { ok: false, detail: bad.map((a) => `process ${a.c.id}: ${a.r.detail}`).join('; ') };
    return { ok: true, detail: `ready (${clusters.length} processes, shards ${plan.ids.join(', ')} of ${total})` };
  }

  async function metrics(): Promise<{ contentType: string; body: string }> {
    const parts: MetricsJson[] = [];
    up.reset();
    await Promise.all(
      [...manager.clusters.values()].map(async (c) => {
        try {
          const r = (await ask(c, 'metrics')) as { json?: MetricsJson };
          if (!Array.isArray(r.json)) throw new Error('no metrics in the answer');
          parts.push(r.json);
          up.set({ process: String(c.id) }, 1);
        } catch (e) {
          up.set({ process: String(c.id) }, 0);
          log.debug({ err: e, process: c.id }, 'shard manager: a process gave no metrics');
        }
      }),
    );
    parts.push(await registry.getMetricsAsJSON());
    const merged = AggregatorRegistry.aggregate(parts);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }

  let health: HealthServer | null = null;
  if (config.metricsPort !== undefined) {
    try {
      health = await startHealthServer({
        port: config.metricsPort,
        host: config.metricsHost,
        sources: { ready, metrics },
        log,
      });
    } catch (e) {
      opts.failed(e, 'metrics');
    }
  }

  async function stopAll(exitCode: number, why: string): Promise<never> {
    if (!stopping) {
      stopping = true;
      manager.queue.stop();
      log.info({ reason: why }, 'shard manager: stopping every bot process');
      const all = [...manager.clusters.values()];
      for (const c of all) procOf(c)?.kill('SIGTERM');
      const grace = new Promise<'late'>((r) => setTimeout(() => r('late'), STOP_GRACE_MS).unref());
      const done = Promise.all(all.map((c) => exited.get(c.id) ?? Promise.resolve())).then(() => 'done' as const);
      if ((await Promise.race([done, grace])) === 'late') {
        log.warn('shard manager: processes still running after the grace period; killing them');
        for (const c of all) procOf(c)?.kill('SIGKILL');
      }
      await health?.close();
    }
    process.exit(exitCode);
  }

  manager.on('clusterCreate', (cluster: Cluster) => {
    cluster.on('spawn', (thread) => {
      const child = thread as ChildProcess; // mode 'process': a child process, not a worker thread
      exited.set(cluster.id, new Promise<void>((r) => child.once('exit', () => r())));
      log.info(
        { process: cluster.id, shards: cluster.shardList, pid: child.pid },
        'shard manager: bot process started',
      );
    });
    cluster.on('ready', () => {
      everReady.add(cluster.id);
      log.info({ process: cluster.id, shards: cluster.shardList }, 'shard manager: bot process ready');
    });
    cluster.on('death', (_c, thread) => {
      if (stopping) return;
      const child = thread as ChildProcess | null | undefined;
      const code = child?.exitCode ?? null;
      const signal = child?.signalCode ?? null;
      if (!everReady.has(cluster.id)) {
        // It printed why (a refused token: 78; Discord or Redis unreachable: 1): restarting it would only repeat that.
        log.error({ process: cluster.id, code, signal }, 'shard manager: a bot process stopped before it was ready');
        void stopAll(code === 78 ? 78 : 1, 'a bot process failed to start');
        return;
      }
      const now = Date.now();
      while (restarts.length > 0 && restarts[0] < now - 3_600_000) restarts.shift();
      if (restarts.length >= RESTARTS_PER_HOUR) {
        log.error(
          { process: cluster.id, code, signal },
          `shard manager: a bot process died again (${RESTARTS_PER_HOUR} restarts within the hour); stopping`,
        );
        void stopAll(1, 'too many restarts');
        return;
      }
      restarts.push(now);
      everReady.delete(cluster.id);
      log.warn({ process: cluster.id, code, signal }, 'shard manager: a bot process died; restarting it');
      const wait = setTimeout(() => {
        if (stopping) return;
        cluster.spawn(-1).catch((e: unknown) => {
          log.error({ err: e, process: cluster.id }, 'shard manager: could not restart a bot process');
          void stopAll(1, 'a restart failed');
        });
      }, sharding.spawnDelayMs);
      wait.unref();
    });
  });
  manager.on('debug', (m: string) => log.debug({ msg: m }, 'discord-hybrid-sharding'));
  // The library reports spawn errors on the manager: an 'error' without a listener would throw.
  manager.on('error', (e: unknown) => log.error({ err: e }, 'shard manager error'));

  process.on('SIGTERM', () => void stopAll(0, 'SIGTERM'));
  process.on('SIGINT', () => void stopAll(0, 'SIGINT'));

  await manager.spawn({ amount: total, delay: sharding.spawnDelayMs, timeout: -1 });
}

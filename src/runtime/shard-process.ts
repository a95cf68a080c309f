// A bot process started by the shard manager (src/runtime/manager.ts): which
// shards it runs, and its side of the manager's IPC — it reports ready and
// answers the manager's readiness and metrics requests. (It stops when the
// manager goes: src/index.ts watches the IPC channel from the start.)
import { ClusterClient, getInfo, IPCMessage, messageType } from 'discord-hybrid-sharding';
import { checkReadiness, type RunningBot } from '../bot/index.js';
import type { Store } from '../store/types.js';
import type { ManagerRequest } from './role.js';

export interface ShardAssignment {
  /** The manager's number for this process (0, 1, ...). */
  process: number;
  /** The shard ids it runs, and the total across every process and machine. */
  shards: number[];
  total: number;
}

/** This process's shards, from the environment the manager gave it. */
export function shardAssignment(): ShardAssignment {
  const info = getInfo();
  const shards = info.SHARD_LIST.filter((n) => Number.isInteger(n) && n >= 0);
  if (shards.length === 0 || !(info.TOTAL_SHARDS >= 1) || !Number.isInteger(info.CLUSTER)) {
    throw new Error(
      'started as a shard process, but the shard manager gave no valid SHARD_LIST, TOTAL_SHARDS and CLUSTER',
    );
  }
  return { process: info.CLUSTER, shards, total: info.TOTAL_SHARDS };
}

/** Connects a running bot to its manager: tells it the bot is ready, answers its readiness and metrics requests. */
export function serveManager(bot: RunningBot, store: Store, isStopping: () => boolean): void {
  const link = new ClusterClient(bot.client);
  link.on('message', (message) => {
    // Requests arrive as IPCMessage (the library wraps every object message); anything else is not ours.
    if (!(message instanceof IPCMessage) || message._type !== messageType.CUSTOM_REQUEST) return;
    const m = message;
    const asked = (m.raw as { hexmate?: ManagerRequest }).hexmate;
    const answer = async (): Promise<object> => {
      if (asked === 'ready')
        return isStopping() ? { ok: false, detail: 'shutting down' } : checkReadiness({ client: bot.client, store });
      if (asked === 'metrics') return { json: await bot.metrics.json() };
      return { error: `unknown request ${String(asked)}` };
    };
    answer()
      .then((body) => m.reply(body))
      .catch((e: unknown) => bot.ctx.log.warn({ err: e, request: asked }, 'could not answer the shard manager'));
  });
  link.triggerReady();
}

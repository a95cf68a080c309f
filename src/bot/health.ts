// Is this bot process ready to serve? Its gateway shards are all connected and
// ready, and Redis answers a PING in time. The detail is one line for /readyz,
// an orchestrator's log or a shard manager.
import { Status, type Client } from 'discord.js';
import { redactSecrets } from '../log.js';
import type { Store } from '../store/types.js';

export interface Readiness {
  ok: boolean;
  /** One line for /readyz: "ready (...)", or why not. */
  detail: string;
}

/** How long Redis has to answer the readiness PING (ms). */
export const REDIS_PING_TIMEOUT_MS = 1000;

export async function checkReadiness(
  bot: { client: Client; store: Store },
  redisTimeoutMs = REDIS_PING_TIMEOUT_MS,
): Promise<Readiness> {
  const shards = [...bot.client.ws.shards.values()];
  if (!bot.client.isReady() || shards.length === 0)
    return { ok: false, detail: 'gateway not ready: still connecting to Discord' };
  const down = shards.filter((s) => s.status !== Status.Ready);
  if (down.length > 0) {
    const which = down.map((s) => `${s.id} (${Status[s.status] ?? s.status})`).join(', ');
    return { ok: false, detail: `gateway not ready: shard ${which}` };
  }
  try {
    await bot.store.ping(redisTimeoutMs);
  } catch (e) {
    return { ok: false, detail: `redis not answering: ${redactSecrets(e instanceof Error ? e.message : String(e))}` };
  }
  const ids = shards.map((s) => s.id).join(', ');
  return { ok: true, detail: `ready (shard${shards.length > 1 ? 's' : ''} ${ids})` };
}

// What the health checks and metrics see of Redis, without reaching into the
// client from above: a PING bounded in time, and every error the client
// reports — connection failures ('error' events, one per failed attempt) and
// failed commands (ioredis publishes each command on the `ioredis:command`
// tracing channel of node:diagnostics_channel; a command refused before it is
// written, e.g. from the offline queue, shows as the connection errors around it).
import { tracingChannel } from 'node:diagnostics_channel';
import type { Redis } from 'ioredis';
import type { RedisErrorKind } from './types.js';

/** Resolves when the client answers PING within `timeoutMs`; rejects with the reason otherwise. */
export async function pingWithin(redis: Redis, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer to PING within ${timeoutMs} ms`)), timeoutMs);
  });
  const ping = redis.ping();
  // A PING that fails after the deadline has nobody waiting for it: that failure was already reported as the timeout.
  ping.catch(() => undefined);
  try {
    await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}

const commands = tracingChannel<unknown, object>('ioredis:command');

/**
 * Reports the errors of `redis` to `listener` until the returned function is
 * called. The tracing channel is process-wide: failed commands of every ioredis
 * client in the process are counted (a bot process has one store).
 */
export function watchErrors(redis: Redis, listener: (kind: RedisErrorKind) => void): () => void {
  const onConnection = () => listener('connection');
  redis.on('error', onConnection);
  const onCommand = () => listener('command');
  commands.error.subscribe(onCommand);
  return () => {
    redis.off('error', onConnection);
    commands.error.unsubscribe(onCommand);
  };
}

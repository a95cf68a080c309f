// Telling a Redis outage from everything else. With the fail-fast client
// (index.ts: no offline queue, no resending) a command either was never sent
// — the store is down, nothing happened — or was in flight when the
// connection dropped or the timeout struck, and may or may not have run.
// Callers answer both plainly ("game storage is unavailable") and, for a
// write whose outcome is unknown, leave the truth to the announcement sweep.

export type Unavailable = 'not-sent' | 'unknown';

/** Written before anything reached Redis: the command certainly did not run. */
const NOT_SENT = [
  /enableOfflineQueue options is false/,
  /^Connection is closed\.$/,
  /isn't ready/,
  /^None of startup nodes is available/,
  /^Failed to refresh slots cache/,
];
/** Sent, then no answer: it may have run. */
const MAYBE = [/^Command timed out$/, /^Reached the max retries per request limit/, /^Connection lost/];
const NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether `e` is Redis being unreachable or silent (and whether the command may have run); null for any other error.
 */
export function storeUnavailable(e: unknown): Unavailable | null {
  if (!(e instanceof Error)) return null;
  if (e.name === 'MaxRetriesPerRequestError') return 'unknown';
  if (NOT_SENT.some((re) => re.test(e.message))) return 'not-sent';
  if (MAYBE.some((re) => re.test(e.message))) return 'unknown';
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && NET_CODES.has(code)) return code === 'ECONNREFUSED' ? 'not-sent' : 'unknown';
  return null;
}

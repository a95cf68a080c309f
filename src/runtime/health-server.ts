// The HTTP server on METRICS_PORT, for an orchestrator and Prometheus:
//   GET /livez    200 while the process answers at all (the event loop turns: a
//                 blocked loop answers nothing, and the probe's timeout fails it)
//   GET /readyz   200 "ready", or 503 with a one-line reason (gateway not ready,
//                 Redis not answering PING in time, shutting down...)
//   GET /metrics  Prometheus text exposition
// The same server fronts one bot process or a shard manager: only the sources differ.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Readiness } from '../bot/health.js';

export type { Readiness };

export interface HealthSources {
  ready(): Promise<Readiness>;
  metrics(): Promise<{ contentType: string; body: string }>;
}

export interface HealthServerOptions {
  port: number;
  host: string;
  sources: HealthSources;
  log: Logger;
  /** Longest a readiness check or a scrape may take before it is answered with a failure (ms). Default 3000. */
  timeoutMs?: number;
}

export interface HealthServer {
  /** The port it listens on (the one asked for, or the one chosen for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

const TEXT = 'text/plain; charset=utf-8';

/** Listens, or rejects with the listen error (EADDRINUSE, EACCES...) for the caller to report. */
export async function startHealthServer(opts: HealthServerOptions): Promise<HealthServer> {
  const timeoutMs = opts.timeoutMs ?? 3000;
  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      opts.log.error({ err: e, path: req.url }, 'health server: request failed');
      if (!res.headersSent) send(res, 500, TEXT, 'internal error\n');
      else res.destroy();
    });
  });
  // Probes and scrapes are short requests: do not let idle keep-alive sockets hold a shutdown.
  server.keepAliveTimeout = 1000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, TEXT, 'method not allowed\n', { allow: 'GET, HEAD' });
    switch (path) {
      case '/livez':
        return send(res, 200, TEXT, 'ok\n');
      case '/readyz': {
        const r = await within(opts.sources.ready(), timeoutMs, {
          ok: false,
          detail: `readiness check took longer than ${timeoutMs} ms`,
        });
        return send(res, r.ok ? 200 : 503, TEXT, `${oneLine(r.detail)}\n`);
      }
      case '/metrics': {
        const m = await within(opts.sources.metrics(), timeoutMs, null);
        if (!m) return send(res, 503, TEXT, `metrics took longer than ${timeoutMs} ms\n`);
        return send(res, 200, m.contentType, m.body);
      }
      default:
        return send(res, 404, TEXT, 'not found: try /livez, /readyz or /metrics\n');
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (e) => opts.log.error({ err: e }, 'health server error'));
  const port = (server.address() as AddressInfo).port;
  opts.log.info({ host: opts.host, port }, 'health and metrics on /livez, /readyz, /metrics');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store', ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

const oneLine = (s: string): string => s.replace(/\s*\n\s*/g, ' ').slice(0, 500);

/** The value of `work`, or `fallback` when it takes longer than `ms`; a failure of `work` rejects (answered 500). */
async function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

// The live game page (docs/web.md): an HTTP server of its own (WEB_PORT) in the bot process, serving
//   GET /game/<id>          the web client (web/, built into dist-web/ by `npm run build:web`), or a refusal page
//   GET /assets/<file>      the client's files
//   WS  /ws/game/<id>       the game as public data (match/view.ts), then again after each committed write; a page
//                           signed in (a session token, web-session.ts) whose user plays the game sends its moves
//   GET / , /api/activity, POST /api/token   the Discord Activity's page and sign-in (activity-auth.ts), when enabled
// Updates come from the store's change feed (Redis pub/sub), so a move made by any bot process reaches every page. A
// move from a page goes through the match layer as /move does (match/web-move.ts). Its own port, not METRICS_PORT's: /metrics and /readyz stay
// private while this one is published (behind a reverse proxy for HTTPS).
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { format, type Locale, localeOf } from '../i18n/catalogue.js';
import type { Side } from '../engine/game.js';
import type { MessageKey } from '../i18n/catalogue.js';
import type { MatchContext } from '../match/context.js';
import { gameView, type GameViewResult, mayWatch, parseClientMessage, type ServerMessage } from '../match/view.js';
import { playFromPage } from '../match/web-move.js';
import type { Store } from '../store/types.js';
import { type ActivityAuthOptions, activityRoutes } from './activity-auth.js';
import { send } from './http-reply.js';
import { perAddressLimit } from './rate-window.js';
import { verifySession, type WebSession } from './web-session.js';

/** Where `npm run build:web` puts the client: dist-web/ at the project's root (from src/runtime or dist/runtime alike). */
export const WEB_ASSETS_DIR = fileURLToPath(new URL('../../dist-web', import.meta.url));

export interface WebServerOptions {
  port: number;
  host: string;
  store: Store;
  log: Logger;
  /** The built client (index.html and assets/): dist-web/. */
  assetsDir: string;
  limits?: Partial<WebLimits>;
  /** The bot's match layer: with it, the players' moves from their pages are played; without it, read-only. */
  match?: MatchContext;
  /** The key session tokens are checked with (sessionKey in web-session.ts); null or absent: nobody is signed in. */
  sessionKey?: Buffer | null;
  /**
   * The Discord Activity's sign-in and its page at `/` (activity-auth.ts), when ACTIVITY_ENABLED: it mints its
   * sessions with `sessionKey` (none: off). Absent: off.
   */
  activity?: Omit<ActivityAuthOptions, 'store' | 'log' | 'page' | 'sessionKey'>;
}

export interface WebLimits {
  /** Largest message a client may send, bytes (larger: the socket is closed, 1009). */
  maxMessageBytes: number;
  /** Messages a client may send per `rateWindowMs` (more: the socket is closed, 1008). */
  maxMessagesPerWindow: number;
  rateWindowMs: number;
  /** Sockets open at once, over all games (more: refused). */
  maxSockets: number;
  /** Sockets one address may hold at once (behind a proxy: the proxy's, unless it is the only client). */
  maxSocketsPerAddress: number;
  /** Pages (/game/<id>, each a read of Redis) one address may load per `rateWindowMs` (more: 429, a busy page). */
  maxPagesPerWindow: number;
  /** A private game's socket waits this long for a hello naming one of its players, then refuses (ms). */
  helloWaitMs: number;
  /** Each socket is pinged this often; one that did not answer the last ping is dropped (ms). */
  heartbeatMs: number;
}

const DEFAULT_LIMITS: WebLimits = {
  maxMessageBytes: 512,
  maxMessagesPerWindow: 20,
  rateWindowMs: 10_000,
  maxSockets: 10_000,
  maxSocketsPerAddress: 500,
  maxPagesPerWindow: 60,
  helloWaitMs: 5000,
  heartbeatMs: 30_000,
};

export interface WebServer {
  readonly port: number;
  /** Open sockets (tests, the bench). */
  readonly sockets: number;
  close(): Promise<void>;
}

const HTML = 'text/html; charset=utf-8';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};
const GAME_PATH = /^\/game\/([^/]{1,64})\/?$/;
const WS_PATH = /^\/ws\/game\/([^/]{1,64})$/;
const ASSET_PATH = /^\/assets\/([A-Za-z0-9._-]{1,128})$/;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The reader's language: `?lang=fr|en`, else the browser's first language. */
function pageLocale(url: URL, req: IncomingMessage): Locale {
  const q = url.searchParams.get('lang');
  if (q === 'fr' || q === 'en') return q;
  return localeOf(req.headers['accept-language']?.split(',')[0]?.trim());
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const { store, log } = opts;
  const watchers = new Map<string, Set<WebSocket>>();
  const perAddress = new Map<string, number>();
  /** Pages loaded per address in the current window. */
  const tooManyPages = perAddressLimit(limits.maxPagesPerWindow, limits.rateWindowMs);
  /** The newest version sent per watched game, and whether a fetch is under way (updates coalesce). */
  const sent = new Map<string, { version: number; fetching: boolean; again: boolean }>();
  let indexHtml: Promise<string | null> | null = null;
  const index = () =>
    (indexHtml ??= readFile(path.join(opts.assetsDir, 'index.html'), 'utf8').catch(() => {
      indexHtml = null; // built later: look again next time
      return null;
    }));

  function refusalPage(res: ServerResponse, status: number, locale: Locale, which: 'private' | 'missing' | 'busy') {
    const title = format(locale, `web.refused.${which}Title`);
    const body = format(locale, `web.refused.${which}Body`);
    const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · hexmate</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:32rem;padding:0 1rem;background:#1e1f22;color:#e6e6e6}</style></head><body><h1 id="refused">${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></body></html>`;
    send(res, status, HTML, html);
  }

  const activity =
    opts.activity && opts.sessionKey
      ? activityRoutes({ ...opts.activity, sessionKey: opts.sessionKey, store, log, page: index })
      : null;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    if (activity && (await activity(req, res, url))) return;
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'text/plain', 'method not allowed\n', { allow: 'GET, HEAD' });
    const game = GAME_PATH.exec(url.pathname);
    if (game) {
      const locale = pageLocale(url, req);
      if (tooManyPages(req.socket.remoteAddress ?? '?')) return refusalPage(res, 429, locale, 'busy');
      const v = await gameView(store, game[1]);
      if (!v.ok) return refusalPage(res, 404, locale, 'missing');
      // A private game's page is the same client and holds nothing of the game: its socket shows the game only to a
      // session naming one of its players (the token is in the page's fragment or given by the Activity, never here).
      const html = await index();
      if (html === null) return send(res, 503, 'text/plain', 'the web client is not built: npm run build:web\n');
      return send(res, 200, HTML, html, { 'cache-control': 'no-cache' });
    }
    const asset = ASSET_PATH.exec(url.pathname);
    if (asset && !asset[1].startsWith('.')) {
      const file = path.join(opts.assetsDir, 'assets', asset[1]);
      const body = await readFile(file).catch(() => null);
      if (!body) return send(res, 404, 'text/plain', 'not found\n');
      // Vite names each file by its content: cache it for good.
      return send(res, 200, TYPES[path.extname(file)] ?? 'application/octet-stream', body, {
        'cache-control': 'public, max-age=31536000, immutable',
      });
    }
    return send(res, 404, 'text/plain', 'not found\n');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      log.error({ err: e, path: req.url?.slice(0, 100) }, 'web: request failed');
      if (!res.headersSent) send(res, 500, 'text/plain', 'internal error\n');
      else res.destroy();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  let open = 0;

  server.on('upgrade', (req, socket, head) => {
    const m = WS_PATH.exec(new URL(req.url ?? '/', 'http://x').pathname);
    if (!m) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // handleUpgrade does not emit 'connection' by itself: without it the heartbeat below never saw a socket alive
      // and cut every one at its first round (pages reconnected every 30 s, a move sent meanwhile was lost).
      wss.emit('connection', ws, req);
      void welcome(ws, m[1], req.socket.remoteAddress ?? '?');
    });
  });

  const message = (ws: WebSocket, m: ServerMessage) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m));
  };

  async function welcome(ws: WebSocket, id: string, address: string): Promise<void> {
    ws.on('error', () => undefined); // a client's broken socket is its own business
    const held = perAddress.get(address) ?? 0;
    if (open >= limits.maxSockets || held >= limits.maxSocketsPerAddress) {
      message(ws, { type: 'refused', reason: 'busy' });
      ws.close(1013, 'busy');
      return;
    }
    open++;
    perAddress.set(address, held + 1);
    let counted = 0;
    let windowStart = Date.now();
    ws.on('close', () => {
      open--;
      const n = (perAddress.get(address) ?? 1) - 1;
      if (n > 0) perAddress.set(address, n);
      else perAddress.delete(address);
      const set = watchers.get(id);
      set?.delete(ws);
      if (set?.size === 0) {
        watchers.delete(id);
        sent.delete(id);
      }
    });
    /** The session a hello's token proved (null: none, or a token not believed), and what the game read said. */
    let session: WebSession | null = null;
    let helloSeen = false;
    let read: Extract<GameViewResult, { ok: true }> | null = null;
    let joined = false;
    let moving = false;
    let helloTimer: NodeJS.Timeout | undefined;
    ws.on('close', () => clearTimeout(helloTimer));
    const userId = () => session?.userId ?? null;
    const side = (): Side | null => {
      const i = read && session ? read.playerIds.indexOf(session.userId) : -1;
      return i === 0 || i === 1 ? i : null;
    };
    const refuseAll = (reason: 'missing' | 'private') => {
      message(ws, { type: 'refused', reason });
      ws.close(1000, reason);
    };
    const join = (r: Extract<GameViewResult, { ok: true }>) => {
      joined = true;
      clearTimeout(helloTimer);
      let set = watchers.get(id);
      if (!set) watchers.set(id, (set = new Set()));
      set.add(ws);
      const s = sent.get(id);
      if (!s || s.version < r.view.version) sent.set(id, { version: r.view.version, fetching: false, again: false });
      message(ws, { type: 'game', view: r.view });
      if (helloSeen) message(ws, { type: 'session', side: side() });
    };
    /** Once the game is read: a public game is shown at once, a private one only to its players' session. */
    const decide = () => {
      if (!read || joined || ws.readyState !== WebSocket.OPEN) return;
      if (mayWatch(read, userId())) return join(read);
      if (helloSeen) return refuseAll('private');
      // No hello yet (a page sends it as it opens): wait a little for one.
      helloTimer ??= setTimeout(() => {
        if (!joined) refuseAll('private');
      }, limits.helloWaitMs);
    };
    const hello = (token: string | undefined) => {
      helloSeen = true;
      session = token === undefined || !opts.sessionKey ? null : verifySession(opts.sessionKey, token);
      if (token !== undefined && !session) message(ws, { type: 'error', error: 'bad-session' });
      if (!joined) return decide();
      // Signed out of a private game it was watching: it sees no more of it.
      if (read && !mayWatch(read, userId())) return refuseAll('private');
      message(ws, { type: 'session', side: side() });
    };
    const move = async (m: { id: number; version: number; move: string }) => {
      const no = (key: MessageKey) => message(ws, { type: 'move-refused', id: m.id, reason: { key } });
      if (!opts.match) return no('web.play.readOnly');
      if (!joined) return no('web.play.badMessage');
      if (!session) return no('web.play.signIn');
      if (session.exp <= Date.now()) return no('web.play.sessionExpired');
      if (side() === null) return no('web.play.notPlayer');
      if (moving) return no('web.play.wait');
      moving = true;
      try {
        const r = await playFromPage(opts.match, id, session.userId, m.version, m.move);
        log.debug({ gameId: id, version: m.version, played: r.ok }, 'web: a move from a page');
        message(ws, r.ok ? { type: 'ack', id: m.id } : { type: 'move-refused', id: m.id, reason: r.reason });
      } catch (e) {
        log.warn({ err: e, gameId: id }, 'web: a move from a page failed');
        no('web.play.failed');
      } finally {
        moving = false;
      }
    };
    // What a client says is checked whole (match/view.ts parseClientMessage); anything else is answered as bad, too
    // many of anything closes the socket.
    ws.on('message', (data, isBinary) => {
      const now = Date.now();
      if (now - windowStart > limits.rateWindowMs) {
        windowStart = now;
        counted = 0;
      }
      if (++counted > limits.maxMessagesPerWindow) {
        ws.close(1008, 'too many messages');
        return;
      }
      let parsed: unknown = null;
      try {
        parsed = isBinary ? null : JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : '');
      } catch {
        parsed = null;
      }
      const m = parseClientMessage(parsed);
      if (!m) message(ws, { type: 'error', error: 'bad-message' });
      else if (m.type === 'ping') message(ws, { type: 'pong' });
      else if (m.type === 'hello') hello(m.token);
      else void move(m);
    });
    try {
      const v = await gameView(store, id);
      if (!v.ok) return refuseAll(v.reason);
      read = v;
      decide();
    } catch (e) {
      log.warn({ err: e, gameId: id }, 'web: a game could not be read for a watcher');
      ws.close(1011, 'try again');
    }
  }

  /** A committed write of a watched game: read it once and send it to all its watchers (one read at a time). */
  async function changed(id: string, version: number): Promise<void> {
    const s = sent.get(id);
    if (!s || version <= s.version) return;
    if (s.fetching) {
      s.again = true;
      return;
    }
    s.fetching = true;
    try {
      do {
        s.again = false;
        const v = await gameView(store, id);
        const set = watchers.get(id);
        if (!set) return;
        if (!v.ok) {
          for (const ws of set) {
            message(ws, { type: 'refused', reason: v.reason });
            ws.close(1000, v.reason);
          }
          return;
        }
        // Every watcher was let in by decide() (a private game's only with its players' sessions).
        if (v.view.version <= s.version) continue;
        s.version = v.view.version;
        const text = JSON.stringify({ type: 'game', view: v.view } satisfies ServerMessage);
        for (const ws of set) if (ws.readyState === WebSocket.OPEN) ws.send(text);
      } while (s.again);
    } catch (e) {
      log.warn({ err: e, gameId: id }, 'web: a changed game could not be read');
    } finally {
      s.fetching = false;
    }
  }

  const unsubscribe = await store.changes.subscribe((id, version) => void changed(id, version));

  // Dead connections (a phone that went away) are found by the protocol's ping and dropped.
  const alive = new WeakSet<WebSocket>();
  wss.on('connection', (ws) => {
    alive.add(ws);
    ws.on('pong', () => alive.add(ws));
  });
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    clearInterval(heartbeat);
    await unsubscribe();
    throw e;
  }
  server.on('error', (e) => log.error({ err: e }, 'web: server error'));
  log.info({ port: (server.address() as AddressInfo).port }, 'web: live game page listening');

  return {
    get port() {
      return (server.address() as AddressInfo).port;
    },
    get sockets() {
      return open;
    },
    async close() {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await unsubscribe();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

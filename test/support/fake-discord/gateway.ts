/**
 * The gateway: HELLO → IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME
 * (replaying missed dispatches), several sessions at once (two bot processes
 * or shards), events routed to the shard that owns the guild.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { constants as zc, createDeflate, deflateSync, type Deflate } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, WebSocket } from 'ws';
import { shardOf } from './snowflake.js';
import type { World } from './state.js';

const INTENT_GUILDS = 1 << 0;
const INTENT_GUILD_MEMBERS = 1 << 1;
const INTENT_GUILD_MESSAGES = 1 << 9;
const INTENT_DIRECT_MESSAGES = 1 << 12;
/** GuildMembers, GuildPresences, MessageContent: off until enabled in the developer portal. */
const PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15);

interface Session {
  id: string;
  ws: WebSocket | null;
  seq: number;
  shard: [number, number];
  intents: number;
  compress: boolean;
  ready: boolean;
  /** Transport compression (`?compress=zlib-stream`): one deflate context per connection. */
  zlib: ZlibStream | null;
  /** Dispatches kept for RESUME. */
  buffer: Array<{ s: number; t: string; d: unknown }>;
}

export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, Session>();
  private readonly sockets = new Set<WebSocket>();
  /** Every session that ever turned ready (for waitForReady counts). */
  readyCount = 0;

  constructor(
    private readonly world: World,
    private readonly url: () => string,
    private readonly heartbeatMs: number,
    /** Privileged intents "enabled in the developer portal"; others make IDENTIFY fail with 4014. */
    private readonly allowedPrivileged: number,
  ) {}

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const q = new URL(req.url ?? '/', 'ws://x').searchParams;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.sockets.add(ws);
      ws.on('close', () => this.sockets.delete(ws));
      ws.on('error', () => undefined);
      if (q.get('v') !== '10') return ws.close(4012, 'Invalid API version');
      if ((q.get('encoding') ?? 'json') !== 'json')
        return ws.close(4002, 'Decode error: only JSON encoding is supported by the fake');
      const compress = q.get('compress');
      if (compress && compress !== 'zlib-stream') return ws.close(4002, `Unsupported compression ${compress}`);
      // discord.js asks for zlib-stream only when the optional zlib-sync package is installed.
      this.onConnection(ws, compress ? new ZlibStream(ws) : null);
    });
  }

  get activeSessions(): number {
    return [...this.sessions.values()].filter((s) => s.ready && s.ws?.readyState === WebSocket.OPEN).length;
  }

  private onConnection(ws: WebSocket, zlib: ZlibStream | null): void {
    let session: Session | null = null;
    const direct = (payload: unknown) => (zlib ? zlib.send(JSON.stringify(payload)) : ws.send(JSON.stringify(payload)));
    direct({ op: 10, d: { heartbeat_interval: this.heartbeatMs, _trace: ['fake-discord'] }, s: null, t: null });
    ws.on('message', (raw) => {
      let payload: any;
      try {
        payload = JSON.parse(
          (Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as ArrayBuffer)).toString('utf8'),
        );
      } catch {
        return ws.close(4002, 'Decode error');
      }
      switch (payload?.op) {
        case 1: // heartbeat
          direct({ op: 11, d: null, s: null, t: null });
          return;
        case 2: // identify
          if (session) return ws.close(4005, 'Already authenticated');
          session = this.identify(ws, zlib, payload.d);
          return;
        case 6: // resume
          if (session) return ws.close(4005, 'Already authenticated');
          session = this.resume(ws, zlib, payload.d);
          return;
        case 3: // presence update
        case 4: // voice state
          if (!session) return ws.close(4003, 'Not authenticated');
          return;
        case 8: // request guild members
          if (!session) return ws.close(4003, 'Not authenticated');
          this.memberChunk(session, payload.d);
          return;
        default:
          ws.close(4001, 'Unknown opcode');
      }
    });
    ws.on('close', () => {
      zlib?.close();
      if (session && session.ws === ws) {
        session.ws = null;
        session.zlib = null;
      }
    });
  }

  private identify(ws: WebSocket, zlib: ZlibStream | null, d: any): Session | null {
    if (typeof d?.token !== 'string' || d.token.length === 0) {
      ws.close(4004, 'Authentication failed');
      return null;
    }
    const intents = Number(d.intents ?? 0);
    if (intents & PRIVILEGED_INTENTS & ~this.allowedPrivileged) {
      ws.close(4014, 'Disallowed intent(s)');
      return null;
    }
    const shard: [number, number] = Array.isArray(d.shard) ? [Number(d.shard[0]), Number(d.shard[1])] : [0, 1];
    if (!(shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1])) {
      ws.close(4010, 'Invalid shard');
      return null;
    }
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      ws,
      seq: 0,
      shard,
      intents,
      compress: d.compress === true,
      ready: false,
      zlib,
      buffer: [],
    };
    this.sessions.set(session.id, session);
    // Guilds where the bot is not a member (user installs only) are not in READY/GUILD_CREATE.
    const guilds = [...this.world.guilds.values()].filter((g) => g.botMember && shardOf(g.id, shard[1]) === shard[0]);
    const bot = this.world.botUser;
    this.send(session, 'READY', {
      v: 10,
      user_settings: {},
      user: { ...this.world.userObj(bot), verified: true, mfa_enabled: false, email: null, flags: 0 },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.url(),
      shard,
      application: { id: this.world.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      auth: {},
      _trace: ['fake-discord'],
    });
    for (const g of guilds) this.send(session, 'GUILD_CREATE', this.world.guildCreate(g));
    session.ready = true;
    this.readyCount++;
    this.world.changed();
    return session;
  }

  private resume(ws: WebSocket, zlib: ZlibStream | null, d: any): Session | null {
    const session = this.sessions.get(d?.session_id);
    if (!session || typeof d?.token !== 'string' || typeof d?.seq !== 'number' || d.seq > session.seq) {
      // invalid session: re-identify
      if (zlib) zlib.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
      else ws.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
      return null;
    }
    session.ws?.close(4000, 'Session resumed elsewhere');
    session.ws = ws;
    session.zlib = zlib;
    for (const e of session.buffer) if (e.s > d.seq) this.raw(session, { op: 0, t: e.t, s: e.s, d: e.d });
    this.send(session, 'RESUMED', { _trace: ['fake-discord'] });
    this.world.changed();
    return session;
  }

  private memberChunk(session: Session, d: any): void {
    const guild = this.world.guilds.get(d?.guild_id);
    if (!guild?.botMember) return;
    const ids: string[] = Array.isArray(d.user_ids) ? d.user_ids : d.user_ids ? [d.user_ids] : guild.memberIds;
    const query = typeof d.query === 'string' ? d.query.toLowerCase() : '';
    const members = ids
      .filter((id) => guild.memberIds.includes(id))
      .filter((id) => !query || this.world.users.get(id)!.username.toLowerCase().startsWith(query))
      .slice(0, d.limit || undefined)
      .map((id) => this.world.memberObj(guild.id, id));
    this.send(session, 'GUILD_MEMBERS_CHUNK', {
      guild_id: guild.id,
      members,
      chunk_index: 0,
      chunk_count: 1,
      nonce: d.nonce,
    });
  }

  private send(session: Session, t: string, d: unknown): void {
    session.seq++;
    const s = session.seq;
    if (t !== 'READY' && t !== 'RESUMED') {
      session.buffer.push({ s, t, d });
      if (session.buffer.length > 1000) session.buffer.shift();
    }
    this.raw(session, { op: 0, t, s, d });
  }

  private raw(session: Session, payload: unknown): void {
    const ws = session.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const json = JSON.stringify(payload);
    if (session.zlib) return session.zlib.send(json);
    // `compress: true` in IDENTIFY means "deflate each payload" on its own.
    ws.send(session.compress ? deflateSync(json) : json);
  }

  /**
   * Dispatches an event to every ready session whose shard owns `guildId`
   * (all sessions when it is undefined; shard 0 only for DMs, `dm: true`). Two
   * processes identifying as the same shard both receive it, as on Discord.
   * Nothing of a guild the bot is not in is dispatched, except interactions.
   * Returns how many sessions got it.
   */
  dispatch(t: string, d: unknown, guildId?: string, opts: { dm?: boolean } = {}): number {
    if (guildId && t !== 'INTERACTION_CREATE' && this.world.guilds.get(guildId)?.botMember === false) return 0;
    const messages = opts.dm ? INTENT_DIRECT_MESSAGES : INTENT_GUILD_MESSAGES;
    const needs = t.startsWith('MESSAGE_')
      ? messages
      : t.startsWith('GUILD_MEMBER')
        ? INTENT_GUILD_MEMBERS
        : t === 'INTERACTION_CREATE'
          ? 0
          : INTENT_GUILDS;
    let n = 0;
    for (const s of this.sessions.values()) {
      if (!s.ready) continue;
      if (guildId && shardOf(guildId, s.shard[1]) !== s.shard[0]) continue;
      if (opts.dm && s.shard[0] !== 0) continue;
      if (needs && !(s.intents & needs)) continue;
      this.send(s, t, d);
      if (s.ws) n++;
    }
    return n;
  }

  /** Drops every connection with `code` (4000 → discord.js resumes; 1000 → it re-identifies). */
  dropConnections(code = 4000): void {
    for (const s of this.sessions.values()) s.ws?.close(code, 'fake-discord: dropped');
  }

  async close(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    this.sessions.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

/**
 * zlib-stream transport compression: one deflate context for the whole
 * connection, each payload flushed with Z_SYNC_FLUSH (ending in 00 00 ff ff),
 * sent as a binary frame. Sends are chained so frames keep their order.
 */
class ZlibStream {
  private readonly deflate: Deflate = createDeflate();
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly ws: WebSocket) {
    this.deflate.on('error', () => undefined);
  }

  send(json: string): void {
    this.chain = this.chain.then(
      () =>
        new Promise<void>((resolve) => {
          const chunks: Buffer[] = [];
          const onData = (c: Buffer) => chunks.push(c);
          this.deflate.on('data', onData);
          this.deflate.write(json);
          this.deflate.flush(zc.Z_SYNC_FLUSH, () => {
            this.deflate.off('data', onData);
            if (this.ws.readyState === WebSocket.OPEN) this.ws.send(Buffer.concat(chunks));
            resolve();
          });
        }),
    );
  }

  close(): void {
    this.deflate.close();
  }
}

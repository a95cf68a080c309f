// What the live game page shows of a game (src/web): the record as public data — the moves from the setup (the client
// replays them with the engine), names, the result, the clock — and who may see it. A game in a DM or a group DM
// (no guild) is its players' alone: only a socket whose session (src/runtime/web-session.ts) names one of its two
// players sees it. What the socket says both ways (ClientMessage, ServerMessage) is defined here too.
import type { GameId, Side } from '../engine/index.js';
import type { Locale } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import type { GameResult } from '../model/index.js';
import type { Store } from '../store/types.js';
import { isCorruptRecordError } from '../store/types.js';
import { resultSummary } from './describe.js';
import { check, gameLocale } from './games.js';

export interface GameView {
  id: string;
  game: GameId;
  setup: string;
  /** The canonical move log, from the start. */
  moves: string[];
  /** The record's version: a client keeps the newest it has seen. */
  version: number;
  status: 'active' | 'over' | 'aborted';
  result: Pick<GameResult, 'winner' | 'draw' | 'reason'> | null;
  /** Display names and AI levels, by side. */
  players: [{ name: string; bot?: string }, { name: string; bot?: string }];
  /** The game's language (its public posts'). */
  locale: Locale;
  /** The side to move runs out of time at `deadline` (ms since epoch); null: no clock running. */
  clock: { perMoveMs: number; deadline: number | null } | null;
  /** The result in one line, once the game is over or aborted (names as `{ name }` parameters). */
  summary: Msg | null;
}

/** Why a move from the page was refused, or why the page shows nothing. */
export type RefusedReason = 'missing' | 'private' | 'busy';

/** What the page's WebSocket sends (src/runtime/web-server.ts). */
export type ServerMessage =
  /** The game, whole (small), at first and after each committed write. */
  | { type: 'game'; view: GameView }
  /** Nothing to show (and the socket closes). */
  | { type: 'refused'; reason: RefusedReason }
  /** The answer to a hello: the side the session's user plays in this game, or null (watching, or no session). */
  | { type: 'session'; side: Side | null }
  /** The move `id` was played (its new position follows as a `game`). */
  | { type: 'ack'; id: number }
  /** The move `id` was refused, and why (a catalogue message); nothing changed. */
  | { type: 'move-refused'; id: number; reason: Msg }
  | { type: 'pong' }
  /** A message the server does not understand, or a session token it does not believe. */
  | { type: 'error'; error: 'bad-message' | 'bad-session' };

/** What a page may say. Anything else is answered `bad-message` and changes nothing. */
export type ClientMessage =
  | { type: 'ping' }
  /** Who is looking: a session token from the Activity's sign-in, or none (a spectator). */
  | { type: 'hello'; token?: string }
  /** A move in any accepted notation, on the position of `version` (refused as stale otherwise). */
  | { type: 'move'; id: number; version: number; move: string };

const MAX_MOVE_CHARS = 64;
const MAX_TOKEN_CHARS = 1024;

/** A client's message checked field by field; null when it is not one of ClientMessage's shapes. */
export function parseClientMessage(data: unknown): ClientMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const m = data as Record<string, unknown>;
  const keys = Object.keys(m);
  const only = (...allowed: string[]) => keys.every((k) => allowed.includes(k));
  if (m.type === 'ping' && only('type')) return { type: 'ping' };
  if (m.type === 'hello' && only('type', 'token')) {
    if (m.token === undefined) return { type: 'hello' };
    return typeof m.token === 'string' && m.token.length <= MAX_TOKEN_CHARS ? { type: 'hello', token: m.token } : null;
  }
  if (m.type === 'move' && only('type', 'id', 'version', 'move')) {
    const { id, version, move } = m;
    if (!Number.isSafeInteger(id) || (id as number) < 0) return null;
    if (!Number.isSafeInteger(version) || (version as number) < 0) return null;
    if (typeof move !== 'string' || move.length === 0 || move.length > MAX_MOVE_CHARS) return null;
    if (/\p{Cc}/u.test(move)) return null;
    return { type: 'move', id: id as number, version: version as number, move };
  }
  return null;
}

export type GameViewResult =
  | {
      ok: true;
      view: GameView;
      /** The players' user ids by side (null for an AI): who may move, and who may see a private game. */
      playerIds: [string | null, string | null];
      /** A DM or group DM game: only its players may see it. */
      private: boolean;
    }
  /** `missing`: no such game, or one the engine cannot read. */
  | { ok: false; reason: 'missing' };

/** Whether `userId` (a checked session's, or null) may see the game read. */
export const mayWatch = (r: Extract<GameViewResult, { ok: true }>, userId: string | null): boolean =>
  !r.private || (userId !== null && r.playerIds.includes(userId));

/** A public game id as the page takes it: 4–32 of [0-9a-z] (the store's ids); anything else is refused unread. */
export const isViewableId = (id: string): boolean => /^[0-9a-z]{4,32}$/.test(id);

/** The view of game `id` and who plays it, or why there is none (whether the reader may see it: mayWatch). */
export async function gameView(store: Store, id: string): Promise<GameViewResult> {
  if (!isViewableId(id)) return { ok: false, reason: 'missing' };
  let rec;
  try {
    rec = await store.games.get(id);
  } catch (e) {
    if (isCorruptRecordError(e)) return { ok: false, reason: 'missing' };
    throw e;
  }
  const loaded = rec && !rec.damaged ? check(rec) : null;
  if (!rec || !loaded?.ok) return { ok: false, reason: 'missing' };
  const p = (i: 0 | 1) =>
    rec.players[i].bot ? { name: rec.players[i].name, bot: rec.players[i].bot } : { name: rec.players[i].name };
  return {
    ok: true,
    playerIds: [rec.players[0].bot ? null : rec.players[0].id, rec.players[1].bot ? null : rec.players[1].id],
    private: rec.guildId === null,
    view: {
      id: rec.id,
      game: rec.game,
      setup: rec.setup,
      moves: rec.moves,
      version: rec.version,
      status: rec.status,
      result: rec.result && { winner: rec.result.winner, draw: rec.result.draw, reason: rec.result.reason },
      players: [p(0), p(1)],
      locale: gameLocale(rec),
      clock: rec.clock ? { perMoveMs: rec.clock.perMoveMs, deadline: rec.clock.deadline } : null,
      summary: rec.status === 'active' ? null : resultSummary(rec, loaded.value.state),
    },
  };
}

// What the live game page shows of a game (src/web): the record as public data — the moves from the setup (the client
// replays them with the engine), names, the result, the clock — and who may see it. A game in a DM or a group DM
// (no guild) is its players' alone: until the page knows who is looking (the Activity's sign-in), it shows nothing of
// such a game to anyone.
import type { GameId } from '../engine/index.js';
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

/** What the page's WebSocket sends (src/runtime/web-server.ts): the game (whole, small), or why it shows nothing. */
export type ServerMessage =
  | { type: 'game'; view: GameView }
  | { type: 'refused'; reason: 'missing' | 'private' | 'busy' }
  | { type: 'pong' }
  | { type: 'error'; error: 'bad-message' };

export type GameViewResult =
  | { ok: true; view: GameView }
  /** `private`: a DM or group DM game; `missing`: no such game, or one the engine cannot read. */
  | { ok: false; reason: 'missing' | 'private' };

/** A public game id as the page takes it: 4–32 of [0-9a-z] (the store's ids); anything else is refused unread. */
export const isViewableId = (id: string): boolean => /^[0-9a-z]{4,32}$/.test(id);

/** The public view of game `id`, or why there is none. */
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
  if (rec.guildId === null) return { ok: false, reason: 'private' };
  const p = (i: 0 | 1) =>
    rec.players[i].bot ? { name: rec.players[i].name, bot: rec.players[i].bot } : { name: rec.players[i].name };
  return {
    ok: true,
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

// Loading a game for an action: the record from the store, its state checked
// by the engine (stored records are untrusted input too), and who may act.
// A record the engine refuses is quarantined once: marked by compare-and-set,
// taken out of the clock index, one note in its thread pointing to /endgame.
import { errorText, getGame, isGameId, type AnyGame, type Side } from '../engine/index.js';
import { localeOf } from '../i18n/catalogue.js';
import type { StoredGame } from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import type { MatchContext } from './context.js';
import { refuse } from './refusal.js';

export interface LoadedGame {
  rec: StoredGame;
  game: AnyGame;
  state: unknown;
}

/**
 * The engine's verdict on a stored record: the loaded game, or why it cannot be played (`detail`: for operators, the
 * logs and the quarantine mark).
 */
export function check(rec: StoredGame): { ok: true; value: LoadedGame } | { ok: false; detail: string } {
  if (!isGameId(rec.game)) return { ok: false, detail: `unknown game "${String(rec.game).slice(0, 40)}"` };
  const game = getGame(rec.game);
  const key = stateKey(rec);
  const known = checked.get(key);
  if (known !== undefined) return { ok: true, value: { rec, game, state: known } };
  const st = game.fromJSON(rec.state);
  if (!st.ok) return { ok: false, detail: errorText(st.error) };
  remember(key, st.value);
  return { ok: true, value: { rec, game, state: st.value } };
}

/**
 * States the engine has checked, by game, version and write time: a version
 * of a game never changes, so the next move of a game does not check its
 * state again (fromJSON rebuilds a whole position: a good part of a move's
 * CPU). A small cache, oldest out first.
 */
const checked = new Map<string, unknown>();
const CHECKED_MAX = 1000;
const stateKey = (rec: Pick<StoredGame, 'id' | 'version' | 'updatedAt'>): string =>
  `${rec.id}:${rec.version}:${rec.updatedAt}`;
function remember(key: string, state: unknown): void {
  if (checked.size >= CHECKED_MAX) checked.delete(checked.keys().next().value as string);
  checked.set(key, state);
}

/** A state this process has just written (the engine made it): the next load of that version need not check it. */
export function rememberChecked(rec: Pick<StoredGame, 'id' | 'version' | 'updatedAt'>, state: unknown): void {
  remember(stateKey(rec), state);
}

/** Marks a damaged record once and says so in its thread; later calls only refuse. */
export async function quarantine(
  ctx: MatchContext,
  gameId: string,
  reason: string,
  locale?: string | null,
): Promise<void> {
  const q = await ctx.store.games.quarantine(gameId, reason);
  if (!q.marked) return;
  ctx.log.error({ gameId, reason }, 'damaged game record quarantined');
  // Reply mode: no note (the bot cannot post there); the next action in the game is refused with the same words.
  if (!q.channelId || !q.postable) return;
  try {
    await ctx.notifier.post(
      { channelId: q.channelId },
      { kind: 'text', locale: localeOf(locale), lines: [{ key: 'game.damagedNote' }], ping: [] },
    );
  } catch (e) {
    ctx.log.warn({ err: e, gameId }, 'could not post the damaged-record note');
  }
}

/** The loaded game, or (after quarantining it) a refusal that points to /endgame. */
export async function hydrate(ctx: MatchContext, rec: StoredGame): Promise<LoadedGame> {
  const c = check(rec);
  if (c.ok) return c.value;
  await quarantine(ctx, rec.id, c.detail, rec.locale);
  return refuse('game.damaged');
}

/** Store reads: a record the store cannot even decode is quarantined too (logged once, by the call that marks it). */
async function read<T>(ctx: MatchContext, gameId: string | null, p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (!isCorruptRecordError(e)) throw e;
    // Found by its channel, the game is named by the error.
    const id = gameId ?? e.recordId ?? null;
    if (id) await quarantine(ctx, id, e.message);
    else ctx.log.error({ err: e }, 'unreadable game record');
    return refuse('game.unreadable');
  }
}

/**
 * The active game of a channel or thread, or a refusal that says why there is none (and where the user's games are).
 */
export async function loadActiveGame(ctx: MatchContext, channelId: string, userId?: string): Promise<LoadedGame> {
  const rec = await read(ctx, null, ctx.store.channels.active(channelId));
  if (rec) return hydrate(ctx, rec);
  const last = await read(ctx, null, ctx.store.channels.latest(channelId));
  const mine = userId ? await yourGames(ctx, userId) : [];
  const over = last !== null && last.status !== 'active';
  if (mine.length)
    refuse(over ? 'game.overHereYours' : 'game.noneHereYours', {
      games: mine.length,
      gameList: { list: mine.map((id) => ({ channel: id })) },
    });
  return refuse(over ? 'game.overHere' : 'game.noneHere');
}

/** Channels of a user's active games (for a refusal in the wrong channel); [] when none or on any error. */
async function yourGames(ctx: MatchContext, userId: string): Promise<string[]> {
  try {
    return (await ctx.store.gameIndex.listByUser(userId, 10))
      .filter((g) => g.status === 'active')
      .slice(0, 5)
      .map((g) => g.channelId);
  } catch (e) {
    // Only a hint inside a refusal: the refusal itself must still go out.
    ctx.log.warn({ err: e, userId }, 'could not list the user’s games');
    return [];
  }
}

export async function loadGameById(ctx: MatchContext, id: string): Promise<LoadedGame> {
  const rec = await read(ctx, id, ctx.store.games.get(id));
  if (!rec) return refuse('game.gone');
  return hydrate(ctx, rec);
}

/** The active or last game of a channel, any status (/board shows finished games too). */
export async function loadChannelGame(ctx: MatchContext, channelId: string): Promise<LoadedGame> {
  const rec =
    (await read(ctx, null, ctx.store.channels.active(channelId))) ??
    (await read(ctx, null, ctx.store.channels.latest(channelId)));
  if (!rec) return refuse('game.noneHere');
  return hydrate(ctx, rec);
}

export function sideOf(rec: StoredGame, userId: string): Side | null {
  if (!rec.players[0].bot && rec.players[0].id === userId) return 0;
  if (!rec.players[1].bot && rec.players[1].id === userId) return 1;
  return null;
}

/** Refuses spectators and finished games; returns the user's side. */
export function requirePlayer(g: LoadedGame, userId: string): Side {
  if (g.rec.status !== 'active') refuse('game.over');
  const side = sideOf(g.rec, userId);
  if (side === null)
    return refuse('game.notYours', { first: { name: g.rec.players[0].name }, second: { name: g.rec.players[1].name } });
  return side;
}

/** The language of a game's public posts. */
export const gameLocale = (rec: { locale?: string | null }) => localeOf(rec.locale);

// The announcement sweep: what is saved and what was announced, reconciled.
// A game owes a post when a write that needs one (a move, a start, an end)
// was saved and its post never went out: the process died in between, or
// Discord refused it. Every bot process runs this sweep; it takes an owed
// post over only when the process that owes it is gone (or failed, or has
// held it for too long), by compare-and-set, so one process makes it. The
// post then answers the interaction left "thinking…" when it still can, else
// goes to the game's channel with a nonce that Discord uses to drop a second
// copy.
import { getGame } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';
import { replay } from '../engine/replay.js';
import { isCorruptRecordError, type ClaimedAnnouncement, type StoredGame } from '../store/types.js';
import { announcement, postNonce, type Announcement } from './announce.js';
import type { MatchContext } from './context.js';
import { introLine, moveLine } from './describe.js';
import { finalAnnouncement } from './end.js';
import { check, quarantine } from './games.js';
import { afterPost } from './turns.js';

/**
 * An owed-post hint younger than this is left alone: it is written just
 * before its write, which may still be on its way to Redis (the command
 * timeout bounds that), and the process making the post is usually done
 * within a second.
 */
export const OWED_GRACE_MS = 3_000;
/** A live process that has owed a post this long has lost track of it: take it over anyway. */
export const OWED_STALE_MS = 120_000;
/** Attempts at an owed post before giving up on it (a channel the bot may no longer post in). */
export const MAX_TRIES = 6;
/** Interaction tokens live 15 minutes: answer a waiting interaction only well within that. */
const REPLY_TTL_MS = 14 * 60_000;

const retryDelay = (tries: number): number => Math.min(10 * 60_000, 5_000 * 2 ** Math.max(0, tries - 1));

/** Makes the owed posts this process may take over; returns how many went out. `graceMs`: how old a hint must be (tests shorten it). */
export async function sweepOwed(ctx: MatchContext, graceMs = OWED_GRACE_MS, limit = 25): Promise<number> {
  const ids = await ctx.store.games.owed(Date.now() - graceMs, limit);
  let posted = 0;
  for (const id of ids) {
    try {
      if (await settle(ctx, id)) posted++;
    } catch (e) {
      ctx.log.error({ err: e, gameId: id }, 'announcement sweep failed for a game');
      await ctx.store.games.recheckAnnouncement(id, Date.now() + retryDelay(1)).catch((e2: unknown) => ctx.log.warn({ err: e2, gameId: id }, 'could not reschedule'));
    }
  }
  return posted;
}

const owes = (rec: StoredGame): boolean => (rec.annV ?? 0) > (rec.shown ?? rec.version);

async function settle(ctx: MatchContext, id: string): Promise<boolean> {
  let rec: StoredGame | null;
  try {
    rec = await ctx.store.games.get(id);
  } catch (e) {
    if (!isCorruptRecordError(e)) throw e;
    await quarantine(ctx, id, e.message);
    return false;
  }
  if (!rec || !owes(rec) || rec.damaged) {
    await ctx.store.games.recheckAnnouncement(id, null);
    return false;
  }
  const owner = await ctx.store.games.announcementOwner(id);
  const stale = Date.now() - rec.updatedAt > OWED_STALE_MS;
  // Its owner is at it (this process included: its post is in flight): look again later.
  if (owner && !stale && (owner === ctx.instanceId || (await ctx.store.processes.alive(owner)))) {
    await ctx.store.games.recheckAnnouncement(id, Date.now() + OWED_GRACE_MS);
    return false;
  }
  const claim = await ctx.store.games.claimAnnouncement(id, owner, ctx.instanceId);
  if (!claim) return false; // another process took it, or it went out meanwhile
  if (claim.tries > MAX_TRIES) {
    ctx.log.error({ gameId: id, tries: claim.tries }, 'giving up an owed game post after repeated failures');
    await ctx.store.games.markShown(id, rec.version, rec.moves.length);
    return false;
  }
  const a = await owedAnnouncement(ctx, rec);
  if (!a) return false;
  const delivered = await deliver(ctx, rec, a, claim);
  if (!delivered) await ctx.store.games.recheckAnnouncement(id, Date.now() + retryDelay(claim.tries));
  return delivered;
}

/** The post a game owes: its board now, the moves played since the last post, the start or the result. */
async function owedAnnouncement(ctx: MatchContext, rec: StoredGame): Promise<Announcement | null> {
  const c = check(rec);
  if (!c.ok) {
    await quarantine(ctx, rec.id, c.detail, rec.locale);
    return null;
  }
  const game = getGame(rec.game);
  const from = Math.min(rec.shownMoves ?? rec.moves.length, rec.moves.length);
  const lines: Msg[] = rec.shown === 0 ? [introLine(rec)] : [];
  let before: unknown;
  if (from < rec.moves.length) {
    const r = replay(game, rec.setup, rec.moves);
    if (!r.ok) {
      const damage = { detail: `move log does not replay at move ${r.index + 1}` };
      await quarantine(ctx, rec.id, damage.detail, rec.locale);
      return null;
    }
    for (let i = from; i < rec.moves.length; i++) lines.push(moveLine(rec.game, r.states[i], r.moves[i], r.states[i + 1]));
    // A forced move after the player's own: the picture shows both (as the live post does).
    if (rec.moves.length - from >= 2) before = r.states[rec.moves.length - 1];
  }
  const state = c.value.state;
  if (rec.status !== 'active') return finalAnnouncement(ctx, rec, lines, state, before);
  return announcement(ctx, rec, state, lines, () => afterPost(ctx, rec), before);
}

/** The waiting interaction's "thinking…" if it can still be edited, else the game's channel. */
async function deliver(ctx: MatchContext, rec: StoredGame, a: Announcement, claim: ClaimedAnnouncement): Promise<boolean> {
  let delivered = false;
  try {
    const reply = claim.reply;
    const late = reply && Date.now() - reply.createdAt < REPLY_TTL_MS ? await ctx.notifier.answerLate(reply, a.post) : 'gone';
    if (late === 'gone') await ctx.notifier.post(rec.channelId, a.post, { nonce: postNonce(a.post.game) });
    delivered = true;
    ctx.log.info({ gameId: rec.id, version: rec.version, how: late === 'gone' ? 'channel' : late }, 'owed game post made');
  } catch (e) {
    ctx.log.warn({ err: e, gameId: rec.id }, 'could not make an owed game post; will try again');
  }
  await a.after(delivered);
  return delivered;
}

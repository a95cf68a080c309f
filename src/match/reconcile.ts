// The announcement sweep: what is saved and what was announced, reconciled.
// A game owes a post when a write that needs one (a move, a start, an end)
// was saved and its post never went out: the process died in between, or
// Discord refused it. Every bot process runs this sweep; it takes an owed
// post over only when the process that owes it is gone (or failed, or has
// held it for too long), by compare-and-set, so one process makes it. The
// post then answers the interaction left "thinking…" when it still can, else
// goes to the game's channel with a nonce that Discord uses to drop a second
// copy.
//
// Reply mode (the bot cannot post in the game's channel: a group DM, a server
// where only a player installed the app) has no channel post: the sweep
// answers or follows up the stored interaction while its token lives, else it
// leaves the post owed, and the next interaction in that channel — anyone's
// command or button — shows it before its own answer (takeOwed).
import { getGame } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';
import { replay } from '../engine/replay.js';
import type { StoredGame } from '../model/index.js';
import { isCorruptRecordError, type ClaimedAnnouncement } from '../store/types.js';
import { announcement, interactionUsable, postNonce, sendOnce, type Announcement } from './announce.js';
import { postableHere, type MatchContext } from './context.js';
import { introLine, moveLine } from './describe.js';
import { finalAnnouncement } from './finish.js';
import { check, quarantine } from './games.js';
import { afterPost } from './move.js';

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
const retryDelay = (tries: number): number => Math.min(10 * 60_000, 5_000 * 2 ** Math.max(0, tries - 1));

/**
 * Makes the owed posts this process may take over; returns how many went out. `graceMs`: how old a hint must be (tests
 * shorten it).
 */
export async function sweepOwed(ctx: MatchContext, graceMs = OWED_GRACE_MS, limit = 25): Promise<number> {
  const ids = await ctx.store.outbox.owed(Date.now() - graceMs, limit);
  let posted = 0;
  for (const id of ids) {
    try {
      if (await settle(ctx, id)) posted++;
    } catch (e) {
      ctx.log.error({ err: e, gameId: id }, 'announcement sweep failed for a game');
      await ctx.store.outbox
        .recheck(id, Date.now() + retryDelay(1))
        .catch((e2: unknown) => ctx.log.warn({ err: e2, gameId: id }, 'could not reschedule'));
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
    await ctx.store.outbox.recheck(id, null);
    return false;
  }
  const owner = await ctx.store.outbox.owner(id);
  // Its owner is at it (this process included: its post is in flight): look again later.
  if (await ownerAtIt(ctx, rec, owner)) {
    await ctx.store.outbox.recheck(id, Date.now() + OWED_GRACE_MS);
    return false;
  }
  if (!postableHere(rec)) {
    // Reply mode and no interaction left to carry it (this try would be past the last): it stays owed for the next
    // interaction in its channel. Looked at without claiming it, so that interaction is never told its owner is at it.
    const pending = await ctx.store.outbox.pending(id);
    if (pending.tries + 1 > MAX_TRIES || !interactionUsable(pending.interaction)) {
      await ctx.store.outbox.recheck(id, null);
      return false;
    }
  }
  const claim = await ctx.store.outbox.claim(id, owner, ctx.instanceId);
  if (!claim) return false; // another process took it, or it went out meanwhile
  if (!postableHere(rec) && (claim.tries > MAX_TRIES || !interactionUsable(claim.interaction))) {
    await leaveForNextInteraction(ctx, id);
    return false;
  }
  if (claim.tries > MAX_TRIES) {
    ctx.log.error({ gameId: id, tries: claim.tries }, 'giving up an owed game post after repeated failures');
    await ctx.store.outbox.markShown(id, rec.version, rec.moves.length);
    return false;
  }
  const a = await owedAnnouncement(ctx, rec);
  if (!a) return false;
  const outcome = await deliver(ctx, rec, a, claim);
  // Reply mode, and its interaction can carry nothing: the next interaction in the channel will show it.
  if (outcome === 'nowhere') await leaveForNextInteraction(ctx, id);
  else if (outcome === 'failed') await ctx.store.outbox.recheck(id, Date.now() + retryDelay(claim.tries));
  return outcome === 'delivered';
}

/** Whether the process that owes a post is making it (alive, and not holding it for too long). */
async function ownerAtIt(ctx: MatchContext, rec: StoredGame, owner: string | null): Promise<boolean> {
  if (!owner || Date.now() - rec.updatedAt > OWED_STALE_MS) return false;
  return owner === ctx.instanceId || ctx.store.processes.alive(owner);
}

/**
 * Hands an owed post back (to whoever comes next) and stops sweeping it: only an interaction in its channel can show it
 * now.
 */
async function leaveForNextInteraction(ctx: MatchContext, id: string): Promise<void> {
  await ctx.store.outbox.claim(id, ctx.instanceId, '', false);
  await ctx.store.outbox.recheck(id, null);
}

/**
 * Reply mode: the post a channel's game owes (a loss on time, an AI move
 * whose follow-up failed, a post left by a crash), taken over for the
 * interaction about to answer in that channel, which shows it first. Null
 * when nothing is owed there, or its maker is alive and at it. Its `after`
 * marks it shown (compare-and-set: shown once) or hands it back.
 */
export async function takeOwed(ctx: MatchContext, channelId: string): Promise<Announcement | null> {
  let rec: StoredGame | null;
  try {
    rec = await ctx.store.channels.latest(channelId);
  } catch (e) {
    // A record the store cannot read: the interaction's own handler refuses it (and quarantines it) with the right
    // words.
    if (isCorruptRecordError(e)) return null;
    throw e;
  }
  if (!rec || postableHere(rec) || !owes(rec) || rec.damaged) return null;
  const owner = await ctx.store.outbox.owner(rec.id);
  if (await ownerAtIt(ctx, rec, owner)) return null;
  if (!(await ctx.store.outbox.claim(rec.id, owner, ctx.instanceId, false))) return null;
  const a = await owedAnnouncement(ctx, rec);
  if (a)
    ctx.log.info(
      { gameId: rec.id, version: rec.version },
      'owed game post taken over by an interaction in its channel',
    );
  return a;
}

/** The post a game owes: its board now, the moves played since the last post, the start or the result. */
async function owedAnnouncement(ctx: MatchContext, rec: StoredGame): Promise<Announcement | null> {
  const c = check(rec);
  // A damaged record closed (its end is written): the end is posted without a board, as it was live.
  if (!c.ok && rec.status !== 'active') return finalAnnouncement(ctx, rec, [{ key: 'endgame.wasDamaged' }]);
  if (!c.ok) {
    await quarantine(ctx, rec.id, c.detail, rec.locale);
    return null;
  }
  const game = getGame(rec.game);
  const from = Math.min(rec.shownMoves ?? rec.moves.length, rec.moves.length);
  const lines: Msg[] = rec.shown === 0 ? [introLine(rec)] : [];
  // The log is shorter than it was at the last post: moves were taken back since (match/takeback.ts).
  const takenBack = (rec.shownMoves ?? 0) - rec.moves.length;
  if (takenBack > 0) lines.push({ key: 'takeback.owedLine', params: { count: takenBack } });
  let before: unknown;
  if (from < rec.moves.length) {
    const r = replay(game, rec.setup, rec.moves);
    if (!r.ok) {
      const damage = { detail: `move log does not replay at move ${r.index + 1}` };
      await quarantine(ctx, rec.id, damage.detail, rec.locale);
      return null;
    }
    for (let i = from; i < rec.moves.length; i++)
      lines.push(moveLine(rec.game, r.states[i], r.moves[i], r.states[i + 1]));
    // A forced move after the player's own: the picture shows both (as the live post does).
    if (rec.moves.length - from >= 2) before = r.states[rec.moves.length - 1];
  }
  const state = c.value.state;
  if (rec.status !== 'active') return finalAnnouncement(ctx, rec, lines, state, before);
  return announcement(ctx, rec, state, lines, (interaction) => afterPost(ctx, rec, interaction), before);
}

/**
 * The waiting interaction's "thinking…" if it can still be edited, else the
 * game's channel; in reply mode a follow-up of that interaction instead
 * ('nowhere' when it can carry nothing).
 */
async function deliver(
  ctx: MatchContext,
  rec: StoredGame,
  a: Announcement,
  claim: ClaimedAnnouncement,
): Promise<'delivered' | 'failed' | 'nowhere'> {
  let how: 'edited' | 'answered' | 'channel' | 'follow-up' | null = null;
  const interaction = interactionUsable(claim.interaction) ? claim.interaction : null;
  try {
    const late = interaction ? await ctx.notifier.answerLate(interaction, a.post) : 'gone';
    if (late === 'edited' || late === 'answered') how = late;
    else if (postableHere(rec)) {
      await ctx.notifier.post(rec, a.post, { nonce: postNonce(a.post.game) });
      how = 'channel';
    } else if (late === 'open' && interaction) {
      // (An edit of the "thinking…" above cannot show the post twice; a follow-up can: sent once.)
      if (await sendOnce(ctx, rec, () => ctx.notifier.followUp(interaction, a.post))) how = 'follow-up';
    }
    if (how) ctx.log.info({ gameId: rec.id, version: rec.version, how }, 'owed game post made');
  } catch (e) {
    ctx.log.warn({ err: e, gameId: rec.id }, 'could not make an owed game post; will try again');
    await a.after(false);
    return 'failed';
  }
  // The next post (the AI's answer, in reply mode) can follow the interaction this one went out through.
  await a.after(how !== null, how && how !== 'channel' && interaction ? interaction : undefined);
  return how ? 'delivered' : 'nowhere';
}

// A turn taken, and what comes next: the post of a played move, then the
// AI's turn when it is to move. The AI's search runs in worker threads
// (ctx.think), so the bot keeps answering other games; its move is committed
// with the version it thought about, so a resign or abort meanwhile simply
// wins. A restart resumes AI turns (resumeAi); /board nudges a lost one.
// In reply mode the AI's move follows the post it answers, as a follow-up of
// the same interaction (`via`), since the bot cannot post there on its own.
import { createHash } from 'node:crypto';
import type { Side } from '../engine/index.js';
import { isCorruptRecordError, type PendingReply, type StoredGame } from '../store/types.js';
import { announcement, archiveIfOver, postAnnouncement, type Announcement } from './announce.js';
import { postableHere, type MatchContext, type Origin, type TextPost, type Via } from './context.js';
import { playerParam } from './describe.js';
import { check, gameLocale, quarantine } from './games.js';
import { commitMove, type Mover } from './play.js';
import { finalAnnouncement } from './end.js';
import { isRefusal } from './refusal.js';

const seedOf = (id: string, version: number): number =>
  createHash('sha256').update(`${id}:${version}`).digest().readUInt32LE(0);

/**
 * After a post (`via`: the interaction it went out through): archive a finished game's thread, else let the AI answer
 * if it is to move.
 */
export async function afterPost(ctx: MatchContext, rec: StoredGame, via?: PendingReply): Promise<void> {
  if (rec.status !== 'active') return archiveIfOver(ctx, rec);
  scheduleAi(ctx, rec, via);
}

/** /move, the builder's Confirm, the AI: commit, settle ratings if it ended the game, and say what to post. */
export async function playMove(
  ctx: MatchContext,
  where: { channelId: string } | { gameId: string },
  mover: Mover,
  text: string,
  origin?: Origin | Via,
): Promise<Announcement> {
  const done = await commitMove(ctx, where, mover, text, origin);
  if (done.after.status !== 'active') return finalAnnouncement(ctx, done.after, done.lines, done.state, done.before);
  return announcement(ctx, done.after, done.state, done.lines, (via) => afterPost(ctx, done.after, via), done.before);
}

/** The AI's side when it is to move in this active game, else null. */
export function aiToMove(rec: StoredGame): Side | null {
  if (rec.status !== 'active' || rec.damaged || !rec.players.some((p) => p.bot)) return null;
  const c = check(rec);
  if (!c.ok) return null;
  const side = c.value.game.toMove(c.value.state);
  return rec.players[side].bot ? side : null;
}

/** Lets the AI move if it is to move; `via`: in reply mode, the interaction its move follows up. */
export function scheduleAi(ctx: MatchContext, rec: StoredGame, via?: PendingReply): void {
  if (rec.status !== 'active' || rec.damaged || !rec.players.some((p) => p.bot)) return;
  const c = check(rec);
  if (!c.ok) {
    // Said once in its thread and logged once; the game then waits for /endgame.
    ctx.background(`quarantine ${rec.id}`, () => quarantine(ctx, rec.id, c.detail, rec.locale));
    return;
  }
  const side = c.value.game.toMove(c.value.state);
  if (!rec.players[side].bot) return;
  // Only reply mode needs the interaction: elsewhere the AI posts in the channel.
  const follow = !postableHere(rec) && via ? { ...via, followUp: true } : undefined;
  ctx.background(`ai ${rec.id}`, () => aiTurn(ctx, rec.id, null, follow));
}

/** How long a process may think for a game's AI before others may take over (the search is capped far below). */
const AI_LEASE_MS = 60_000;
/** An AI turn noted this long ago and not being thought about is taken up by the AI sweep. */
export const AI_TURN_GRACE_MS = 5_000;

/** One AI move: think on the loaded position, apply it only if the game has not changed meanwhile. */
export async function aiTurn(
  ctx: MatchContext,
  gameId: string,
  takeOver: string | null = null,
  via?: PendingReply,
): Promise<void> {
  const rec = await ctx.store.games.get(gameId);
  if (!rec) return;
  const side = aiToMove(rec);
  const level = side === null ? undefined : rec.players[side].bot;
  if (side === null || !level) return;
  const c = check(rec);
  if (!c.ok) return;
  // One process thinks for a game at a time; if it dies, the lease expires (or its holder is found gone) and another
  // takes over.
  if ((await ctx.store.games.leaseAiTurn(gameId, ctx.instanceId, AI_LEASE_MS, takeOver)) !== null) return;
  try {
    await think(ctx, rec, side, level, c.value.state, via);
  } finally {
    await ctx.store.games
      .releaseAiTurn(gameId, ctx.instanceId)
      .catch((e: unknown) => ctx.log.warn({ err: e, gameId }, 'could not release the AI lease'));
  }
}

async function think(
  ctx: MatchContext,
  rec: StoredGame,
  side: Side,
  level: NonNullable<StoredGame['players'][number]['bot']>,
  state: unknown,
  via?: PendingReply,
): Promise<void> {
  const gameId = rec.id;
  let text: string;
  try {
    text = await ctx.think(rec.game, state, level, seedOf(rec.id, rec.version));
  } catch (e) {
    // Said in the game: /board (or the AI sweep) asks the AI again.
    ctx.log.error({ err: e, gameId }, 'AI search failed');
    const note: TextPost = {
      kind: 'text',
      locale: gameLocale(rec),
      lines: [{ key: 'ai.failed', params: { player: playerParam(rec.players[side]) } }],
      ping: [],
    };
    if (postableHere(rec)) await ctx.notifier.post(rec, note);
    else if (via) await ctx.notifier.followUp(via, note);
    return;
  }
  let a;
  try {
    // Reply mode: the write keeps the interaction, so the announcement sweep can follow it up should this process die.
    a = await playMove(
      ctx,
      { gameId },
      { aiSide: side, expectVersion: rec.version },
      text,
      via ? { reply: via } : undefined,
    );
  } catch (e) {
    if (!isRefusal(e)) throw e;
    // Resigned, aborted or moved on meanwhile: nothing to do. The same position refusing the AI's own move is a bug.
    const now = await ctx.store.games.get(gameId);
    if (now && now.status === 'active' && now.version === rec.version)
      ctx.log.error({ gameId, move: text, refusal: e.msg.key }, 'AI move refused');
    else if (now) scheduleAi(ctx, now, via);
    return;
  }
  await postAnnouncement(ctx, a, via);
}

/**
 * AI turns nobody is taking: a process that died while thinking, a start or
 * a move whose after-work was lost. Every process runs it (and once at
 * start); the lease makes one of them think.
 */
export async function sweepAiTurns(ctx: MatchContext, graceMs = AI_TURN_GRACE_MS): Promise<number> {
  const ids = await ctx.store.games.aiTurns(Date.now() - graceMs);
  let taken = 0;
  for (const id of ids) {
    try {
      const rec = await ctx.store.games.get(id);
      if (!rec || aiToMove(rec) === null) {
        await ctx.store.games.dropAiTurn(id);
        continue;
      }
      const holder = await ctx.store.games.aiTurnHolder(id);
      // A live process is thinking (this one included): leave it.
      if (holder !== null && (holder === ctx.instanceId || (await ctx.store.processes.alive(holder)))) continue;
      ctx.background(`ai ${id}`, () => aiTurn(ctx, id, holder));
      taken++;
    } catch (e) {
      if (isCorruptRecordError(e)) await quarantine(ctx, id, e.message);
      else ctx.log.error({ err: e, gameId: id }, 'AI sweep failed for a game');
    }
  }
  return taken;
}

/** After a restart: games where the AI is to move get their move (games from before the AI-turn index too). */
export async function resumeAi(ctx: MatchContext): Promise<void> {
  const games = await ctx.store.games.listActive(null, 500);
  for (const g of games) if (g.players.some((p) => p.bot)) scheduleAi(ctx, g);
}

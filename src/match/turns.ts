// A turn taken, and what comes next: the post of a played move, then the
// AI's turn when it is to move. The AI's search runs in worker threads
// (ctx.think), so the bot keeps answering other games; its move is committed
// with the version it thought about, so a resign or abort meanwhile simply
// wins. A restart resumes AI turns (resumeAi); /board nudges a lost one.
import { createHash } from 'node:crypto';
import type { Side } from '../engine/index.js';
import type { StoredGame } from '../store/types.js';
import { announcement, archiveIfOver, postAnnouncement, type Announcement } from './announce.js';
import type { MatchContext, Origin } from './context.js';
import { playerParam } from './describe.js';
import { check, gameLocale, quarantine } from './games.js';
import { commitMove, type Mover } from './play.js';
import { finalAnnouncement } from './end.js';
import { isRefusal } from './refusal.js';

const seedOf = (id: string, version: number): number => createHash('sha256').update(`${id}:${version}`).digest().readUInt32LE(0);

/** After a post: archive a finished game's thread, else let the AI answer if it is to move. */
export async function afterPost(ctx: MatchContext, rec: StoredGame): Promise<void> {
  if (rec.status !== 'active') return archiveIfOver(ctx, rec);
  scheduleAi(ctx, rec);
}

/** /move, the builder's Confirm, the AI: commit, settle ratings if it ended the game, and say what to post. */
export async function playMove(
  ctx: MatchContext,
  where: { channelId: string } | { gameId: string },
  mover: Mover,
  text: string,
  origin?: Origin,
): Promise<Announcement> {
  const done = await commitMove(ctx, where, mover, text, origin);
  if (done.after.status !== 'active') return finalAnnouncement(ctx, done.after, done.lines, done.state, done.before);
  return announcement(ctx, done.after, done.state, done.lines, () => afterPost(ctx, done.after), done.before);
}

/** The AI's side when it is to move in this active game, else null. */
export function aiToMove(rec: StoredGame): Side | null {
  if (rec.status !== 'active' || rec.damaged || !rec.players.some((p) => p.bot)) return null;
  const c = check(rec);
  if (!c.ok) return null;
  const side = c.value.game.toMove(c.value.state);
  return rec.players[side].bot ? side : null;
}

export function scheduleAi(ctx: MatchContext, rec: StoredGame): void {
  if (rec.status !== 'active' || rec.damaged || !rec.players.some((p) => p.bot)) return;
  const c = check(rec);
  if (!c.ok) {
    // Said once in its thread and logged once; the game then waits for /endgame.
    ctx.background(`quarantine ${rec.id}`, () => quarantine(ctx, rec.id, c.detail, rec.locale));
    return;
  }
  const side = c.value.game.toMove(c.value.state);
  if (!rec.players[side].bot) return;
  ctx.background(`ai ${rec.id}`, () => aiTurn(ctx, rec.id));
}

/** One AI move: think on the loaded position, apply it only if the game has not changed meanwhile. */
export async function aiTurn(ctx: MatchContext, gameId: string): Promise<void> {
  const rec = await ctx.store.games.get(gameId);
  if (!rec) return;
  const side = aiToMove(rec);
  const level = side === null ? undefined : rec.players[side].bot;
  if (side === null || !level) return;
  const c = check(rec);
  if (!c.ok) return;
  let text: string;
  try {
    text = await ctx.think(rec.game, c.value.state, level, seedOf(rec.id, rec.version));
  } catch (e) {
    // Say so in the game: /board (or a restart) asks the AI again.
    ctx.log.error({ err: e, gameId }, 'AI search failed');
    await ctx.notifier.post(rec.channelId, {
      kind: 'text',
      locale: gameLocale(rec),
      lines: [{ key: 'ai.failed', params: { player: playerParam(rec.players[side]) } }],
      ping: [],
    });
    return;
  }
  let a;
  try {
    a = await playMove(ctx, { gameId }, { aiSide: side, expectVersion: rec.version }, text);
  } catch (e) {
    if (!isRefusal(e)) throw e;
    // Resigned, aborted or moved on meanwhile: nothing to do. The same position refusing the AI's own move is a bug.
    const now = await ctx.store.games.get(gameId);
    if (now && now.status === 'active' && now.version === rec.version) ctx.log.error({ gameId, move: text, refusal: e.msg.key }, 'AI move refused');
    else if (now) scheduleAi(ctx, now);
    return;
  }
  await postAnnouncement(ctx, a);
}

/** After a restart: games where the AI is to move get their move. */
export async function resumeAi(ctx: MatchContext): Promise<void> {
  const games = await ctx.store.games.listActive(null, 500);
  for (const g of games) if (g.players.some((p) => p.bot)) scheduleAi(ctx, g);
}

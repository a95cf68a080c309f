// Correspondence clocks (product.md "Playing a match" 6): a time per move, a
// reminder ping at 75% of it, loss on time at 100% (abort while a side has not
// moved yet). The deadline lives on the game record in the store (clock.wakeAt
// is indexed by games.due), so a restart loses nothing; every action here is a
// compare-and-set update, so two bot processes never act twice.
import { getGame, type Side } from '../engine/index.js';
import type { GameClock, StoredGame } from '../store/types.js';
import type { BotContext } from './context.js';
import { archiveIfThread, gamePost, hydrate, sendToChannel, settleRatings } from './match.js';
import { md, playerTag } from './messages.js';

/** Share of the move's time after which the player to move is reminded. */
export const REMIND_AT = 0.75;

/** The clock of a move that starts at `now` (null: the game has no clock). */
export function startClock(perMoveMs: number | null | undefined, now: number): GameClock | null {
  if (!perMoveMs || !Number.isFinite(perMoveMs) || perMoveMs <= 0) return null;
  const deadline = now + perMoveMs;
  return { perMoveMs, deadline, reminded: false, wakeAt: now + Math.floor(perMoveMs * REMIND_AT) };
}

/** After an applied move: the next side's deadline starts now. Games without a clock keep none. */
export const nextClock = (clock: GameClock | null | undefined, now: number): GameClock | null => startClock(clock?.perMoveMs, now);

/** Whether both sides have made a move of their own (else a timeout aborts the game instead of losing it). */
const bothMoved = (rec: StoredGame): boolean => rec.moves.length >= 2;

/** One sweep: every game whose clock is due gets its reminder or its end. Returns how many games this process acted on. */
export async function sweepClocks(ctx: BotContext, limit = 50): Promise<number> {
  const now = ctx.now();
  const ids = await ctx.store.games.due(now, limit);
  let acted = 0;
  for (const id of ids) {
    try {
      if (await sweepOne(ctx, id, now)) acted++;
    } catch (e) {
      ctx.log.error({ err: e, gameId: id }, 'clock sweep failed for a game');
    }
  }
  return acted;
}

async function sweepOne(ctx: BotContext, id: string, now: number): Promise<boolean> {
  const rec = await ctx.store.games.get(id);
  // The index is a hint: re-check the record (a move or another process may have come first).
  const clock = rec?.clock;
  if (!rec || rec.status !== 'active' || !clock || clock.wakeAt == null || clock.wakeAt > now) return false;
  const g = hydrate(rec);
  const side = g.game.toMove(g.state) as Side;
  if (clock.deadline != null && now >= clock.deadline) return timeOut(ctx, rec, side);
  if (clock.reminded) return false;
  const res = await ctx.store.games.update(rec.id, rec.version, { clock: { ...clock, reminded: true, wakeAt: clock.deadline } });
  if (!res.ok) return false; // someone moved or another process reminded first
  const p = rec.players[side];
  if (p.bot) return true;
  await sendToChannel(ctx, rec.channelId, {
    content: `${playerTag(p)}, it is your move (${cap(getGame(rec.game).sides[side])}): ${Math.round((1 - REMIND_AT) * 100)}% of the time is left, the deadline is <t:${Math.floor((clock.deadline ?? now) / 1000)}:R>. Play with \`/move\`.`,
    allowedMentions: { users: [p.id] },
  });
  return true;
}

/** Lost on time by the side to move, or aborted while a side has not moved yet (no rating change). */
async function timeOut(ctx: BotContext, rec: StoredGame, side: Side): Promise<boolean> {
  const aborted = !bothMoved(rec);
  const res = await ctx.store.games.update(rec.id, rec.version, {
    status: aborted ? 'aborted' : 'over',
    result: { winner: aborted ? null : ((1 - side) as Side), draw: false, reason: 'time' },
    drawOffer: null,
    clock: { ...rec.clock!, wakeAt: null },
  });
  if (!res.ok) return false;
  const final = await settleRatings(ctx, res.game);
  const who = `${md(rec.players[side].name)} did not move in time.`;
  await sendToChannel(ctx, final.channelId, await gamePost(ctx, final, [who]));
  await archiveIfThread(ctx, final);
  return true;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

// The clock sweep: every due game gets its reminder ping at 75% of the move's
// time, or at 100% is lost on time by the side to move (aborted while a side
// has not moved yet). In reply mode (a group DM...) there is no reminder, and
// the end is saved with its post owed: the next interaction in that channel
// shows it (reconcile.ts). The deadline lives on the record, so a restart loses
// nothing; every action is a compare-and-set update, so two bot processes
// never act twice. A damaged record is quarantined, which takes it out of the
// index: it cannot hold up the healthy games behind it.
import type { Side } from '../engine/index.js';
import type { StoredGame } from '../store/types.js';
import { REMIND_AT } from './clock.js';
import { postableHere, type MatchContext } from './context.js';
import { playerParam, sideMsg } from './describe.js';
import { announceEnd } from './end.js';
import { check, gameLocale, quarantine } from './games.js';
import { gameEnded } from './over.js';

/** One sweep: every game whose clock is due gets its reminder or its end. Returns how many games this process acted on. */
export async function sweepClocks(ctx: MatchContext, limit = 50): Promise<number> {
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

async function sweepOne(ctx: MatchContext, id: string, now: number): Promise<boolean> {
  let rec: StoredGame | null;
  try {
    rec = await ctx.store.games.get(id);
  } catch (e) {
    await quarantine(ctx, id, e instanceof Error ? e.message : String(e));
    return false;
  }
  // The index is a hint: re-check the record (a move or another process may have come first).
  const clock = rec?.clock;
  if (!rec || rec.status !== 'active' || !clock || clock.wakeAt == null || clock.wakeAt > now) return false;
  const c = check(rec);
  if (!c.ok) {
    await quarantine(ctx, rec.id, c.detail, rec.locale);
    return false;
  }
  const { game, state } = c.value;
  const side = game.toMove(state);
  if (clock.deadline != null && now >= clock.deadline) return timeOut(ctx, rec, side, game.eachSideMoved(state));
  if (clock.reminded) return false;
  const res = await ctx.store.games.update(rec.id, rec.version, { clock: { ...clock, reminded: true, wakeAt: clock.deadline } });
  if (!res.ok) return false; // someone moved or another process reminded first
  const p = rec.players[side];
  // Reply mode: the bot cannot ping on its own there, and no interaction waits: the reminder is skipped.
  if (p.bot || !postableHere(rec)) return true;
  await ctx.notifier.post(rec, {
    kind: 'text',
    locale: gameLocale(rec),
    lines: [
      {
        key: 'clock.reminder',
        params: { player: playerParam(p), side: sideMsg(rec.game, side), left: Math.round((1 - REMIND_AT) * 100), deadline: { time: clock.deadline ?? now } },
      },
    ],
    ping: [p.id],
  });
  return true;
}

/** Lost on time by the side to move, or aborted while a side has not moved yet (no rating change). */
async function timeOut(ctx: MatchContext, rec: StoredGame, side: Side, bothMoved: boolean): Promise<boolean> {
  const res = await ctx.store.games.update(
    rec.id,
    rec.version,
    {
      status: bothMoved ? 'over' : 'aborted',
      result: { winner: bothMoved ? ((1 - side) as Side) : null, draw: false, reason: 'time' },
      drawOffer: null,
      clock: rec.clock ? { ...rec.clock, wakeAt: null } : undefined,
    },
    { announce: { owner: ctx.instanceId } },
  );
  if (!res.ok) return false;
  gameEnded(ctx, res.game);
  await announceEnd(ctx, res.game, [{ key: 'clock.timedOut', params: { name: { name: rec.players[side].name } } }]);
  return true;
}

/**
 * Ends an active game now as if its clock had run out (a tournament round's
 * deadline): the side to move loses on time, or the game is aborted while a
 * side has not moved yet. False when it is not active, damaged, or changed meanwhile.
 */
export async function endOnTime(ctx: MatchContext, gameId: string): Promise<boolean> {
  const rec = await ctx.store.games.get(gameId);
  if (!rec || rec.status !== 'active') return false;
  const c = check(rec);
  if (!c.ok) return false;
  return timeOut(ctx, rec, c.value.game.toMove(c.value.state), c.value.game.eachSideMoved(c.value.state));
}

// The clock sweep: every due game gets its reminder ping at 75% of the move's
// time, or at 100% is lost on time by the side to move (aborted while a side
// has not moved yet). In reply mode (a group DM...) there is no reminder, and
// the end is saved with its post owed: the next interaction in that channel
// shows it (reconcile.ts). The deadline lives on the record, so a restart loses
// nothing; every action is a compare-and-set update, so two bot processes
// never act twice. The due index is only a hint: an entry whose game is gone,
// over or due later is repaired, and a damaged record is quarantined (which
// takes it out of the index), so neither holds up the healthy games behind it.
// A read that fails for another reason (Redis away) is logged and retried at
// the next sweep: it says nothing about the record.
import type { Side } from '../../engine/index.js';
import type { StoredGame } from '../../model/index.js';
import { isCorruptRecordError } from '../../store/types.js';
import { postAnnouncement } from '../announce.js';
import { REMIND_AT } from '../clock.js';
import { postableHere, type MatchContext } from '../context.js';
import { playerParam, sideMsg } from '../describe.js';
import { finish } from '../finish.js';
import { check, gameLocale, quarantine, type LoadedGame } from '../games.js';

/** Pages of due entries one sweep looks at, at most: a larger backlog is worked through over the next sweeps. */
const MAX_PAGES = 10;

/**
 * What became of a due entry: `acted` (reminded or ended: its entry moved on or
 * left), `cleared` (stale or damaged: repaired or quarantined, or nothing to do
 * because another writer moved it), `kept` (failed: it stays where it was, to be
 * retried next sweep).
 */
type Outcome = 'acted' | 'cleared' | 'kept';

/**
 * One sweep: every game whose clock is due gets its reminder or its end. Returns how many games this process acted on.
 */
export async function sweepClocks(ctx: MatchContext, limit = 50): Promise<number> {
  const now = ctx.now();
  const seen = new Set<string>();
  let acted = 0;
  // Entries still in the index before the next unseen one: pages skip them, so
  // failing games never hide the ones behind them. Counting too few only means
  // reading some seen ids again (skipped); too many would skip a due game.
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const ids = await ctx.store.gameIndex.due(now, limit, offset);
    for (const id of ids) {
      if (seen.has(id)) {
        offset++;
        continue;
      }
      seen.add(id);
      let outcome: Outcome;
      try {
        outcome = await sweepOne(ctx, id, now);
      } catch (e) {
        ctx.log.error({ err: e, gameId: id }, 'clock sweep failed for a game');
        outcome = 'kept';
      }
      if (outcome === 'acted') acted++;
      else if (outcome === 'kept') offset++;
    }
    if (ids.length < limit) break;
  }
  return acted;
}

async function sweepOne(ctx: MatchContext, id: string, now: number): Promise<Outcome> {
  const rec = await readGame(ctx, id);
  if (rec === 'quarantined') return 'cleared';
  // The index is a hint: re-check the record (a move or another process may have come first).
  const clock = rec?.clock;
  if (!rec || rec.status !== 'active' || rec.damaged || !clock || clock.wakeAt == null) {
    // Gone, over, quarantined or without a clock: its entry is stale.
    await ctx.store.gameIndex.repairDue(id, now, null);
    return 'cleared';
  }
  if (clock.wakeAt > now) {
    // A write moved the wake time and its index update is late or was lost: the record says when.
    await ctx.store.gameIndex.repairDue(id, now, clock.wakeAt);
    return 'cleared';
  }
  const c = check(rec);
  if (!c.ok) {
    await quarantine(ctx, rec.id, c.detail, rec.locale);
    return 'cleared';
  }
  const { game, state } = c.value;
  const side = game.toMove(state);
  if (clock.deadline != null && now >= clock.deadline) return (await timeOut(ctx, c.value)) ? 'acted' : 'cleared';
  if (clock.reminded) {
    // Reminded already, deadline ahead, yet due: the entry lags behind the record.
    await ctx.store.gameIndex.repairDue(id, now, clock.deadline);
    return 'cleared';
  }
  const res = await ctx.store.games.update(rec.id, rec.version, {
    clock: { ...clock, reminded: true, wakeAt: clock.deadline },
  });
  if (!res.ok) return 'cleared'; // someone moved or another process reminded first
  const p = rec.players[side];
  // Reply mode: the bot cannot ping on its own there, and no interaction waits: the reminder is skipped.
  if (p.bot || !postableHere(rec)) return 'acted';
  await ctx.notifier.post(rec, {
    kind: 'text',
    locale: gameLocale(rec),
    lines: [
      {
        key: 'clock.reminder',
        params: {
          player: playerParam(p),
          side: sideMsg(rec.game, side),
          left: Math.round((1 - REMIND_AT) * 100),
          deadline: { time: clock.deadline ?? now },
        },
      },
    ],
    ping: [p.id],
  });
  return 'acted';
}

/**
 * The record, or 'quarantined' when the store cannot decode it; any other error (a lost connection) is thrown: the game
 * is fine.
 */
async function readGame(ctx: MatchContext, id: string): Promise<StoredGame | null | 'quarantined'> {
  try {
    return await ctx.store.games.get(id);
  } catch (e) {
    if (!isCorruptRecordError(e)) throw e;
    await quarantine(ctx, id, e.message);
    return 'quarantined';
  }
}

/** Lost on time by the side to move, or aborted while a side has not moved yet (no rating change). */
async function timeOut(ctx: MatchContext, { rec, game, state }: LoadedGame): Promise<boolean> {
  const side = game.toMove(state);
  const bothMoved = game.eachSideMoved(state);
  const f = await finish(ctx, rec, {
    status: bothMoved ? 'over' : 'aborted',
    result: { winner: bothMoved ? ((1 - side) as Side) : null, draw: false, reason: 'time' },
    lines: [{ key: 'clock.timedOut', params: { name: { name: rec.players[side].name } } }],
    state,
  });
  if (!f.ok) return false;
  await postAnnouncement(ctx, f.announcement);
  return true;
}

/**
 * Ends an active game now as if its clock had run out (a tournament round's
 * deadline): the side to move loses on time, or the game is aborted while a
 * side has not moved yet. False when it is not active, damaged, or changed meanwhile.
 */
export async function endOnTime(ctx: MatchContext, gameId: string): Promise<boolean> {
  const rec = await readGame(ctx, gameId);
  if (rec === 'quarantined' || !rec || rec.status !== 'active') return false;
  const c = check(rec);
  if (!c.ok) {
    // Quarantined (logged once, a note in its thread): an admin ends it with /endgame.
    await quarantine(ctx, rec.id, c.detail, rec.locale);
    return false;
  }
  return timeOut(ctx, c.value);
}

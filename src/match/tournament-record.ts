// A tournament's record: read for an action, changed by compare-and-set on
// its version (every change, from a button, the drive or a sweep), and its
// sign-up card, redrawn from the record.
import type { StoredTournament } from '../model/index.js';
import type { MatchContext } from './context.js';
import { loadOrRefuse, refuse } from './refusal.js';

/** Loads a tournament; a damaged record is a refusal, a missing one too. */
export const loadTournament = (ctx: MatchContext, id: string): Promise<StoredTournament> =>
  loadOrRefuse(ctx.store.tournaments.get(id), 'tournament.gone', 'tournament.damaged');

/**
 * Read-modify-write with compare-and-set: `change` sees the current record and
 * returns the next one, or null for no change (it may throw a refusal). A
 * concurrent write makes it run again on the new record.
 */
export async function mutate(
  ctx: MatchContext,
  id: string,
  change: (t: StoredTournament) => StoredTournament | null,
): Promise<{ before: StoredTournament; after: StoredTournament; changed: boolean }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const before = await loadTournament(ctx, id);
    const next = change(before);
    if (!next) return { before, after: before, changed: false };
    const res = await ctx.store.tournaments.update(id, before.version, next);
    if (res.ok) return { before, after: res.tournament, changed: true };
    if (res.reason === 'not-found') refuse('tournament.gone');
  }
  return refuse('tournament.busy');
}

/** Records the card's message once posted (the card is then edited as the event goes). */
export async function recordTournamentCard(ctx: MatchContext, id: string, messageId: string): Promise<void> {
  try {
    await mutate(ctx, id, (t) => (t.messageId ? null : { ...t, messageId }));
  } catch (e) {
    // The buttons carry the id and work without it; only the live updates of the card need it.
    ctx.log.warn({ err: e, tournamentId: id }, 'could not record the tournament card');
  }
}

/** Redraws after an edit at most this many times while the record keeps changing (each change draws it again too). */
const REDRAWS = 4;

/**
 * Redraws the card from the latest record (best effort: the next change draws
 * it again). Two edits in flight (a drive and a click, or two processes) may
 * land in either order, so each looks again once its edit is in and redraws
 * while the record has moved on: the last edit to land shows the latest
 * record. `drawn` is the version an answer has just shown (a button's update
 * of the card), which needs no second drawing.
 */
export async function refreshCard(ctx: MatchContext, id: string, drawn: number | null = null): Promise<void> {
  try {
    let shown = drawn;
    for (let i = 0; i < REDRAWS; i++) {
      const t = await ctx.store.tournaments.get(id);
      if (!t?.messageId || t.version === shown) return;
      await ctx.notifier.edit(t, t.messageId, { kind: 'tournament', tournament: t, view: 'card' });
      shown = t.version;
    }
  } catch (e) {
    ctx.log.warn({ err: e, tournamentId: id }, 'could not update the tournament card');
  }
}

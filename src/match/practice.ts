// Practice sessions (issue 20): a user's private run through positions to
// solve (model/practice.ts), whatever their kind: the waiting position rebuilt
// by the engine, an answer parsed, judged by the kind's rules
// (practice-kinds.ts) and written once (compare-and-set on the session's
// version: a double click, a second process, a stale button change nothing),
// and the steps Next / Skip / Done. The builder answers through
// `practiceBuilder`, /move through `answerPractice` (commands/move.ts: a game
// where the user plays in that channel comes first).
import { getGame, type AnyGame } from '../engine/index.js';
import { replay } from '../engine/replay.js';
import type { Msg } from '../i18n/msg.js';
import { waitingItem, type PracticeItem, type PracticeSession } from '../model/index.js';
import { isCorruptRecordError, type NewPracticeSession } from '../store/types.js';
import type { BuilderAt, BuilderPosition, BuilderSource } from './builder.js';
import type { MatchContext } from './context.js';
import { ruleErrorMsg } from './describe.js';
import { RULES, type Verdict } from './practice-kinds.js';
import { isRefusal, refuse, refuseMsg } from './refusal.js';

/** A session's button: the session and the version it was drawn at (a later write makes it stale). */
export interface PracticeAt {
  sessionId: string;
  version: number;
}

/** The waiting position of a session: its item, the engine's state before it, whose move it is. */
export interface PracticePosition {
  session: PracticeSession;
  item: PracticeItem;
  game: AnyGame;
  before: unknown;
}

export interface PracticeAnswered {
  /** The session after the answer (the item answered, still at its index: Next moves on). */
  session: PracticeSession;
  item: PracticeItem;
  index: number;
  verdict: Verdict;
  /** The kind's follow-up line (a puzzle's rating change), when it has one and it worked. */
  note: Msg | null;
  game: AnyGame;
  before: unknown;
}

/** Starts a session for its user (replacing the one they had). */
export function startPractice(ctx: MatchContext, s: NewPracticeSession): Promise<PracticeSession> {
  return ctx.store.practice.start(s);
}

/** The user's session, or null; a damaged record is dropped (logged) and refused. */
export async function loadPractice(ctx: MatchContext, userId: string): Promise<PracticeSession | null> {
  try {
    return await ctx.store.practice.get(userId);
  } catch (e) {
    if (!isCorruptRecordError(e)) throw e;
    ctx.log.error({ err: e, userId }, 'practice session does not validate: dropped');
    await ctx.store.practice.drop(userId);
    return refuse('practice.damaged');
  }
}

/** The session a button was drawn for: refused when it is gone, replaced or moved on since. */
async function sessionAt(ctx: MatchContext, userId: string, at: PracticeAt | null): Promise<PracticeSession> {
  const s = await loadPractice(ctx, userId);
  if (!s) return refuse(at ? 'practice.stale' : 'practice.none');
  if (at && (s.id !== at.sessionId || s.version !== at.version)) refuse('practice.stale');
  return s;
}

/** The item's position, rebuilt from its setup and moves (the engine checks each). */
export function itemPosition(item: PracticeItem): { game: AnyGame; before: unknown } {
  const game = getGame(item.game);
  const r = replay(game, item.setup, item.moves);
  if (!r.ok) return refuse('practice.damaged');
  return { game, before: r.states[r.states.length - 1] };
}

/** The position waiting for the user's answer (`at`: the button's session and version, checked). */
export async function practicePosition(
  ctx: MatchContext,
  userId: string,
  at: PracticeAt | null = null,
): Promise<PracticePosition> {
  const session = await sessionAt(ctx, userId, at);
  const item = waitingItem(session);
  if (!item) return refuse(session.status === 'done' ? 'practice.over' : 'practice.answered');
  return { session, item, ...itemPosition(item) };
}

/** The user's waiting position, or null when they have none (for /move's precedence and its autocomplete). */
export async function waitingPractice(ctx: MatchContext, userId: string): Promise<PracticePosition | null> {
  // Any failure (Redis, a damaged record, a log that no longer replays) leaves /move to the game's path; the
  // session's own buttons report it.
  try {
    const session = await ctx.store.practice.get(userId);
    const item = session && waitingItem(session);
    return session && item ? { session, item, ...itemPosition(item) } : null;
  } catch {
    return null;
  }
}

/**
 * Answers the waiting position with `text` (any notation the engine reads): judged by the session's kind, written
 * once on the version read (`at` when a button sent it). A lost race is 'practice.stale', nothing changed.
 */
export async function answerPractice(
  ctx: MatchContext,
  userId: string,
  text: string,
  at: PracticeAt | null = null,
): Promise<PracticeAnswered> {
  const p = await practicePosition(ctx, userId, at);
  const parsed = p.game.parseMove(p.before, text);
  if (!parsed.ok) refuseMsg(ruleErrorMsg(parsed.error), parsed.error.rule);
  const answer = p.game.formatMove(p.before, parsed.value, 'canonical');
  const rules = RULES[p.session.kind];
  let verdict: Verdict;
  try {
    verdict = await rules.judge(ctx, p.session, p.item, p.before, answer);
  } catch (e) {
    if (isRefusal(e)) throw e;
    // The engine's lane failed (busy, a worker lost): the answer is not recorded, so the user may send it again.
    ctx.log.warn({ err: e, userId, kind: p.session.kind }, 'practice answer could not be judged');
    return refuse('practice.judgeFailed');
  }
  const index = p.session.index;
  const item: PracticeItem = { ...p.item, outcome: verdict.found ? 'found' : 'missed', answer, loss: verdict.loss };
  const items = p.session.items.map((x, i) => (i === index ? item : x));
  const w = await ctx.store.practice.update(userId, p.session.id, p.session.version, { items });
  if (!w.ok) return refuse('practice.stale');
  const note = rules.answered
    ? await rules.answered(ctx, w.session, item).catch((e: unknown) => {
        ctx.log.warn({ err: e, userId, kind: p.session.kind }, 'practice follow-up failed');
        return null;
      })
    : null;
  return { session: w.session, item, index, verdict, note, game: p.game, before: p.before };
}

export type PracticeStep = 'next' | 'skip' | 'done';

/**
 * Next (after an answer), Skip (the waiting item, unanswered) or Done (ends the session), on the version the button
 * was drawn at. The session after it: ended once past its last item.
 */
export async function stepPractice(
  ctx: MatchContext,
  userId: string,
  at: PracticeAt,
  step: PracticeStep,
): Promise<PracticeSession> {
  const s = await sessionAt(ctx, userId, at);
  if (s.status === 'done') return refuse('practice.over');
  const cur = s.items[s.index];
  let changes: Parameters<MatchContext['store']['practice']['update']>[3];
  if (step === 'done') changes = { status: 'done' };
  else {
    if (!cur) return refuse('practice.over');
    if (step === 'next' && cur.outcome === 'pending') return refuse('practice.notAnswered');
    if (step === 'skip' && cur.outcome !== 'pending') return refuse('practice.answered');
    const items =
      step === 'skip' ? s.items.map((x, i) => (i === s.index ? { ...x, outcome: 'skipped' as const } : x)) : s.items;
    const index = s.index + 1;
    changes = { items, index, status: index >= s.items.length ? 'done' : 'open' };
  }
  const w = await ctx.store.practice.update(userId, s.id, s.version, changes);
  if (!w.ok) return refuse('practice.stale');
  return w.session;
}

/** The builder over a practice session's waiting position (its custom ids carry the session and its version). */
export const practiceBuilder: BuilderSource = {
  async load(ctx, where: BuilderAt, userId): Promise<BuilderPosition> {
    const p = await practicePosition(ctx, userId, { sessionId: where.gameId, version: where.at });
    return {
      ref: p.session.id,
      at: p.session.version,
      gameId: p.item.game,
      game: p.game,
      state: p.before,
      side: p.game.toMove(p.before),
      players: p.item.players ?? ['', ''],
      session: p.session,
    };
  },
};

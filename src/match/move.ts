// A move, whoever plays it: load the game, check who may move, let the
// engine parse and apply it and every forced move it causes, and write the
// result with compare-and-set on the version (a move that ends the game is
// written by finish.ts). On a conflict the game is reloaded and everything
// re-checked, so a move is never applied twice or to a stale position.
//
// Then what comes next: the post, then the AI's turn when it is to move. The
// AI's search runs in worker threads (ctx.think), so the bot keeps answering
// other games; its move is committed with the version it thought about, so a
// resign or abort meanwhile simply wins. In reply mode the AI's move follows
// the post it answers, as a follow-up of the interaction that post answered
// (an InteractionRef), since the bot cannot post there on its own. Lost AI turns: sweeps/ai-turns.ts.
import { createHash } from 'node:crypto';
import type { AnyGame, Outcome, Side } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';
import type { InteractionRef, StoredGame } from '../model/index.js';
import { announcement, archiveIfOver, postAnnouncement, type Announcement } from './announce.js';
import { nextClock } from './clock.js';
import { postableHere, type LiveInteractionRef, type MatchContext, type TextPost } from './context.js';
import { moveLine, playerParam, ruleErrorMsg } from './describe.js';
import { finish } from './finish.js';
import {
  check,
  gameLocale,
  loadActiveGame,
  loadGameById,
  quarantine,
  rememberChecked,
  requirePlayer,
} from './games.js';
import { isRefusal, refuse, refuseMsg } from './refusal.js';
import { expertCapMs } from './settings.js';
import { savePlayerWrite, writeOptions } from './write.js';

/** Forced moves in a row are bounded by the rules (Exxit: two passes end the game); this guards a broken engine. */
const MAX_FORCED = 8;

export interface Advanced {
  state: unknown;
  /** The position before the last ply, when forced moves followed the chosen one. */
  before?: unknown;
  /** Canonical text of every move played (the chosen one, then the forced ones). */
  moves: string[];
  lines: Msg[];
  outcome: Outcome;
}

/** Plays `move`, then every move the rules force after it (a forced pass is stored like any move). */
export function advance(game: AnyGame, state: unknown, move: unknown): Advanced {
  const moves: string[] = [];
  const lines: Msg[] = [];
  let cur = state;
  let next: unknown = move;
  let before: unknown;
  for (let i = 0; next !== null && i <= MAX_FORCED; i++) {
    if (i > 0) before = cur;
    const played = game.play(cur, next);
    if (!played.ok) refuseMsg(ruleErrorMsg(played.error), played.error.rule);
    lines.push(moveLine(game.id, cur, next, played.value));
    moves.push(game.formatMove(cur, next, 'canonical'));
    cur = played.value;
    next = game.outcome(cur).over ? null : game.forcedMove(cur);
  }
  return { state: cur, before, moves, lines, outcome: game.outcome(cur) };
}

/**
 * Who is moving: a player (with the version they saw, from a builder or button), or the AI on the version it thought
 * about.
 */
export type Mover = { userId: string; expectVersion?: number } | { aiSide: Side; expectVersion: number };

/** /move, the builder's Confirm, the AI: commit the move (and the game's end, if it ends it), and say what to post. */
export async function playMove(
  ctx: MatchContext,
  where: { channelId: string } | { gameId: string },
  mover: Mover,
  text: string,
  interaction?: InteractionRef | LiveInteractionRef,
): Promise<Announcement> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const g =
      'channelId' in where
        ? await loadActiveGame(ctx, where.channelId, 'userId' in mover ? mover.userId : undefined)
        : await loadGameById(ctx, where.gameId);
    const { rec, game, state } = g;
    let side: Side;
    if ('userId' in mover) {
      side = requirePlayer(g, mover.userId);
      if (mover.expectVersion !== undefined && rec.version !== mover.expectVersion) refuse('move.stale');
    } else {
      if (rec.version !== mover.expectVersion || rec.status !== 'active') refuse('move.aiStale');
      side = mover.aiSide;
    }
    if (game.toMove(state) !== side) {
      const other = rec.players[1 - side];
      refuse(other.bot ? 'move.notYourTurnAi' : 'move.notYourTurn', { name: { name: other.name } });
    }
    const parsed = game.parseMove(state, text);
    if (!parsed.ok) refuseMsg(ruleErrorMsg(parsed.error), parsed.error.rule);
    const adv = advance(game, state, parsed.value);
    const vsAi = rec.players.some((p) => p.bot);
    // A hint before the write (as for owed posts): the AI sweep finds a turn whose process died before it thought.
    if (vsAi) await ctx.store.aiTurns.note(rec.id);
    const done = adv.outcome.over
      ? await finish(ctx, rec, endingOf(adv), interaction)
      : await commit(ctx, rec, adv, interaction);
    if (done.ok) {
      if (vsAi && (done.game.status !== 'active' || done.game.players[game.toMove(adv.state)].bot === undefined)) {
        await ctx.store.aiTurns
          .drop(rec.id)
          .catch((e: unknown) => ctx.log.debug({ err: e, gameId: rec.id }, 'AI-turn hint left for the sweep to drop'));
      }
      return done.announcement;
    }
    if (done.reason === 'not-found') refuse('game.gone');
    // The version moved on (another process, a double click): a mover with an expected version is now stale.
    ctx.log.debug({ gameId: rec.id, version: rec.version }, 'move conflict; reloading');
  }
  return refuse('move.conflict');
}

const endingOf = (adv: Advanced) => ({
  status: 'over' as const,
  result: {
    winner: adv.outcome.draw ? null : adv.outcome.winner,
    draw: adv.outcome.draw,
    reason: adv.outcome.reason ?? 'over',
  },
  lines: adv.lines,
  state: adv.state,
  move: { moves: adv.moves, before: adv.before },
});

/** Writes a move that leaves the game going: the new state, and the next side's time (forced and AI moves too). */
async function commit(
  ctx: MatchContext,
  rec: StoredGame,
  adv: Advanced,
  interaction?: InteractionRef | LiveInteractionRef,
): Promise<{ ok: true; game: StoredGame; announcement: Announcement } | { ok: false; reason: string }> {
  const changes = {
    state: adv.state,
    appendMoves: adv.moves,
    drawOffer: null,
    // Any move makes an open takeback offer lapse (its buttons then refuse as stale).
    takebackOffer: null,
    ...(rec.clock ? { clock: nextClock(rec.clock, ctx.now()) } : {}),
  };
  const res = await savePlayerWrite(
    ctx.store.games.update(rec.id, rec.version, changes, writeOptions(ctx, interaction)),
  );
  if (!res.ok) return res;
  rememberChecked(res.game, adv.state);
  const after = res.game;
  const a = announcement(
    ctx,
    after,
    adv.state,
    adv.lines,
    (interaction) => afterPost(ctx, after, interaction),
    adv.before,
  );
  return { ok: true, game: after, announcement: a };
}

/**
 * After a post (`interaction`: the one it answered, if any): archive a finished game's thread, else let the AI answer
 * if it is to move.
 */
export async function afterPost(ctx: MatchContext, rec: StoredGame, interaction?: InteractionRef): Promise<void> {
  if (rec.status !== 'active') return archiveIfOver(ctx, rec);
  scheduleAi(ctx, rec, interaction);
}

// ---------------------------------------------------------------------------
// The AI's turn

const seedOf = (id: string, version: number): number =>
  createHash('sha256').update(`${id}:${version}`).digest().readUInt32LE(0);

/** The AI's side when it is to move in this active game, else null. */
export function aiToMove(rec: StoredGame): Side | null {
  if (rec.status !== 'active' || rec.damaged || !rec.players.some((p) => p.bot)) return null;
  const c = check(rec);
  if (!c.ok) return null;
  const side = c.value.game.toMove(c.value.state);
  return rec.players[side].bot ? side : null;
}

/** Lets the AI move if it is to move; `interaction`: in reply mode, the one its move follows up. */
export function scheduleAi(ctx: MatchContext, rec: StoredGame, interaction?: InteractionRef): void {
  if (rec.status !== 'active' || rec.damaged || !rec.players.some((p) => p.bot)) return;
  const c = check(rec);
  if (!c.ok) {
    // Said once in its thread and logged once; the game then waits for /endgame.
    ctx.background(`quarantine ${rec.id}`, () => quarantine(ctx, rec.id, c.detail, rec.locale));
    return;
  }
  const side = c.value.game.toMove(c.value.state);
  if (!rec.players[side].bot) return;
  // Only reply mode needs the interaction (the AI's post goes after its answer): elsewhere the AI posts in the channel.
  const replyMode = !postableHere(rec);
  ctx.background(`ai ${rec.id}`, () =>
    aiTurn(ctx, rec.id, null, replyMode && interaction ? { ...interaction, followUp: true } : undefined),
  );
}

/**
 * How long a process may think for a game's AI before others may take over (the search is capped far below). While
 * it thinks the lease is extended every third of that: an expert search may wait minutes in the AI's queue, and a
 * turn that waits its place is not a lost one.
 */
const AI_LEASE_MS = 60_000;

/** One AI move: think on the loaded position, apply it only if the game has not changed meanwhile. */
export async function aiTurn(
  ctx: MatchContext,
  gameId: string,
  takeOver: string | null = null,
  interaction?: InteractionRef,
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
  if ((await ctx.store.aiTurns.lease(gameId, ctx.instanceId, AI_LEASE_MS, takeOver)) !== null) return;
  const keep = setInterval(() => {
    ctx.store.aiTurns
      .extend(gameId, ctx.instanceId, AI_LEASE_MS)
      .catch((e: unknown) => ctx.log.warn({ err: e, gameId }, 'could not extend the AI lease'));
  }, AI_LEASE_MS / 3);
  keep.unref();
  try {
    await think(ctx, rec, side, level, c.value.state, interaction);
  } finally {
    clearInterval(keep);
    await ctx.store.aiTurns
      .release(gameId, ctx.instanceId)
      .catch((e: unknown) => ctx.log.warn({ err: e, gameId }, 'could not release the AI lease'));
  }
}

async function think(
  ctx: MatchContext,
  rec: StoredGame,
  side: Side,
  level: NonNullable<StoredGame['players'][number]['bot']>,
  state: unknown,
  interaction?: InteractionRef,
): Promise<void> {
  const gameId = rec.id;
  let text: string;
  try {
    // Expert's thinking time is the server's to cap (read now, so a change applies from the next move).
    const seed = seedOf(rec.id, rec.version);
    text =
      level === 'expert'
        ? await ctx.think(rec.game, state, level, seed, { timeCapMs: await expertCapMs(ctx, rec.guildId) })
        : await ctx.think(rec.game, state, level, seed);
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
    else if (interaction) await ctx.notifier.followUp(interaction, note);
    return;
  }
  let a;
  try {
    // Reply mode: the write keeps the interaction, so the announcement sweep can follow it up should this process die.
    a = await playMove(ctx, { gameId }, { aiSide: side, expectVersion: rec.version }, text, interaction);
  } catch (e) {
    if (!isRefusal(e)) throw e;
    // Resigned, aborted or moved on meanwhile: nothing to do. The same position refusing the AI's own move is a bug.
    const now = await ctx.store.games.get(gameId);
    if (now && now.status === 'active' && now.version === rec.version)
      ctx.log.error({ gameId, move: text, refusal: e.msg.key }, 'AI move refused');
    else if (now) scheduleAi(ctx, now, interaction);
    return;
  }
  await postAnnouncement(ctx, a, interaction);
}

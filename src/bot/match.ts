// The match service: load a game from the store, validate with the engine,
// write with compare-and-set, and build the posts. Handlers in src/commands
// call these; rules stay in the engine, Redis in the store.
import { createHash } from 'node:crypto';
import { ChannelType, type ActionRowBuilder, type RepliableInteraction, type AttachmentBuilder, type MessageActionRowComponentBuilder, type MessageCreateOptions, type TextChannel } from 'discord.js';
import { errorText, getGame, isGameId, type AnyGame, type Outcome, type Side } from '../engine/index.js';
import type { ExxitMove } from '../engine/exxit/types.js';
import { isCorruptRecordError, type GameChanges, type GameResult, type NewGame, type PlayerRef, type StoredGame } from '../store/types.js';
import type { BotContext } from './context.js';
import { UserError, refuse } from './errors.js';
import { describeMove } from './moves.js';
import { nextClock, startClock } from './clock.js';
import { boardAttachment, clipText, gameMentions, md, rematchRow, resultLines, toMoveLine } from './messages.js';

export interface LoadedGame {
  rec: StoredGame;
  game: AnyGame;
  state: unknown;
}

/** Validates a stored record with the engine (the store is untrusted input too). */
export function hydrate(rec: StoredGame): LoadedGame {
  if (!isGameId(rec.game)) throw new UserError('this game record is damaged (unknown game); a server admin can close it with `/endgame`.');
  const game = getGame(rec.game);
  const st = game.fromJSON(rec.state);
  if (!st.ok) throw new UserError(`this game record is damaged (${errorText(st.error)}); a server admin can close it with \`/endgame\`.`);
  return { rec, game, state: st.value };
}

async function guard<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (isCorruptRecordError(e)) throw new UserError('this game record cannot be read; the bot operators must remove it from the store.');
    throw e;
  }
}

/** The active game of a channel or thread, or a refusal that says why there is none (and where the user's games are). */
export async function loadActiveGame(ctx: BotContext, channelId: string, userId?: string): Promise<LoadedGame> {
  const rec = await guard(ctx.store.games.activeByChannel(channelId));
  if (rec) return hydrate(rec);
  const last = await guard(ctx.store.games.byChannel(channelId));
  const mine = userId ? await yourGames(ctx, userId) : '';
  if (last && last.status !== 'active') refuse(`the game in this channel is over.${mine || ' Start a new one with `/challenge` or `/play-bot`.'}`);
  return refuse(`there is no game in this channel.${mine || ' Start one with `/challenge` or `/play-bot`.'}`);
}

/** " Your games: <#1>, <#2>." for a refusal in the wrong channel; '' when none (or on any error). */
async function yourGames(ctx: BotContext, userId: string): Promise<string> {
  try {
    const games = (await ctx.store.games.listByUser(userId, 10)).filter((g) => g.status === 'active').slice(0, 5);
    return games.length ? ` Your game${games.length > 1 ? 's' : ''}: ${games.map((g) => `<#${g.channelId}>`).join(', ')}.` : '';
  } catch {
    return '';
  }
}

export async function loadGameById(ctx: BotContext, id: string): Promise<LoadedGame> {
  const rec = await guard(ctx.store.games.get(id));
  if (!rec) return refuse('this game no longer exists.');
  return hydrate(rec);
}

export function sideOf(rec: StoredGame, userId: string): Side | null {
  if (!rec.players[0].bot && rec.players[0].id === userId) return 0;
  if (!rec.players[1].bot && rec.players[1].id === userId) return 1;
  return null;
}

/** Refuses spectators and finished games; returns the user's side. */
export function requirePlayer(g: LoadedGame, userId: string): Side {
  if (g.rec.status !== 'active') refuse('this game is over.');
  const side = sideOf(g.rec, userId);
  if (side === null) refuse(`you are not playing in this game (${md(g.rec.players[0].name)} vs ${md(g.rec.players[1].name)}); you can watch.`);
  return side as Side;
}

const isForcedPass = (g: AnyGame, moves: unknown[]): boolean =>
  g.id === 'exxit' && moves.length === 1 && (moves[0] as ExxitMove).kind === 'pass';

/**
 * Plays `move` and then every forced pass it causes (EX-10: a pass is automatic
 * and is stored like any move). Returns the new state, canonical moves, lines.
 */
export function advance(game: AnyGame, state: unknown, move: unknown): { state: unknown; moves: string[]; lines: string[]; outcome: Outcome } {
  const moves: string[] = [];
  const lines: string[] = [];
  let cur = state;
  let next = move;
  // Two passes in a row end the game (EX-20b), so this loop runs at most 3 times.
  for (let i = 0; i < 4; i++) {
    const played = game.play(cur, next);
    if (!played.ok) refuse(errorText(played.error));
    lines.push(describeMove(game, cur, next, played.value));
    moves.push(game.formatMove(cur, next, 'canonical'));
    cur = played.value;
    if (game.id !== 'exxit' || game.outcome(cur).over) break;
    const legal = game.legalMoves(cur);
    if (!isForcedPass(game, legal)) break;
    next = legal[0];
  }
  return { state: cur, moves, lines, outcome: game.outcome(cur) };
}

export interface MoveCommitted {
  before: LoadedGame;
  after: StoredGame;
  /** The engine state of `after`, already validated. */
  state: unknown;
  lines: string[];
  outcome: Outcome;
}

export type Mover = { userId: string } | { aiSide: Side; expectVersion: number };

/**
 * Validates and applies one move with compare-and-set on the version. On a
 * conflict the game is reloaded and everything re-validated, so a move is
 * never applied twice or to a stale position.
 */
export async function commitMove(
  ctx: BotContext,
  where: { channelId: string } | { gameId: string },
  mover: Mover,
  text: string,
): Promise<MoveCommitted> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const g =
      'channelId' in where
        ? await loadActiveGame(ctx, where.channelId, 'userId' in mover ? mover.userId : undefined)
        : await loadGameById(ctx, where.gameId);
    const { rec, game, state } = g;
    let side: Side;
    if ('userId' in mover) {
      side = requirePlayer(g, mover.userId);
    } else {
      if (rec.version !== mover.expectVersion || rec.status !== 'active') refuse('the position changed while the AI was thinking.');
      side = mover.aiSide;
    }
    if (game.toMove(state) !== side) {
      const other = rec.players[1 - side];
      refuse(other.bot ? 'it is not your turn: the AI is thinking.' : `it is not your turn: ${md(other.name)} is to move.`);
    }
    const parsed = game.parseMove(state, text);
    if (!parsed.ok) refuse(errorText(parsed.error));
    const adv = advance(game, state, parsed.value);
    const changes: GameChanges = { state: adv.state, appendMoves: adv.moves, drawOffer: null };
    if (adv.outcome.over) {
      changes.status = 'over';
      changes.result = { winner: adv.outcome.draw ? null : adv.outcome.winner, draw: adv.outcome.draw, reason: adv.outcome.reason ?? 'over' };
    } else if (rec.clock) {
      // Every applied move (forced passes and AI moves too) starts the next side's time.
      changes.clock = nextClock(rec.clock, ctx.now());
    }
    const res = await ctx.store.games.update(rec.id, rec.version, changes);
    if (res.ok) return { before: g, after: res.game, state: adv.state, lines: adv.lines, outcome: adv.outcome };
    if (res.reason === 'not-found') refuse('this game no longer exists.');
    ctx.log.debug({ gameId: rec.id, version: rec.version }, 'move conflict; reloading');
  }
  return refuse('the position changed while you were moving; look at the board and try again.');
}

/** Ends an active game for a reason outside the rules (resign, agreed draw, abort), with CAS. */
export async function endGame(
  ctx: BotContext,
  g: LoadedGame,
  status: 'over' | 'aborted',
  result: GameResult,
): Promise<StoredGame> {
  const res = await ctx.store.games.update(g.rec.id, g.rec.version, { status, result, drawOffer: null });
  if (!res.ok) refuse('the position changed just now; look at the board and try again.');
  return res.game;
}

/** Rated human games: Glicko-2 via the store (idempotent per game), recorded on the game for the final post. */
export async function settleRatings(ctx: BotContext, rec: StoredGame): Promise<StoredGame> {
  if (!rec.rated || rec.status !== 'over' || !rec.result || rec.players.some((p) => p.bot)) return rec;
  try {
    const out = await ctx.store.ratings.applyResult(
      rec.game,
      rec.id,
      rec.guildId,
      [rec.players[0].id, rec.players[1].id],
      { winner: rec.result.winner, draw: rec.result.draw },
      ctx.now(),
    );
    const result = { ...rec.result, ratingChanges: out.players };
    const res = await ctx.store.games.update(rec.id, rec.version, { result });
    return res.ok ? res.game : { ...rec, result };
  } catch (e) {
    ctx.log.error({ err: e, gameId: rec.id }, 'rating update failed');
    return rec;
  }
}

/** Renders the board; a renderer failure must not lose the move, so the post then goes out without the image. */
async function boardFiles(ctx: BotContext, rec: StoredGame, state: unknown): Promise<AttachmentBuilder[]> {
  try {
    const png = await ctx.render(rec.game, state, { players: [rec.players[0].name, rec.players[1].name] });
    return [boardAttachment(png, rec)];
  } catch (e) {
    ctx.log.error({ err: e, gameId: rec.id }, 'board render failed');
    return [];
  }
}

/** The post after a move or at the start: lines, board, who is to move (or the result). */
export interface GamePost {
  content: string;
  files: AttachmentBuilder[];
  components: ActionRowBuilder<MessageActionRowComponentBuilder>[];
  allowedMentions: { users: string[] };
}

export async function gamePost(ctx: BotContext, rec: StoredGame, lines: string[], state?: unknown): Promise<GamePost> {
  // The caller usually holds the validated state already (fromJSON is not free on big states).
  const g = state === undefined ? hydrate(rec) : { game: getGame(rec.game), state };
  const files = await boardFiles(ctx, rec, g.state);
  if (rec.status === 'active') {
    const next = g.game.toMove(g.state) as Side;
    return {
      content: clipText([...lines, toMoveLine(rec, next)].join('\n')),
      files,
      components: [],
      allowedMentions: gameMentions(rec, [next]),
    };
  }
  return {
    content: clipText([...lines, ...resultLines(rec)].join('\n')),
    files,
    components: [rematchRow(rec)],
    allowedMentions: { users: [] },
  };
}

/**
 * Announces a committed change as the answer to the interaction; if Discord
 * refuses the answer (a late or lost interaction), the post goes to the game's
 * channel instead, so a move that was applied is always shown.
 */
export async function announce(ctx: BotContext, i: RepliableInteraction, rec: StoredGame, lines: string[], state?: unknown): Promise<void> {
  let deferred = i.deferred;
  if (!deferred && !i.replied) {
    try {
      await i.deferReply();
      deferred = true;
    } catch (e) {
      ctx.log.warn({ err: e, gameId: rec.id }, 'could not defer; posting in the channel');
    }
  }
  const post = await gamePost(ctx, rec, lines, state);
  if (deferred) {
    try {
      await i.editReply(post);
      return;
    } catch (e) {
      ctx.log.warn({ err: e, gameId: rec.id }, 'could not answer; posting in the channel');
      await i.deleteReply().catch(() => undefined);
    }
  }
  await sendToChannel(ctx, rec.channelId, post);
}

/** Discord's limit for the first answer is 3 s from the interaction's creation; act well before it. */
const ACK_MARGIN_MS = 1500;

/**
 * A safety net for slash commands that validate and write before answering:
 * if that work is still running 1.5 s after the interaction was created, the
 * reply is deferred (publicly: success is the common case; a refusal then
 * replaces it with an ephemeral message). `settle()` stops the timer and
 * waits for a deferral in flight, before the handler answers.
 */
export function ackSoon(ctx: BotContext, i: RepliableInteraction): { settle(): Promise<void> } {
  let pending: Promise<unknown> | null = null;
  const wait = Math.max(0, i.createdTimestamp + ACK_MARGIN_MS - Date.now());
  const timer = setTimeout(() => {
    if (i.deferred || i.replied) return;
    ctx.log.debug({ interactionId: i.id }, 'slow answer: deferring early');
    pending = i.deferReply().catch((e) => ctx.log.warn({ err: e, interactionId: i.id }, 'early deferral failed'));
  }, wait);
  return {
    async settle() {
      clearTimeout(timer);
      if (pending) await pending;
    },
  };
}

/** Runs the validate-and-write step of a slash command under ackSoon. */
export async function beforeAnswer<T>(ctx: BotContext, i: RepliableInteraction, work: () => Promise<T>): Promise<T> {
  const ack = ackSoon(ctx, i);
  try {
    return await work();
  } finally {
    await ack.settle();
  }
}

export async function sendToChannel(ctx: BotContext, channelId: string, payload: MessageCreateOptions) {
  const ch = await ctx.client.channels.fetch(channelId);
  if (!ch || !ch.isSendable()) throw new Error(`channel ${channelId} is not sendable`);
  return ch.send(payload);
}

/** After the final message: archive the game's thread (not a channel the game fell back to). */
export async function archiveIfThread(ctx: BotContext, rec: StoredGame): Promise<void> {
  try {
    const ch = await ctx.client.channels.fetch(rec.channelId);
    if (ch && ch.isThread() && !ch.archived && rec.parentChannelId) await ch.setArchived(true, 'game over');
  } catch (e) {
    ctx.log.warn({ err: e, gameId: rec.id }, 'could not archive the game thread');
  }
}

/** Everything after a commit has been announced: archive when over, else let the AI answer. */
export function afterPost(ctx: BotContext, rec: StoredGame): Promise<void> | void {
  if (rec.status !== 'active') return archiveIfThread(ctx, rec);
  scheduleAi(ctx, rec);
}

// ---------------------------------------------------------------------------
// The AI (worker threads via thinkMove; never blocks the event loop)

const seedOf = (id: string, version: number): number => createHash('sha256').update(`${id}:${version}`).digest().readUInt32LE(0);

export function aiToMove(rec: StoredGame): Side | null {
  if (rec.status !== 'active' || !rec.players.some((p) => p.bot)) return null;
  const g = hydrate(rec);
  const side = g.game.toMove(g.state) as Side;
  return rec.players[side].bot ? side : null;
}

export function scheduleAi(ctx: BotContext, rec: StoredGame): void {
  let side: Side | null = null;
  try {
    side = aiToMove(rec);
  } catch {
    return;
  }
  if (side === null) return;
  ctx.background(`ai ${rec.id}`, () => aiTurn(ctx, rec.id));
}

/** One AI move: think on the loaded position, apply it only if the game has not changed meanwhile. */
export async function aiTurn(ctx: BotContext, gameId: string): Promise<void> {
  const rec = await ctx.store.games.get(gameId);
  if (!rec || rec.status !== 'active') return;
  const g = hydrate(rec);
  const side = g.game.toMove(g.state) as Side;
  const level = rec.players[side].bot;
  if (!level) return;
  let text: string;
  try {
    text = await ctx.thinkMove(rec.game, g.state, level, seedOf(rec.id, rec.version));
  } catch (e) {
    // Say so in the game: /board (or a restart) asks the AI again.
    ctx.log.error({ err: e, gameId }, 'AI search failed');
    await sendToChannel(ctx, rec.channelId, {
      content: `${md(rec.players[side].name)} could not find a move just now. Use \`/board\` to make it try again.`,
      allowedMentions: { users: [] },
    });
    return;
  }
  let done: MoveCommitted;
  try {
    done = await commitMove(ctx, { gameId }, { aiSide: side, expectVersion: rec.version }, text);
  } catch (e) {
    if (e instanceof UserError) {
      // Resigned or aborted meanwhile: nothing to do. Anything else is an AI bug.
      const now = await ctx.store.games.get(gameId);
      if (now && now.status === 'active' && now.version === rec.version) ctx.log.error({ gameId, move: text, err: e.message }, 'AI move refused');
      else if (now && now.status === 'active') scheduleAi(ctx, now);
      return;
    }
    throw e;
  }
  const final = done.after.status === 'active' ? done.after : await settleRatings(ctx, done.after);
  await sendToChannel(ctx, final.channelId, await gamePost(ctx, final, done.lines, done.state));
  await afterPost(ctx, final);
}

// ---------------------------------------------------------------------------
// Starting a game: a thread on the card's message, or the channel itself

export interface MatchSpec {
  game: NewGame['game'];
  setup: string;
  players: [PlayerRef, PlayerRef];
  rated: boolean;
  guildId: string | null;
  /** Where the card was posted. */
  channelId: string;
  /** The card the thread hangs on. */
  messageId: string | null;
  challengeId?: string | null;
  rematchOf?: string | null;
  /** Time per move, ms (correspondence clock); null or absent: no clock (games against the AI). */
  clockMs?: number | null;
}

const THREADABLE = new Set<ChannelType>([ChannelType.GuildText, ChannelType.GuildAnnouncement]);

/** Opens a public thread on the card; returns null where the bot may not (403/50013) or the channel has no threads. */
async function openThread(ctx: BotContext, spec: MatchSpec, name: string): Promise<string | null> {
  if (!spec.messageId) return null;
  try {
    const ch = await ctx.client.channels.fetch(spec.channelId);
    if (!ch || !THREADABLE.has(ch.type)) return null;
    const thread = await (ch as TextChannel).threads.create({ startMessage: spec.messageId, name, autoArchiveDuration: 1440 });
    return thread.id;
  } catch (e) {
    const err = e as { status?: number; code?: number };
    // A thread on a message has the message's id: reuse it if one exists already.
    if (err.code === 160004) return spec.messageId;
    if (err.status === 403 || err.code === 50013 || err.code === 50001 || err.status === 400) {
      ctx.log.info({ channelId: spec.channelId, code: err.code }, 'cannot open a thread here; playing in the channel');
      return null;
    }
    throw e;
  }
}

export async function startMatch(ctx: BotContext, spec: MatchSpec, name: string): Promise<StoredGame> {
  const game = getGame(spec.game);
  const init = game.initial(spec.setup);
  if (!init.ok) refuse(errorText(init.error));
  const state = init.value;
  const threadId = await openThread(ctx, spec, name);
  const channelId = threadId ?? spec.channelId;
  const created = await ctx.store.games.create({
    game: spec.game,
    setup: spec.setup,
    guildId: spec.guildId,
    channelId,
    parentChannelId: threadId ? spec.channelId : null,
    messageId: spec.messageId,
    players: spec.players,
    rated: spec.rated,
    state,
    // The AI answers in seconds: only games between humans run a clock.
    clock: spec.players.some((p) => p.bot) ? null : startClock(spec.clockMs, ctx.now()),
    challengeId: spec.challengeId ?? null,
    rematchOf: spec.rematchOf ?? null,
  });
  if (!created.ok) {
    refuse(
      created.reason === 'channel-busy'
        ? 'a game is already being played in this channel; finish it first (or challenge from a channel where I can open threads).'
        : 'could not create the game; try again.',
    );
  }
  const rec = created.game;
  const intro = `**${game.title}** · ${md(rec.players[0].name)} (${cap(game.sides[0])}) vs ${md(rec.players[1].name)} (${cap(game.sides[1])})`;
  await sendToChannel(ctx, rec.channelId, await gamePost(ctx, rec, [intro], state));
  scheduleAi(ctx, rec);
  return rec;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

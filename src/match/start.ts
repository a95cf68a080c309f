// Starting a game: a public thread on the card's message (or the channel
// itself where the bot may not open one), the record at version 1, the
// starting board, and the AI's first move when it starts.
import { getGame, type GameId } from '../engine/index.js';
import type { Locale } from '../i18n/catalogue.js';
import type { PlayerRef, StoredGame } from '../store/types.js';
import { announcement, postAnnouncement } from './announce.js';
import { scheduleAi } from './turns.js';
import { startClock } from './clock.js';
import type { MatchContext } from './context.js';
import { introLine, matchTitle, ruleErrorMsg } from './describe.js';
import { refuse, refuseMsg } from './refusal.js';

export interface MatchSpec {
  /** A fixed id (a tournament pairing's game); a second start with it is refused. Default: a new random id. */
  id?: string;
  game: GameId;
  setup: string;
  players: [PlayerRef, PlayerRef];
  rated: boolean;
  guildId: string | null;
  /** Where the card was posted. */
  channelId: string;
  /** The card the thread hangs on; null: play in the channel. */
  messageId: string | null;
  locale: Locale;
  challengeId?: string | null;
  rematchOf?: string | null;
  /** Time per move, ms (correspondence clock); games against the AI have none. */
  clockMs?: number | null;
}

export async function startMatch(ctx: MatchContext, spec: MatchSpec): Promise<StoredGame> {
  const game = getGame(spec.game);
  const init = game.initial(spec.setup);
  if (!init.ok) refuseMsg(ruleErrorMsg(init.error), init.error.rule);
  const state = init.value;
  const threadId =
    spec.messageId ? await ctx.notifier.openThread(spec.channelId, spec.messageId, matchTitle(spec.game, spec.players), spec.locale) : null;
  const created = await ctx.store.games.create({
    ...(spec.id ? { id: spec.id } : {}),
    game: spec.game,
    setup: spec.setup,
    guildId: spec.guildId,
    channelId: threadId ?? spec.channelId,
    parentChannelId: threadId ? spec.channelId : null,
    messageId: spec.messageId,
    players: spec.players,
    rated: spec.rated,
    state,
    // The AI answers in seconds: only games between people run a clock.
    clock: spec.players.some((p) => p.bot) ? null : startClock(spec.clockMs, ctx.now()),
    challengeId: spec.challengeId ?? null,
    rematchOf: spec.rematchOf ?? null,
    locale: spec.locale,
  }, { announce: { owner: ctx.instanceId } });
  if (!created.ok) return refuse(created.reason === 'channel-busy' ? 'start.channelBusy' : 'start.failed');
  const rec = created.game;
  if (rec.players.some((p) => p.bot)) {
    // The AI may open: a hint for the AI sweep, should this process die before it moves.
    await ctx.store.games.noteAiTurn(rec.id).catch((e: unknown) => ctx.log.warn({ err: e, gameId: rec.id }, 'could not note the AI turn'));
  }
  // A start that cannot be posted now is posted by the announcement sweep, which then lets the AI open.
  await postAnnouncement(ctx, announcement(ctx, rec, state, [introLine(rec)], () => Promise.resolve(scheduleAi(ctx, rec))));
  return rec;
}

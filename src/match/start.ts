// Starting a game: a public thread on the card's message (or the channel
// itself where the bot may not open one), the record at version 1, the
// starting board, and the AI's first move when it starts. In reply mode (the
// bot cannot post in the channel: a group DM, a server that has not added
// it) there is no thread and the caller shows the starting board through the
// interaction that started the game.
import { getGame, type GameId } from '../engine/index.js';
import type { Locale } from '../i18n/catalogue.js';
import type { InteractionRef, PlayerRef, StoredGame } from '../model/index.js';
import { announcement, postAnnouncement, type Announcement } from './announce.js';
import { scheduleAi } from './move.js';
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
  /** false: reply mode (see StoredGame.postable); default true. */
  postable?: boolean;
  /** Reply mode: the interaction that will show the start, its post answering it (stored for the announcement sweep). */
  interaction?: InteractionRef | null;
}

export interface Started {
  game: StoredGame;
  /**
   * Reply mode: the starting board, for the caller to show through its interaction; null when it was posted in the
   * channel.
   */
  post: Announcement | null;
}

export async function startMatch(ctx: MatchContext, spec: MatchSpec): Promise<Started> {
  const game = getGame(spec.game);
  const init = game.initial(spec.setup);
  if (!init.ok) refuseMsg(ruleErrorMsg(init.error), init.error.rule);
  const state = init.value;
  const replyMode = spec.postable === false;
  const threadId =
    spec.messageId && !replyMode
      ? await ctx.notifier.openThread(spec.channelId, spec.messageId, matchTitle(spec.game, spec.players), spec.locale)
      : null;
  const created = await ctx.store.games.create(
    {
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
      ...(replyMode ? { postable: false } : {}),
    },
    { announce: { owner: ctx.instanceId, interaction: replyMode ? (spec.interaction ?? null) : null } },
  );
  if (!created.ok) return refuse(created.reason === 'channel-busy' ? 'start.channelBusy' : 'start.failed');
  const rec = created.game;
  if (rec.players.some((p) => p.bot)) {
    // The AI may open: a hint for the AI sweep, should this process die before it moves.
    await ctx.store.aiTurns
      .note(rec.id)
      .catch((e: unknown) => ctx.log.warn({ err: e, gameId: rec.id }, 'could not note the AI turn'));
  }
  // The AI opens after the start is shown; in reply mode as a follow-up of the interaction that showed it.
  const start = announcement(ctx, rec, state, [introLine(rec)], (interaction) =>
    Promise.resolve(scheduleAi(ctx, rec, interaction)),
  );
  if (replyMode) return { game: rec, post: start };
  // A start that cannot be posted now is posted by the announcement sweep, which then lets the AI open.
  await postAnnouncement(ctx, start);
  return { game: rec, post: null };
}

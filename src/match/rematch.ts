// Rematch: colours swapped. Against the AI the new game starts at once.
// Against a person the first click posts a challenge to the other player; if
// the other player clicks Rematch too, that challenge is taken and the game
// starts. The rematch challenge has a fixed id per game (`rm<gameId>`), so
// the store's atomic create and take settle two clicks at once.
import { localeOf } from '../i18n/catalogue.js';
import type { InteractionRef, PlayerRef, StoredChallenge, StoredGame } from '../model/index.js';
import type { Announcement } from './announce.js';
import { recordCard, startAccepted } from './challenges.js';
import { isNotPostable, postableHere, type MatchContext } from './context.js';
import { loadGameById, sideOf } from './games.js';
import { refuse, refuseMsg } from './refusal.js';
import { checkAiLevel } from './settings.js';
import { startMatch } from './start.js';

const rematchId = (gameId: string): string | undefined => (/^[0-9a-z]{4,30}$/.test(gameId) ? `rm${gameId}` : undefined);

export type RematchResult =
  /** `post`: reply mode's starting board, for the click to show. */
  | { kind: 'started'; game: StoredGame; post: Announcement | null }
  /** `posted` false: reply mode, the click shows the card. */
  | { kind: 'offered'; challenge: StoredChallenge; to: PlayerRef; where: string; posted: boolean };

/**
 * The Rematch button; `version` is the game's when the final post was drawn; `interaction`: the click, which the
 * start answers in reply mode.
 */
export async function rematch(
  ctx: MatchContext,
  gameId: string,
  version: number,
  userId: string,
  interaction?: InteractionRef,
): Promise<RematchResult> {
  const { rec } = await loadGameById(ctx, gameId);
  if (rec.status === 'active') refuse('rematch.stillPlaying');
  if (rec.version !== version) refuse('rematch.stale');
  const side = sideOf(rec, userId);
  if (side === null) return refuse('rematch.notAPlayer');
  const me = rec.players[side];
  const other = rec.players[side === 0 ? 1 : 0];
  const where = rec.parentChannelId ?? rec.channelId;
  if (other.bot) return rematchAi(ctx, rec, userId, where, interaction);

  const cid = rematchId(rec.id);
  const existing = cid ? await ctx.store.challenges.get(cid) : null;
  if (existing) return answerExisting(ctx, existing, me, interaction);
  let challenge: StoredChallenge;
  try {
    challenge = await ctx.store.challenges.create(
      {
        id: cid,
        game: rec.game,
        setup: rec.setup,
        options: { rematchOf: rec.id },
        challengerId: me.id,
        challengerName: me.name,
        opponentId: other.id,
        opponentName: other.name,
        rated: rec.rated,
        guildId: rec.guildId,
        channelId: where,
        // Colours swapped: whoever moved second now moves first.
        firstMove: side === 0 ? 'opponent' : 'challenger',
        clockMs: rec.clock?.perMoveMs ?? null,
        locale: rec.locale ?? null,
        ...(postableHere(rec) ? {} : { postable: false }),
      },
      { ttlMs: ctx.settings.challengeTtlMs },
    );
  } catch (e) {
    // Both players clicked at the same moment: the other's challenge won; take it.
    const now = cid ? await ctx.store.challenges.get(cid) : null;
    if (now) return answerExisting(ctx, now, me, interaction);
    throw e;
  }
  // Reply mode: the card is the click's answer (the command records it).
  if (!postableHere(rec)) return { kind: 'offered', challenge, to: other, where, posted: false };
  const cardId = await ctx.notifier.post({ channelId: where }, { kind: 'challenge', challenge });
  await recordCard(ctx, challenge.id, cardId);
  return { kind: 'offered', challenge: { ...challenge, messageId: cardId }, to: other, where, posted: true };
}

/** The rematch challenge exists: ours (refuse), or the other player's (take it and start). */
async function answerExisting(
  ctx: MatchContext,
  c: StoredChallenge,
  me: PlayerRef,
  interaction?: InteractionRef,
): Promise<RematchResult> {
  if (c.challengerId === me.id)
    refuse(
      c.status === 'open' ? 'rematch.askedAlready' : c.status === 'expired' ? 'rematch.expired' : 'rematch.closed',
    );
  if (c.status !== 'open') refuse(c.status === 'expired' ? 'rematch.expired' : 'rematch.closed');
  const taken = await ctx.store.challenges.take(c.id, me);
  if (!taken.ok) refuse(taken.reason === 'not-found' ? 'rematch.gone' : 'rematch.closed');
  const change = await startAccepted(
    ctx,
    taken.challenge,
    me,
    c.messageId,
    { key: 'rematch.acceptedBoth', params: { user: { user: me.id } } },
    interaction,
  );
  // Reply mode: the card stays as it was; a click on it says the rematch is closed.
  if (c.messageId && postableHere(c)) {
    try {
      await ctx.notifier.edit(c, c.messageId, { kind: 'challenge', challenge: change.challenge, note: change.note });
    } catch (e) {
      if (isNotPostable(e)) ctx.log.info({ challengeId: c.id }, 'cannot edit the rematch card here');
      else ctx.log.warn({ err: e, challengeId: c.id }, 'could not edit the rematch card');
    }
  }
  if (!change.game) return refuseMsg(change.tell ?? { key: 'common.somethingWrong' });
  return { kind: 'started', game: change.game, post: change.post ?? null };
}

async function rematchAi(
  ctx: MatchContext,
  rec: StoredGame,
  userId: string,
  where: string,
  interaction?: InteractionRef,
): Promise<RematchResult> {
  // The caps first: a rematch they refuse must not use up the once-per-game slot below. The server may have sped
  // its clock up since an expert game began.
  const level = rec.players.find((p) => p.bot)?.bot;
  if (level) await checkAiLevel(ctx, rec.guildId, level);
  await checkAiCap(ctx, userId);
  // One AI rematch per game and player: a second click is refused rather than opening a second game.
  if ((await ctx.store.interactions.cooldown(`rematch:${rec.id}:${userId}`, 24 * 3_600_000)) > 0)
    refuse('rematch.startedAlready');
  const swapped: [PlayerRef, PlayerRef] = [rec.players[1], rec.players[0]];
  const locale = localeOf(rec.locale);
  const postable = postableHere(rec);
  // Reply mode: no card (nowhere to open a thread); the click shows the starting board.
  const cardId = postable
    ? await ctx.notifier.post(
        { channelId: where },
        {
          kind: 'text',
          locale,
          lines: [
            {
              key: 'rematch.aiCard',
              params: {
                game: { key: `game.${rec.game}.title` },
                first: { name: swapped[0].name },
                second: { name: swapped[1].name },
              },
            },
          ],
          ping: [],
        },
      )
    : null;
  const { game, post } = await startMatch(ctx, {
    game: rec.game,
    setup: rec.setup,
    players: swapped,
    rated: false,
    guildId: rec.guildId,
    channelId: where,
    messageId: cardId,
    locale,
    rematchOf: rec.id,
    postable,
    interaction: interaction ?? null,
  });
  return { kind: 'started', game, post };
}

/** The per-user cap on active games against the AI. */
export async function checkAiCap(ctx: MatchContext, userId: string): Promise<void> {
  const games = await ctx.store.gameIndex.listActiveByUser(userId);
  if (games.filter((g) => g.players.some((p) => p.bot)).length >= ctx.settings.maxAiGames)
    refuse('playBot.tooMany', { max: ctx.settings.maxAiGames });
}

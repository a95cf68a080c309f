// The post-game review through the real bot and the fake Discord (issue 20):
// a game ended by resignation gets its review in its thread after the
// result, once — each player's accuracy and marked moves, the win-chance
// graph and a picture of each costliest move, within Discord's limits (the
// fake checks every payload against its schema) — in the game's language.
// The grading is a stand-in (the engine's own is tested in test/engine); the
// pictures are the renderer's.
import { Routes } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { sweepClocks, type StartBotOptions } from '../../src/bot/index.js';
import { commandData } from '../../src/commands/index.js';
import { getGame } from '../../src/engine/index.js';
import type { ReviewLane } from '../../src/match/index.js';
import type { StoredPlyReview } from '../../src/model/index.js';
import { renderMoveComparison, renderWinChart } from '../../src/render/index.js';
import type { FakeMessage, FakeUser } from '../support/fake-discord/index.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';
import {
  checkAndCloseAfterEach,
  createHarness,
  findButton,
  toOptions,
  waitFor,
  type Harness,
  frenchClub,
} from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

/** Ply 1 a blunder (Black), ply 2 a mistake and ply 4 an inaccuracy (Red), `better` the better move; the rest best. */
function graded(played: string, ply: number, better: string): StoredPlyReview {
  const loss = ply === 1 ? 24 : ply === 2 ? 12 : ply === 4 ? 6 : 0;
  const grade = loss >= 15 ? 'blunder' : loss >= 10 ? 'mistake' : loss >= 5 ? 'inaccuracy' : 'best';
  return {
    ply,
    side: (ply % 2) as 0 | 1,
    played,
    best: loss > 0 ? better : played,
    forced: false,
    bestChance: 55,
    playedChance: 55 - loss,
    loss,
    grade,
    accuracy: Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * loss) - 3.1669)),
  };
}

/** The stand-in's better move: the first legal move of the position other than the one played. */
function another(before: unknown, played: string): string {
  const g = getGame('exxit');
  const s = g.fromJSON(before);
  if (!s.ok) throw new Error('bad state');
  const texts = g.legalMoves(s.value).map((m) => g.formatMove(s.value, m, 'canonical'));
  return texts.find((t) => t !== played) ?? played;
}

const lane: ReviewLane = {
  grade: (_g, before, played, ply) => Promise.resolve(graded(played, ply, another(before, played))),
};

async function harness(bot: Partial<StartBotOptions> = {}): Promise<Harness> {
  return createHarness({
    bot: {
      ...bot,
      review: lane,
      renderWinChart: (game, chart, opts) => renderWinChart(game, chart, opts),
      renderMoveComparison: (game, before, moves, opts) => renderMoveComparison(game, before, moves, opts),
    },
  });
}

/** Plays the scripted short game's first moves, then `loser` resigns; returns the thread and the review's message. */
async function playAndResign(
  x: Harness,
  channelId: string,
  players: [FakeUser, FakeUser],
  loser: FakeUser,
): Promise<{ review: FakeMessage; all: FakeMessage[] }> {
  for (let i = 0; i < 6; i++) {
    const r = await x.move(players[i % 2], channelId, EXXIT_SHORT[i]);
    expect(r.original?.attachments.length ?? 0).toBeGreaterThan(0);
  }
  await x.fake.slash(loser, channelId, 'resign', toOptions({})).done();
  const review = await x.fake.waitForMessage(channelId, (m) => m.embeds.length > 0 && m.attachments.length > 0, 20_000);
  // Nothing more comes: one review.
  await new Promise((r) => setTimeout(r, 300));
  return { review, all: x.fake.messages(channelId) };
}

describe('the post-game review', () => {
  it('follows the result in the thread, once: accuracy, marked moves, the graph and a picture of each costly move', async () => {
    h = await harness();
    const { channelId, rec } = await h.startGame('exxit', h.alice, h.bob, { tiles: 19 });
    const { review, all } = await playAndResign(h, channelId, [h.alice, h.bob], h.alice);
    const reviews = all.filter((m) => (m.embeds as any[])[0]?.title?.startsWith('Game review'));
    expect(reviews.map((m) => m.id)).toEqual([review.id]);
    // After the result.
    const result = all.findIndex((m) => /resigns\./.test(m.content ?? ''));
    expect(result).toBeGreaterThanOrEqual(0);
    expect(all.findIndex((m) => m.id === review.id)).toBeGreaterThan(result);

    const [head, ...moments] = review.embeds as any[];
    expect(head.title).toBe('Game review · Exxit · Alice vs Bob');
    expect(head.description).toMatch(/accuracy \*\*\d+%\*\* · 1 inaccuracy · 1 mistake · 0 blunders/);
    expect(head.description).toMatch(/accuracy \*\*\d+%\*\* · 0 inaccuracies · 0 mistakes · 1 blunder/);
    expect(head.image?.url).toBe(`attachment://review-${rec.id}-chart.png`);
    // Red's two marked moves (largest loss first), then Black's one.
    expect(moments.map((e) => e.description)).toEqual([
      expect.stringMatching(/^Move 3: .* played `D 1,0 SW`, better was `[^`]+` \(mistake, 12 points/),
      expect.stringMatching(/^Move 5: .* played `P 0,0`, better was `[^`]+` \(inaccuracy, 6 points/),
      expect.stringMatching(/^Move 2: .* played `P 0,1`, better was `[^`]+` \(blunder, 24 points/),
    ]);
    const names = review.attachments.map((a) => a.filename);
    expect(names).toEqual([
      `review-${rec.id}-chart.png`,
      `review-${rec.id}-move-3.png`,
      `review-${rec.id}-move-5.png`,
      `review-${rec.id}-move-2.png`,
    ]);
    for (const [i, e] of moments.entries()) expect(e.image?.url).toBe(`attachment://${names[i + 1]}`);
    const job = (await h.store.reviews.get(rec.id))!;
    expect(job.status).toBe('posted');
    expect(job.messageId).toBe(review.id);
    // The thread is archived again after the review reopened it.
    await waitFor(async () => h!.fake.channel(channelId)?.thread_metadata?.archived === true);
  });

  it('in a group DM (the bot cannot post there) follows up the resignation, once', async () => {
    h = await harness();
    await h.bot.client.rest.put(Routes.applicationCommands(h.fake.applicationId), { body: commandData() });
    const ann = h.fake.addUser({ username: 'ann', globalName: 'Ann', guildId: null });
    const ben = h.fake.addUser({ username: 'ben', globalName: 'Ben', guildId: null });
    const dm = h.fake.addGroupDm({ name: 'Hex night', memberIds: [ann.id, ben.id] });
    const card = (
      await h.fake
        .slash(ann, dm.id, 'challenge', toOptions({ game: 'exxit', opponent: ben, first: 'me', tiles: 19 }))
        .done()
    ).original!;
    await h.fake.click(ben, card.id, findButton(card, 'Accept')).done({ followups: 1 });
    for (let i = 0; i < 6; i++) await h.move(i % 2 ? ben : ann, dm.id, EXXIT_SHORT[i]);
    const resigned = await h.fake.slash(ben, dm.id, 'resign', toOptions({})).done({ followups: 1 });
    expect(resigned.original?.content).toMatch(/resigns\./);
    const [review] = resigned.followups;
    expect((review.embeds as any[])[0].title).toBe('Game review · Exxit · Ann vs Ben');
    expect(review.attachments.length).toBeGreaterThan(0);
    const rec = await h.game(dm.id);
    await waitFor(async () => (await h!.store.reviews.get(rec.id))?.status === 'posted');
    await new Promise((r) => setTimeout(r, 300));
    const reviews = h.fake.messages(dm.id).filter((m) => (m.embeds as any[])[0]?.title?.startsWith('Game review'));
    expect(reviews).toHaveLength(1);
    expect(h.fake.errors).toEqual([]);
  });

  it('in a group DM, after a loss on time (no interaction to follow), follows up the next interaction there, once', async () => {
    const HOUR = 3_600_000;
    let offset = 0;
    h = await harness({ now: () => Date.now() + offset, announceSweepIntervalMs: 0 });
    await h.bot.client.rest.put(Routes.applicationCommands(h.fake.applicationId), { body: commandData() });
    const ann = h.fake.addUser({ username: 'ann', globalName: 'Ann', guildId: null });
    const ben = h.fake.addUser({ username: 'ben', globalName: 'Ben', guildId: null, installed: true });
    const dm = h.fake.addGroupDm({ name: 'Hex night', memberIds: [ann.id, ben.id] });
    const card = (
      await h.fake
        .slash(ann, dm.id, 'challenge', toOptions({ game: 'exxit', opponent: ben, first: 'me', tiles: 19, clock: 1 }))
        .done()
    ).original!;
    await h.fake.click(ben, card.id, findButton(card, 'Accept')).done({ followups: 1 });
    for (let i = 0; i < 4; i++) await h.move(i % 2 ? ben : ann, dm.id, EXXIT_SHORT[i]);
    offset += 0.8 * HOUR;
    await sweepClocks(h.bot.ctx);
    offset += 0.3 * HOUR;
    await sweepClocks(h.bot.ctx); // Ann, to move, loses on time: nothing can carry the result or the review yet
    const rec = await h.game(dm.id);
    expect(rec).toMatchObject({ status: 'over', result: { reason: 'time' } });
    const isReview = (m: FakeMessage) => (m.embeds as any[])[0]?.title?.startsWith('Game review') === true;
    expect(h.fake.messages(dm.id).filter(isReview)).toEqual([]);

    // Ben looks at the board: the loss on time first, then the review follows that interaction up.
    const asked = Date.now();
    const look = await h.fake.slash(ben, dm.id, 'board', toOptions({})).done({ followups: 1 });
    expect(look.original!.content).toContain('lost on time');
    const review = await h.fake.waitForMessage(dm.id, isReview, 20_000);
    expect(review.attachments.length).toBeGreaterThan(0);
    const job = await waitFor(async () => {
      const j = await h!.store.reviews.get(rec.id);
      return j?.status === 'posted' && j;
    });
    expect(job.messageId).toBe(review.id);
    expect(job.interaction!.createdAt).toBeGreaterThanOrEqual(asked - 1_000);
    // Once: the next interaction there brings no second review.
    await h.fake.slash(ann, dm.id, 'board', toOptions({})).done();
    await new Promise((r) => setTimeout(r, 300));
    expect(h.fake.messages(dm.id).filter(isReview)).toHaveLength(1);
    expect(h.fake.errors).toEqual([]);
  });

  it('is in French for a French game', async () => {
    h = await harness();
    const { channel, amelie, bruno } = frenchClub(h.fake);
    const card = (
      await h.fake
        .slash(amelie, channel.id, 'challenge', toOptions({ game: 'exxit', opponent: bruno, first: 'me', tiles: 19 }))
        .done()
    ).original!;
    await h.fake.click(bruno, card.id, findButton(card, 'Accepter')).done();
    const rec = await waitFor(async () =>
      (await h!.store.gameIndex.listByUser(amelie.id, 5)).find((g) => g.status === 'active'),
    );
    expect(rec.locale).toBe('fr');
    await h.fake.waitForMessage(rec.channelId, (m) => m.attachments.length > 0);
    const { review } = await playAndResign(h, rec.channelId, [amelie, bruno], bruno);
    const [head, ...moments] = review.embeds as any[];
    expect(head.title).toBe('Analyse de la partie · Exxit · Amélie contre Bruno');
    expect(head.description).toMatch(/précision \*\*\d+\u202f%\*\* · 1 imprécision · 1 erreur · 0 gaffe/);
    expect(moments[0].description).toMatch(
      /^Coup 3\u202f: .* a joué `D 1,0 SW`, mieux valait `[^`]+` \(erreur, 12 points/,
    );
    expect(review.attachments[0].description).toMatch(/^Chances de gain de/);
  });
});

// Retry your mistakes through the real bot and the fake Discord (issue 20):
// the review post's button opens, privately and for the player who pressed it,
// the positions before each of their mistakes and blunders; /move or the
// builder answers; the best move is found at once, another is judged by the
// review lane (the engine's grading, seeded like the review's) against 3.5
// points; the verdict is drawn; Next / Skip / Done; the summary; a stale or
// forged button, a non-player, a player without mistakes refused privately;
// the screens in the reader's language. The grading is a stand-in (the engine's
// own is tested in test/engine); the pictures are the renderer's.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { reviewSeed, type ReviewLane } from '../../src/match/index.js';
import type { StoredPlyReview } from '../../src/model/index.js';
import { renderMoveComparison, renderWinChart } from '../../src/render/index.js';
import type { FakeMessage, FakeUser } from '../support/fake-discord/index.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';
import { checkAndCloseAfterEach, createHarness, findButton, isEphemeral, type Harness } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

/** Red's (side 0) ply 0 a mistake and ply 4 a blunder (ply 2 is a compulsory dance); Black's moves all best. */
const LOSS: Record<number, number> = { 0: 12, 4: 24 };

/** The stand-in's better move: the LAST legal move of the position other than the one played. */
function better(before: unknown, played: string): string {
  const g = getGame('exxit');
  const texts = g.legalMoves(before).map((m) => g.formatMove(before, m, 'canonical'));
  return texts.filter((t) => t !== played).pop() ?? played;
}

interface Judged {
  played: string;
  ply: number;
  seed: number;
}

/** A review lane: the scripted grades for the review, then (judging) a loss of 2 for `close`, 20 for anything else. */
function lane(judged: Judged[], close: () => string | null): ReviewLane & { judging: boolean } {
  const l = {
    judging: false,
    grade(_g: string, before: unknown, played: string, ply: number, seed: number): Promise<StoredPlyReview> {
      const base = { ply, side: (ply % 2) as 0 | 1, played, forced: false, bestChance: 60 };
      if (l.judging) {
        judged.push({ played, ply, seed });
        const loss = played === close() ? 2 : 20;
        return Promise.resolve({ ...base, best: 'x', playedChance: 60 - loss, loss, grade: 'good', accuracy: 90 });
      }
      const loss = LOSS[ply] ?? 0;
      const grade = loss >= 15 ? 'blunder' : loss >= 10 ? 'mistake' : loss >= 5 ? 'inaccuracy' : 'best';
      const best = loss > 0 ? better(before, played) : played;
      return Promise.resolve({ ...base, best, playedChance: 60 - loss, loss, grade, accuracy: 100 - loss });
    },
  };
  return l;
}

const parts = (m: FakeMessage) => (m.components as any[]).flatMap((r) => r.components as any[]);
const labels = (m: FakeMessage): string[] =>
  parts(m)
    .filter((c) => c.type === 2)
    .map((c) => c.label as string);
const selects = (m: FakeMessage) => parts(m).filter((c) => c.type === 3);

async function setup(judged: Judged[], close: () => string | null = () => null) {
  const l = lane(judged, close);
  h = await createHarness({
    bot: {
      review: l,
      renderWinChart: (game, chart, opts) => renderWinChart(game, chart, opts),
      renderMoveComparison: (game, before, moves, opts) => renderMoveComparison(game, before, moves, opts),
    },
  });
  return l;
}

/** Plays the short game's first six moves (`red` first), Black resigns; the review post once it is out. */
async function reviewed(x: Harness, l: { judging: boolean }, red: FakeUser, black: FakeUser) {
  const { channelId, rec } = await x.startGame('exxit', red, black, { tiles: 19 });
  for (let i = 0; i < 6; i++) await x.move(i % 2 ? black : red, channelId, EXXIT_SHORT[i]);
  await x.fake.slash(black, channelId, 'resign').done();
  const post = await x.fake.waitForMessage(channelId, (m) => m.embeds.length > 0 && m.components.length > 0, 20_000);
  l.judging = true;
  return { channelId, gameId: rec.id, post };
}

/** A click's private answer: its text (a refusal, or the new private message). */
async function click(user: FakeUser, m: FakeMessage, id: string) {
  const r = await h!.fake.click(user, m.id, id).done();
  return { r, text: (r.callback.data?.content as string | undefined) ?? r.followups[0]?.content ?? '' };
}

describe('Retry your mistakes', () => {
  it('opens the player’s mistakes in turn: /move finds one, the builder misses one, then the summary', async () => {
    const judged: Judged[] = [];
    const l = await setup(judged);
    const x = h!;
    const { gameId, post } = await reviewed(x, l, x.alice, x.bob);
    const retry = findButton(post, 'Retry your mistakes');
    expect(labels(post)).toEqual(['Retry your mistakes']);

    // A stranger and a player without mistakes: told privately, nothing started.
    const carol = await click(x.carol, post, retry);
    expect(isEphemeral(carol.r)).toBe(true);
    expect(carol.text).toBe('Only the players of this game can retry its mistakes.');
    const bob = await click(x.bob, post, retry);
    expect(isEphemeral(bob.r)).toBe(true);
    expect(bob.text).toMatch(/^You made no mistake or blunder in this game/);
    expect(await x.store.practice.get(x.carol.id)).toBeNull();
    expect(await x.store.practice.get(x.bob.id)).toBeNull();

    // Alice: her mistake (ply 0) then her blunder (ply 4).
    const opened = await click(x.alice, post, retry);
    expect(isEphemeral(opened.r)).toBe(true);
    const first = opened.r.original!;
    expect(first.content).toMatch(/position 1 of 2\nMove 1: you played `P 1,0` here/);
    expect(first.attachments).toHaveLength(1);
    expect(selects(first).length).toBeGreaterThan(0);
    expect(labels(first)).toEqual(['Skip', 'Done']);
    const s1 = (await x.store.practice.get(x.alice.id))!;
    expect(s1.items.map((i) => [i.ply, i.played])).toEqual([
      [0, 'P 1,0'],
      [4, 'P 0,0'],
    ]);

    // /move outside any game of hers answers it: the review's best move, found at once (no engine call).
    const best = s1.items[0].best;
    const answered = await x.move(x.alice, x.channel.id, best);
    expect(isEphemeral(answered)).toBe(true);
    const verdict = answered.original ?? answered.followups[0];
    expect(verdict.content).toContain(`**Found!** \`${best}\` is the best move here.`);
    expect(verdict.attachments).toHaveLength(1);
    expect(labels(verdict)).toEqual(['Next', 'Done']);
    expect(judged).toEqual([]);

    // The first screen's Skip is stale now: refused privately, nothing changed.
    const stale = await click(x.alice, first, findButton(first, 'Skip'));
    expect(isEphemeral(stale.r)).toBe(true);
    expect(stale.text).toMatch(/out of date/);
    expect((await x.store.practice.get(x.alice.id))?.version).toBe(2);
    // Answering again with /move: nothing waits (the answered position waits for Next).
    const again = await x.move(x.alice, x.channel.id, best);
    expect(isEphemeral(again)).toBe(true);
    expect((await x.store.practice.get(x.alice.id))?.items[0].outcome).toBe('found');

    // Next: the blunder's position; the builder's first choices make a move that is not the best: judged, missed.
    await x.fake.click(x.alice, verdict.id, findButton(verdict, 'Next')).done();
    let m = x.fake.message(verdict.id)!;
    expect(m.content).toMatch(/position 2 of 2\nMove 5: you played `P 0,0` here/);
    while (selects(m).length) {
      const s = selects(m)[0];
      await x.fake.click(x.alice, m.id, s.custom_id, { values: [s.options[0].value] }).done();
      m = x.fake.message(m.id)!;
    }
    const typed = /\(`([^`]+)`\)/.exec(m.content ?? '')![1];
    // Confirm clicked twice at once: one answer recorded; the other told privately, the verdict and its Next left.
    const confirm = findButton(m, 'Confirm');
    const both = await Promise.all([
      x.fake.click(x.alice, m.id, confirm).done(),
      x.fake.click(x.alice, m.id, confirm).done(),
    ]);
    const refused = both.filter((r) => r.callback.type === 4 || r.followups.length > 0);
    expect(refused).toHaveLength(1);
    expect(isEphemeral(refused[0]) || refused[0].followups.length === 1).toBe(true);
    const said = (refused[0].callback.data?.content as string | undefined) ?? refused[0].followups[0]?.content;
    expect(said).toMatch(/out of date|already answered/);
    expect((await x.store.practice.get(x.alice.id))?.version).toBe(4);
    m = x.fake.message(m.id)!;
    expect(m.content).toMatch(
      /\*\*Not this time\.\*\* You answered `[^`]+` \(20 points of win chance lost\); better was `/,
    );
    expect(m.attachments).toHaveLength(1);
    // Judged as the review grades ply 4: that ply, the review's seed for it, the answer as the move played.
    // (Once, or twice when both clicks read the position before either wrote: the same judgement, one recorded.)
    expect(judged.length).toBeGreaterThanOrEqual(1);
    for (const j of judged) expect(j).toMatchObject({ ply: 4, seed: reviewSeed(gameId, 4), played: judged[0].played });
    expect(m.content).toContain(`You answered \`${judged[0].played}\``);
    expect(typed).not.toBe(s1.items[1].best);

    // Next past the last: the summary.
    const next = findButton(m, 'Next');
    await x.fake.click(x.alice, m.id, next).done();
    m = x.fake.message(m.id)!;
    expect(m.content).toBe('**Done.** You found 1 of 2.');
    expect(m.components).toEqual([]);

    // Forged and stale: the same Next again, Bob pressing Alice's button, a retry for a game that does not exist.
    const s2 = (await x.store.practice.get(x.alice.id))!;
    const replay = await click(x.alice, m, next);
    expect(replay.text).toMatch(/out of date|is over/);
    // (Bob cannot see Alice's private screen: he forges her Next onto the public review post.)
    const forged = await click(x.bob, post, next);
    expect(isEphemeral(forged.r)).toBe(true);
    expect(forged.text).not.toBe('');
    const other = await click(x.alice, post, retry.replace(gameId, 'nosuchgame1'));
    expect(isEphemeral(other.r)).toBe(true);
    expect(await x.store.practice.get(x.alice.id)).toEqual(s2);
    expect(x.fake.message(m.id)!.content).toBe('**Done.** You found 1 of 2.');
  });

  it('in French: a close move is found, Skip and Done, the summary', async () => {
    const judged: Judged[] = [];
    let close: string | null = null;
    const l = await setup(judged, () => close);
    const x = h!;
    const amelie = x.fake.addUser({ username: 'amelie', globalName: 'Amélie', guildId: x.guild.id, locale: 'fr' });
    const { post } = await reviewed(x, l, amelie, x.bob);
    const retry = findButton(post, 'Retry your mistakes');
    let opened = await click(amelie, post, retry);
    let m = opened.r.original!;
    expect(m.content).toMatch(/position 1 sur 2\nCoup 1\u202f: vous avez joué `P 1,0` ici/);
    expect(labels(m)).toEqual(['Passer', 'Terminer']);

    // /move in a game where she plays is that game's move, even with a position waiting (docs/review.md).
    const live = await x.startGame('exxit', amelie, x.carol, { tiles: 19 });
    expect(isEphemeral(await x.move(amelie, live.channelId, EXXIT_SHORT[0]))).toBe(false);
    expect((await x.game(live.channelId)).moves).toHaveLength(1);
    expect((await x.store.practice.get(amelie.id))?.version).toBe(1);

    // A move other than the best, within 3.5 points: found, with how close it was.
    const s = (await x.store.practice.get(amelie.id))!;
    const g = getGame('exxit');
    const start = g.initial(s.items[0].setup);
    if (!start.ok) throw new Error('setup');
    const before = start.value;
    close = g
      .legalMoves(before)
      .map((mv) => g.formatMove(before, mv, 'canonical'))
      .find((t) => t !== s.items[0].best)!;
    // /move's autocomplete outside a game offers the waiting position's legal moves (here: the first placements).
    const ac = x.fake.autocomplete(amelie, x.channel.id, 'move', [
      { name: 'text', type: 3, value: 'P', focused: true },
    ]);
    const offered = ((await ac.response()).data.choices as { value: string }[]).map((c) => c.value);
    expect(offered.length).toBeGreaterThan(1);
    expect(offered).toContain(close);
    const answered = await x.move(amelie, x.channel.id, close);
    const verdict = answered.original ?? answered.followups[0];
    expect(verdict.content).toContain(
      `**Trouvé\u202f!** \`${close}\` est à 2 points de chance de gain du meilleur coup (\`${s.items[0].best}\`).`,
    );
    expect(judged.map((j) => j.played)).toEqual([close]);

    // Suivant, then Passer on the second: the summary.
    await x.fake.click(amelie, verdict.id, findButton(verdict, 'Suivant')).done();
    m = x.fake.message(verdict.id)!;
    expect(m.content).toMatch(/position 2 sur 2/);
    await x.fake.click(amelie, m.id, findButton(m, 'Passer')).done();
    m = x.fake.message(m.id)!;
    expect(m.content).toBe('**Terminé.** Vous avez trouvé 1 sur 2.');
    expect((await x.store.practice.get(amelie.id))?.items.map((i) => i.outcome)).toEqual(['found', 'skipped']);

    // Retry again: a new session; Terminer at once ends it.
    opened = await click(amelie, post, retry);
    m = opened.r.original!;
    expect(m.content).toMatch(/position 1 sur 2/);
    await x.fake.click(amelie, m.id, findButton(m, 'Terminer')).done();
    m = x.fake.message(m.id)!;
    expect(m.content).toBe('**Terminé.** Vous avez trouvé 0 sur 2.');
    // Nothing waits now: /move outside a game is the game's refusal again.
    const none = await x.move(amelie, x.channel.id, close);
    expect(isEphemeral(none)).toBe(true);
    expect((await x.store.practice.get(amelie.id))?.status).toBe('done');
  });
});

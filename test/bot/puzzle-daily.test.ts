// The daily puzzle through the real bot and the fake Discord (issue 20): /settings puzzle-channel for admins only, the
// sweep's public post with Solve, Solve opening the puzzle privately (in the reader's language), one try, and forged or
// stale clicks refused privately with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandOption } from '../support/fake-discord/index.js';
import { testPuzzles } from '../support/puzzle-positions.js';
import { createHarness, findButton, isEphemeral, type Harness } from './harness.js';

const MANAGE_GUILD = 1n << 5n;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ bot: { seedPuzzles: false, eventSweepIntervalMs: 150 } });
  await h.store.puzzles.add(testPuzzles());
});
afterAll(async () => {
  expect(h.fake.violations).toEqual([]);
  expect(h.fake.unknownRoutes).toEqual([]);
  expect(h.fake.unanswered()).toEqual([]);
  await h.close();
});

const puzzleChannel = (channelId?: string): CommandOption[] => [
  { name: 'puzzle-channel', type: 1, options: channelId ? [{ name: 'channel', type: 7, value: channelId }] : [] },
];
const privately = async (p: { done(): Promise<any> }): Promise<string> => {
  const r = await p.done();
  expect(isEphemeral(r)).toBe(true);
  return (r.original?.content ?? r.callback.data?.content ?? '') as string;
};

describe('the daily puzzle', () => {
  it('is set by admins only, posted with Solve, opened privately, one try; forged clicks are refused', async () => {
    expect(await privately(h.fake.slash(h.bob, h.channel.id, 'settings', puzzleChannel(h.channel.id)))).toMatch(
      /Manage Server/,
    );
    const dana = h.fake.addUser({ username: 'dana', globalName: 'Dana', permissions: MANAGE_GUILD });
    const set = await privately(h.fake.slash(dana, h.channel.id, 'settings', puzzleChannel(h.channel.id)));
    expect(set).toMatch(/A daily puzzle will be posted in <#/);

    const post = await h.fake.waitForMessage(h.channel.id, (m) => /Daily puzzle/.test(m.content ?? ''));
    expect(post.attachments.length).toBe(1);
    const solve = findButton(post, 'Solve');
    // Posted once, whatever the sweeps that follow.
    await new Promise((r) => setTimeout(r, 500));
    expect(h.fake.messages(h.channel.id).filter((m) => /Daily puzzle/.test(m.content ?? ''))).toHaveLength(1);

    const opened = await privately(h.fake.click(h.bob, post.id, solve));
    expect(opened).toMatch(/to move: find the best move/);
    const puzzle = testPuzzles().find((p) => opened.includes(p.game === 'orion' ? 'Orion Duel' : 'Exxit'))!;
    const right = await privately(h.slash(h.bob, h.channel.id, 'puzzle', { answer: puzzle.solution }));
    expect(right).toMatch(/Right/);
    const rated = await h.store.puzzleRatings.get(puzzle.game, h.bob.id, 'global');
    expect(await privately(h.fake.click(h.bob, post.id, solve))).toMatch(/already answered this puzzle/);

    // The Solve id forged onto another message (a challenge card) is refused.
    const card = (await h.slash(h.alice, h.channel.id, 'challenge', { game: 'orion', opponent: h.carol }).done())
      .original!;
    expect(await privately(h.fake.click(h.carol, card.id, solve))).toMatch(/button/i);
    expect(await h.store.practice.get(h.carol.id)).toBeNull();
    expect(await h.store.puzzleRatings.get(puzzle.game, h.bob.id, 'global')).toEqual(rated);
  });

  it('opens in French for a French reader', async () => {
    const post = h.fake.messages(h.channel.id).find((m) => /Daily puzzle/.test(m.content ?? ''))!;
    const amelie = h.fake.addUser({ username: 'amelie', globalName: 'Amélie', guildId: h.guild.id, locale: 'fr' });
    const opened = await privately(h.fake.click(amelie, post.id, findButton(post, 'Solve')));
    expect(opened).toMatch(/joue\u202f: trouvez le meilleur coup/);
  });
});

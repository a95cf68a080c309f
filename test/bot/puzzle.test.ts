// /puzzle through the real bot and the fake Discord (issue 20): a puzzle given privately near the player's puzzle
// rating, one try answered with the solution drawn and the rating change, a second answer refused, an illegal move
// refused without using the try, the cooldown, none left; in English and in French.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, isEphemeral, type Harness } from './harness.js';
import { testPuzzles } from '../support/puzzle-positions.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ bot: { seedPuzzles: false } });
  await h.store.puzzles.add(testPuzzles());
});
afterAll(async () => {
  expect(h.fake.violations).toEqual([]);
  expect(h.fake.unknownRoutes).toEqual([]);
  expect(h.fake.unanswered()).toEqual([]);
  await h.close();
});

const answer = async (p: ReturnType<Harness['slash']>) => {
  const r = await p.done();
  expect(isEphemeral(r)).toBe(true);
  const data = r.callback.data?.content !== undefined ? r.callback.data : r.original;
  return { content: (r.original?.content ?? r.callback.data?.content ?? '') as string, r, data };
};

describe('/puzzle', () => {
  it('gives a puzzle privately, takes one try, shows the answer and the rating change, then refuses a second', async () => {
    const given = await answer(h.slash(h.alice, h.channel.id, 'puzzle', { game: 'orion' }));
    expect(given.content).toMatch(/Puzzle · Orion Duel/);
    expect(given.content).toMatch(/Blue to move: find the best move/);
    expect(given.content).not.toMatch(/Alice|Bob/);
    expect(given.r.original?.attachments.length ?? given.r.callback.data?.attachments?.length).toBeGreaterThan(0);

    // An illegal move is refused and is no try.
    const bad = await answer(h.slash(h.alice, h.channel.id, 'puzzle', { answer: 'Z9 Q9' }));
    expect(bad.content).not.toMatch(/Right|Not this time/);
    expect((await h.store.puzzleRatings.get('orion', h.alice.id, 'global')).games).toBe(0);

    const right = await answer(h.slash(h.alice, h.channel.id, 'puzzle', { answer: 's1 j2' }));
    expect(right.content).toMatch(/Right: `S1 J2` is the best move/);
    expect(right.content).toMatch(/Your Orion Duel puzzle rating: 1,500 → 1,\d{3}/);
    const after = await h.store.puzzleRatings.get('orion', h.alice.id, 'global');
    expect(after.games).toBe(1);
    expect(after.rating).toBeGreaterThan(1500);
    // Both scopes; the game ratings do not move.
    expect((await h.store.puzzleRatings.get('orion', h.alice.id, `guild:${h.guild.id}`)).games).toBe(1);
    expect((await h.store.ratings.get('orion', h.alice.id, 'global')).games).toBe(0);
    // The puzzle itself is rated globally only: no server-scope entry (nothing reads one), none on the server's board.
    const rater = `pz${(await h.store.practice.get(h.alice.id))!.source.split('@')[0]}`;
    expect((await h.store.puzzleRatings.get('orion', rater, 'global')).games).toBe(1);
    expect((await h.store.puzzleRatings.get('orion', rater, `guild:${h.guild.id}`)).games).toBe(0);
    const board = await h.store.puzzleRatings.top('orion', `guild:${h.guild.id}`, 50);
    expect(board.map((e) => e.userId)).toEqual([h.alice.id]);

    const stats = await h.slash(h.alice, h.channel.id, 'stats', { game: 'orion' }).done();
    expect(JSON.stringify(stats.original?.embeds ?? stats.callback.data?.embeds)).toMatch(
      /Puzzles:\*\* 1,\d{3} · 1 of 1 solved/,
    );

    // One try: a second answer is refused, nothing changed; the puzzle is a practice session of kind 'puzzle'.
    const again = await answer(h.slash(h.alice, h.channel.id, 'puzzle', { answer: 'S1 J2' }));
    expect(again.content).toMatch(/already answered this puzzle/);
    expect(await h.store.practice.get(h.alice.id)).toMatchObject({ kind: 'puzzle', items: [{ outcome: 'found' }] });
    expect(await h.store.puzzleRatings.get('orion', h.alice.id, 'global')).toEqual(after);
  });

  it('has a per-user cooldown with a clear message, and says when none is left', async () => {
    const carol = await answer(h.slash(h.carol, h.channel.id, 'puzzle', { game: 'orion' }));
    expect(carol.content).toMatch(/Blue to move/);
    const soon = await answer(h.slash(h.carol, h.channel.id, 'puzzle', { game: 'exxit' }));
    expect(soon.content).toMatch(/You asked for a puzzle just now; try again in \d s/);
    // The builder's screen comes with it (the practice session's menus); /move answers it like a retry, rated once.
    expect(JSON.stringify(carol.r.original?.components ?? carol.r.callback.data?.components)).toMatch(/"type":3/);
    const moved = await answer(h.slash(h.carol, h.channel.id, 'move', { text: 'S1 J2' }));
    expect(moved.content).toMatch(/Found!/);
    // The rating's change is on the card whichever way the answer came (here /move, not /puzzle answer:).
    expect(moved.content).toMatch(/Your Orion Duel puzzle rating: 1,500 → 1,\d{3}/);
    expect(await h.store.puzzleRatings.get('orion', h.carol.id, 'global')).toMatchObject({ games: 1, wins: 1 });
    await h.store.redis.del(`${h.prefix}cooldown:{puzzle:${h.carol.id}}`);
    const none = await answer(h.slash(h.carol, h.channel.id, 'puzzle', { game: 'orion' }));
    expect(none.content).toMatch(/every Orion Duel puzzle there is/);
  });

  it('speaks French, and a wrong answer shows the solution and lowers the rating', async () => {
    const fr = h.fake.addUser({ username: 'amelie', globalName: 'Amélie', guildId: h.guild.id, locale: 'fr' });
    const given = await answer(h.slash(fr, h.channel.id, 'puzzle', { game: 'exxit' }));
    expect(given.content).toMatch(/Problème · Exxit/);
    expect(given.content).toMatch(/Noir joue\u202f: trouvez le meilleur coup/);
    const wrong = await answer(h.slash(fr, h.channel.id, 'puzzle', { answer: 'P 1,0' }));
    expect(wrong.content).toMatch(
      /Pas cette fois\u202f: vous avez joué `P 1,0`\u202f; le meilleur coup était `F 2,-1`/,
    );
    expect((await h.store.puzzleRatings.get('exxit', fr.id, 'global')).rating).toBeLessThan(1500);
    const twice = await answer(h.slash(fr, h.channel.id, 'puzzle', { answer: 'F 2,-1' }));
    expect(twice.content).toMatch(/déjà répondu à ce problème/);
    // Nothing open at all: said so.
    const none = h.fake.addUser({ username: 'zoe', globalName: 'Zoé', guildId: h.guild.id, locale: 'fr' });
    expect((await answer(h.slash(none, h.channel.id, 'puzzle', { answer: 'F 2,-1' }))).content).toMatch(
      /aucun problème en cours/,
    );
  });
  it('says when a puzzle closes a Retry your mistakes left open (one practice session per user), in both languages', async () => {
    const retry = (userId: string) =>
      h.store.practice.start({
        kind: 'retry',
        userId,
        source: 'game1234',
        items: [
          {
            game: 'exxit',
            setup: 'standard',
            moves: [],
            best: 'P 1,0',
            ply: 0,
            played: 'P 0,0',
            players: ['Alice', 'Bob'],
            outcome: 'pending',
            answer: null,
            loss: null,
          },
        ],
      });
    const dan = h.fake.addUser({ username: 'dan', globalName: 'Dan', guildId: h.guild.id });
    await retry(dan.id);
    const given = await answer(h.slash(dan, h.channel.id, 'puzzle', { game: 'exxit' }));
    expect(given.content).toMatch(/This puzzle closes the \*\*Retry your mistakes\*\* you had open/);
    expect((await h.store.practice.get(dan.id))?.kind).toBe('puzzle');
    // Without a retry open, no such line.
    const eve = h.fake.addUser({ username: 'eve', globalName: 'Eve', guildId: h.guild.id });
    expect((await answer(h.slash(eve, h.channel.id, 'puzzle', { game: 'exxit' }))).content).not.toMatch(/Retry/);
    const luc = h.fake.addUser({ username: 'luc', globalName: 'Luc', guildId: h.guild.id, locale: 'fr' });
    await retry(luc.id);
    expect((await answer(h.slash(luc, h.channel.id, 'puzzle', { game: 'exxit' }))).content).toMatch(
      /Ce problème clôt le \*\*Refaire vos erreurs\*\* que vous aviez en cours/,
    );
  });
});

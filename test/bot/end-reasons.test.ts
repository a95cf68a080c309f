// The last post of a game says in words what decided it: the score when the
// stock ran out (EX-20a) or after two passes (EX-20b), the victory
// conditions (OD-18), the tiebreak (OD-19), a blocked player (OD-20). Each
// game is the lesson of that ending (src/engine/*/lessons.ts): stored at the
// position before its last move, which is then played through the bot.
import { describe, expect, it } from 'vitest';
import { getGame, type GameId } from '../../src/engine/index.js';
import { lessonOf } from '../../src/engine/lessons.js';
import { replay } from '../../src/engine/replay.js';
import { checkAndCloseAfterEach, createHarness, isEphemeral, toMove, type Harness } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

/** Plays a lesson's ending through the bot and returns the final post's text. */
async function finalPost(game: GameId, topic: string, options: Record<string, string | number>): Promise<string> {
  h = await createHarness();
  const lesson = lessonOf(game, topic)!;
  const { channelId, rec } = await h.startGame(game, h.alice, h.bob, options);
  expect(rec.setup).toBe(lesson.setup);
  // The last move a player chooses; the forced passes after it are the bot's.
  let last = lesson.moves.length - 1;
  while (lesson.moves[last] === 'pass') last--;
  const r = replay(getGame(game), lesson.setup, lesson.moves.slice(0, last));
  if (!r.ok) throw new Error(`${topic} does not replay`);
  const stored = await h.store.games.update(rec.id, rec.version, {
    state: r.states[last],
    appendMoves: lesson.moves.slice(0, last),
  });
  expect(stored.ok).toBe(true);
  const mover = toMove(await h.game(channelId)) === 0 ? h.alice : h.bob;
  const res = await h.move(mover, channelId, lesson.moves[last]);
  expect(isEphemeral(res), res.callback.data?.content).toBe(false);
  const done = await h.game(channelId);
  expect(done.status).toBe('over');
  expect(done.moves).toEqual(lesson.moves);
  return res.original!.content;
}

describe('the end of a game says what decided it', () => {
  it('Exxit, EX-20a: the stock ran out, and the score decides', async () => {
    const post = await finalPost('exxit', 'goal-and-end', { tiles: 19 });
    expect(post).toMatch(
      /\*\*<@\d+> \(Black\) wins\*\* \(on points, Red 14 to Black 20: the last tile left the stock, EX-20a\)\./,
    );
    expect(post).toMatch(
      /Score \(EX-21\): Red 14 · Black 20 \(tiles \+ largest group: Red \d+ \+ \d+, Black \d+ \+ \d+\)/,
    );
  });

  it('Exxit, EX-20b: two passes in a row, played by the bot, and the score decides', async () => {
    const post = await finalPost('exxit', 'scoring', {});
    expect(post.match(/passes \(no legal move, EX-10\)/g)).toHaveLength(2);
    expect(post).toMatch(
      /\*\*<@\d+> \(Black\) wins\*\* \(on points, Red 5 to Black 13: two passes in a row, neither player could move, EX-20b\)\./,
    );
    expect(post).toContain('Score (EX-21): Red 5 · Black 13 (tiles + largest group: Red 3 + 2, Black 7 + 6)');
  });

  it('Orion Duel, OD-18: more victory conditions, even on the opponent’s move', async () => {
    const post = await finalPost('orion', 'goal-and-end', { layout: 'preset1' });
    expect(post).toContain('Blue: S1 E7');
    expect(post).toMatch(/\*\*<@\d+> \(Orange\) wins\*\* \(more victory conditions, Orange 1 to Blue 0, OD-18\)\./);
    expect(post).toMatch(
      /Victory conditions \(OD-17\): Orange 1 \(constellations 0, galaxies 0, black holes 1\) · Blue 0/,
    );
  });

  it('Orion Duel, OD-19: all tiles down, the tiebreak decides', async () => {
    const post = await finalPost('orion', 'tiebreak', { layout: 'preset1' });
    expect(post).toMatch(
      /\*\*<@\d+> \(Orange\) wins\*\* \(all 28 tiles are down with equal victory conditions, and the tiebreak decides: Orange 4 to Blue -3, OD-19\)\./,
    );
    expect(post).toContain('Tiebreak (OD-19, galaxies minus black holes on cells of each colour): Orange 4 · Blue -3');
  });

  it('Orion Duel, OD-20: the player to move cannot lay any tile', async () => {
    const post = await finalPost('orion', 'blocking', { layout: 'preset1' });
    expect(post).toMatch(/\*\*<@\d+> \(Orange\) wins\*\* \(Blue could not lay any of their tiles anywhere, OD-20\)\./);
    expect(post).toMatch(/Victory conditions \(OD-17\): Orange 0 .* · Blue 0 /);
  });
});

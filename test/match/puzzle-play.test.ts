// Solving puzzles at the match layer (src/match/puzzle-play.ts), without
// Discord: a puzzle given near the player's puzzle rating among those they
// have not seen, as a practice session of kind 'puzzle' (its source naming
// the server whose board counts too), the per-user cooldown, none left, a
// broken puzzle refused, one try rated once (the player both scopes, the
// puzzle globally), and the daily post's Solve refused once answered.
import { describe, expect, it, vi } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import {
  answerPractice,
  givePuzzle,
  openPuzzle,
  PUZZLE_COOLDOWN_MS,
  puzzleRating,
  ratePuzzleAnswer,
} from '../../src/match/index.js';
import { puzzleId, type Puzzle } from '../../src/model/index.js';
import { EXXIT_FREE, ORION_WIN_IN_ONE, testPuzzles } from '../support/puzzle-positions.js';
import { harness, refusalOf, useMatchStore } from './harness.js';

const clock = 1_000_000;
const m = useMatchStore('puzzle-play', () => clock);
const GUILD = '123456789012345678';
let users = 0;
const user = (): string => `${++users}${Date.now()}`;

/** The two test puzzles in a store of their own (a pool per file), added once. */
let added = false;
async function pool(): Promise<Puzzle[]> {
  const ps = testPuzzles();
  if (!added) {
    await m.store.puzzles.add(ps);
    added = true;
  }
  return ps;
}
const ctxAt = (now: number) => harness(() => now);
/** Ends a user's cooldown (a Redis key with its own expiry, in real time). */
const cooled = (u: string) => m.store.redis.del(`${m.prefix}cooldown:{puzzle:${u}}`);

describe('a puzzle given', () => {
  it('is not opened when the player’s earlier session cannot be read for another reason than damage (Redis down)', async () => {
    const [orion] = await pool();
    const u = user();
    const h = ctxAt(clock);
    vi.spyOn(m.store.practice, 'get').mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(openPuzzle(h.ctx, u, orion.id, GUILD)).rejects.toThrow('Connection is closed.');
    expect(await m.store.practice.get(u)).toBeNull();
  });

  it('is one the player has not seen, of the game asked, as a session naming the server; the position replayed', async () => {
    const [orion] = await pool();
    const u = user();
    const h = ctxAt(clock);
    const given = await givePuzzle(h.ctx, u, 'orion', GUILD);
    expect(given.puzzle).toEqual(orion);
    const r = replay(getGame('orion'), orion.setup, orion.moves);
    expect(r.ok && given.state).toEqual(r.ok && r.states.at(-1));
    expect(given.side).toBe(getGame('orion').toMove(given.state));
    expect(given.closedRetry).toBe(false);
    expect(given.session).toMatchObject({ kind: 'puzzle', userId: u, source: `${orion.id}@${GUILD}`, index: 0 });
    expect(given.session.items).toEqual([
      {
        game: 'orion',
        setup: 'preset1',
        moves: ORION_WIN_IN_ONE,
        best: 'S1 J2',
        ply: null,
        played: null,
        players: null,
        outcome: 'pending',
        answer: null,
        loss: null,
      },
    ]);
    expect(await m.store.practice.get(u)).toEqual(given.session);

    // After the cooldown, none of that game is left for them (seen); the other game's is given for any game.
    await cooled(u);
    const later = ctxAt(clock + PUZZLE_COOLDOWN_MS);
    expect(await refusalOf(givePuzzle(later.ctx, u, 'orion', null))).toEqual({ key: 'puzzle.noneOfGame' });
    await cooled(u);
    const any = await givePuzzle(ctxAt(clock + 2 * PUZZLE_COOLDOWN_MS).ctx, u, null, null);
    expect(any.puzzle.game).toBe('exxit');
    expect(any.session.source).toBe(puzzleId('exxit', 'short', EXXIT_FREE));
    await cooled(u);
    expect(await refusalOf(givePuzzle(ctxAt(clock + 3 * PUZZLE_COOLDOWN_MS).ctx, u, null, null))).toEqual({
      key: 'puzzle.none',
    });
  });

  it('for any game, starts from a game that turns with the time, so both come up', async () => {
    await pool();
    const games = new Set<string>();
    for (let i = 0; i < 2; i++)
      games.add((await givePuzzle(ctxAt(clock + i * PUZZLE_COOLDOWN_MS).ctx, user(), null, null)).puzzle.game);
    expect([...games].sort()).toEqual(['exxit', 'orion']);
  });

  it('has a per-user cooldown: a second ask within it is refused with the seconds left, another user is not', async () => {
    await pool();
    const u = user();
    await givePuzzle(ctxAt(clock).ctx, u, 'exxit', null);
    const err = await givePuzzle(ctxAt(clock).ctx, u, 'orion', null).catch((e: unknown) => e);
    expect(err).toMatchObject({ msg: { key: 'puzzle.cooldown', params: { seconds: 5 } } });
    expect((await m.store.practice.get(u))?.items[0].game).toBe('exxit');
    expect((await givePuzzle(ctxAt(clock).ctx, user(), 'orion', null)).puzzle.game).toBe('orion');
  });

  it('closes a retry the player had open, and says so; a finished retry is not counted', async () => {
    await pool();
    const u = user();
    const item = {
      game: 'exxit' as const,
      setup: 'standard',
      moves: [],
      best: 'P 0,0',
      ply: 0,
      played: 'P 1,0',
      players: null,
      outcome: 'pending' as const,
      answer: null,
      loss: null,
    };
    await m.store.practice.start({ kind: 'retry', userId: u, source: 'game0001', items: [item] });
    expect((await givePuzzle(ctxAt(clock).ctx, u, 'orion', null)).closedRetry).toBe(true);

    const v = user();
    const done = await m.store.practice.start({ kind: 'retry', userId: v, source: 'game0001', items: [item] });
    await m.store.practice.update(v, done.id, done.version, { status: 'done' });
    expect((await givePuzzle(ctxAt(clock).ctx, v, 'orion', null)).closedRetry).toBe(false);
  });

  it('a puzzle whose solution is not legal where its moves lead is refused as broken, logged, and not marked seen', async () => {
    const [orion] = testPuzzles();
    const broken: Puzzle = {
      ...orion,
      id: puzzleId('orion', 'preset1', orion.moves.slice(0, 4)),
      moves: orion.moves.slice(0, 4),
      solution: 'Z9 Q9',
    };
    await m.store.puzzles.add([broken]);
    const u = user();
    const h = ctxAt(clock);
    expect(await refusalOf(openPuzzle(h.ctx, u, broken.id, null))).toEqual({ key: 'puzzle.broken' });
    expect(h.logs.filter((l) => l.level === 50).map((l) => l.msg)).toEqual([
      'puzzle does not replay to a position its solution is legal in',
    ]);
    expect(await m.store.practice.get(u)).toBeNull();
    expect(await refusalOf(openPuzzle(h.ctx, u, 'nosuchpuz1', null))).toEqual({ key: 'puzzle.unknown' });
  });
});

describe('an answer', () => {
  it('the solution in any notation is found; rated once: the player in both scopes, the puzzle globally only', async () => {
    const [orion] = await pool();
    const u = user();
    const h = ctxAt(clock);
    await openPuzzle(h.ctx, u, orion.id, GUILD);
    const a = await answerPractice(h.ctx, u, ' s1   j2 ');
    expect(a.verdict).toEqual({ found: true, loss: null });
    expect(a.item).toMatchObject({ outcome: 'found', answer: 'S1 J2' });
    const mine = await puzzleRating(h.ctx, 'orion', u);
    expect(mine.games).toBe(1);
    expect(mine.rating).toBeGreaterThan(1500);
    expect(a.note).toEqual({
      key: 'puzzle.change',
      params: { game: { key: 'game.orion.title' }, before: 1500, after: mine.rating },
    });
    expect((await m.store.puzzleRatings.get('orion', u, `guild:${GUILD}`)).games).toBe(1);
    const rater = `pz${orion.id}`;
    const pz = await m.store.puzzleRatings.get('orion', rater, 'global');
    expect(pz.games).toBe(1);
    expect(pz.rating).toBeLessThan(1500);
    // The puzzle starts firmer than a newcomer (a deviation of 200, not 350): one answer moves its deviation a little.
    expect(pz.rd).toBeLessThan(200);
    expect(pz.rd).toBeGreaterThan(170);
    // Its place in the pool (whence puzzles near a player's rating are picked) follows its new rating.
    expect(Number(await m.store.redis.zscore(`${m.prefix}puzzle:{puzzles}:pool:orion`, orion.id))).toBe(pz.rating);
    expect((await m.store.puzzleRatings.get('orion', rater, `guild:${GUILD}`)).games).toBe(0);

    // Asked again (a second process, a retried follow-up): the stored change, nothing applied twice.
    const again = await ratePuzzleAnswer(h.ctx, u, `${orion.id}@${GUILD}`, false);
    expect(again).toMatchObject({ applied: false, solved: true });
    expect(again.change.global.after.rating).toBe(mine.rating);
    expect(await puzzleRating(h.ctx, 'orion', u)).toEqual(mine);
    // The daily post's Solve for a puzzle already answered is refused.
    expect(await refusalOf(openPuzzle(h.ctx, u, orion.id, GUILD))).toEqual({ key: 'puzzle.answered' });
  });

  it('another legal move is missed and lowers the rating; a server id that is not one counts for the global board only', async () => {
    const [, exxit] = await pool();
    const u = user();
    const h = ctxAt(clock);
    const open = await openPuzzle(h.ctx, u, exxit.id, null);
    const g = getGame('exxit');
    const other = g
      .legalMoves(open.state)
      .map((mv) => g.formatMove(open.state, mv, 'canonical'))
      .find((t) => t !== exxit.solution);
    const a = await answerPractice(h.ctx, u, other ?? '');
    expect(a.verdict).toEqual({ found: false, loss: null });
    expect((await puzzleRating(h.ctx, 'exxit', u)).rating).toBeLessThan(1500);

    const v = user();
    const tooLong = '1234567890123456789012';
    const r = await ratePuzzleAnswer(h.ctx, v, `${exxit.id}@${tooLong}`, true);
    expect(r).toMatchObject({ applied: true, solved: true });
    expect((await m.store.puzzleRatings.get('exxit', v, 'global')).games).toBe(1);
    expect((await m.store.puzzleRatings.get('exxit', v, `guild:${tooLong}`)).games).toBe(0);
    expect(await refusalOf(ratePuzzleAnswer(h.ctx, v, 'bad id@1', true))).toEqual({ key: 'puzzle.unknown' });
  });
});

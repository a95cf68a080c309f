// Moves at the match layer: a legal move is written once (moves, state,
// clock, the draw offer dropped) and its post goes out once; a refused move
// (wrong turn, a spectator, a broken rule with its id, a stale view) changes
// nothing and posts nothing; the passes the rules force are played and
// announced with the move before them. Property: whatever mix of legal and
// refused moves comes in, the stored record is the engine's replay of its
// move log.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getGame, type GameId } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import { playMove, postAnnouncement, setupOf } from '../../src/match/index.js';
import { createGame, gamePosts, harness, HOUR, postKeys, refusalOf, resigned, useMatchStore } from './harness.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';
import { propertyRuns } from '../support/property-runs.js';

const m = useMatchStore('moves');
const T = Date.UTC(2026, 5, 1, 12);

/** A fresh active game between Alice (side 0) and Bob, clock of one hour per move started at T. */
async function newGame(game: GameId, setup: string) {
  const init = getGame(game).initial(setup);
  if (!init.ok) throw new Error('setup');
  return createGame(T + HOUR * 0.75, {
    game,
    setup,
    state: JSON.parse(JSON.stringify(init.value)),
    clock: { perMoveMs: HOUR, deadline: T + HOUR, reminded: false, wakeAt: T + HOUR * 0.75 },
  });
}

const json = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

describe('a legal move', () => {
  it('is written once with the next clock and no draw offer; its post goes out once and is noted as shown', async () => {
    const now = T + 10 * 60_000;
    const h = harness(() => now);
    const g = await newGame('exxit', 'standard');
    const offered = await m.store.games.update(g.id, g.version, { drawOffer: 1 });
    if (!offered.ok) throw new Error('update');
    const a = await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'P A');
    const rec = (await m.store.games.get(g.id))!;
    expect(rec).toMatchObject({ version: 3, moves: ['P 0,0'], drawOffer: null, status: 'active' });
    expect(rec.clock).toEqual({ perMoveMs: HOUR, deadline: now + HOUR, reminded: false, wakeAt: now + 0.75 * HOUR });
    expect(rec.annV).toBe(3);
    expect(a.post.game.version).toBe(3);
    expect(a.post.lines.map((l) => l.key)).toEqual(['move.line']);
    expect(h.posts).toEqual([]); // the edge posts it (here: as the sweep would)
    expect(await postAnnouncement(h.ctx, a)).toBe(true);
    expect(postKeys(h, g.channelId)).toEqual([['move.line']]);
    expect((await m.store.games.get(g.id))?.shown).toBe(3);
  });
});

describe('a refused move', () => {
  it('says why (with the rule broken, when one is) and changes nothing', async () => {
    const h = harness(() => T);
    const g = await newGame('exxit', 'standard');
    await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'P A');
    await playMove(h.ctx, { channelId: g.channelId }, { userId: 'bob' }, 'p b'); // labels, any case
    const before = await m.store.games.get(g.id);
    const on = { channelId: g.channelId };
    expect(await refusalOf(playMove(h.ctx, on, { userId: 'bob' }, 'P C'))).toEqual({ key: 'move.notYourTurn' });
    expect(await refusalOf(playMove(h.ctx, on, { userId: 'carol' }, 'P C'))).toEqual({ key: 'game.notYours' });
    // Worked opening step 3: Red must dance (EX-11a).
    expect(await refusalOf(playMove(h.ctx, on, { userId: 'alice' }, 'P C'))).toEqual({
      key: 'refusal.rule',
      rule: 'EX-11a',
    });
    expect((await refusalOf(playMove(h.ctx, on, { userId: 'alice' }, 'Q 9,9 up')))?.rule).toMatch(/^EX-\d+[a-z]?$/);
    expect(
      await refusalOf(playMove(h.ctx, on, { userId: 'alice', expectVersion: before!.version - 1 }, 'D 0,0 E')),
    ).toEqual({ key: 'move.stale' });
    expect(await refusalOf(playMove(h.ctx, { channelId: 'elsewhere' }, { userId: 'alice' }, 'D 0,0 E'))).toEqual({
      key: 'game.noneHereYours',
    });
    expect(await m.store.games.get(g.id)).toEqual(before);
    expect(h.posts).toEqual([]);
  });

  it('after the end: the game is over, and stays as it ended', async () => {
    const h = harness(() => T);
    const g = await newGame('orion', 'preset1');
    const over = await resigned(g, 1);
    expect(await refusalOf(playMove(h.ctx, { gameId: g.id }, { userId: 'alice' }, 'V3 F8 NW R'))).toEqual({
      key: 'game.over',
    });
    expect(await refusalOf(playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R'))).toEqual({
      key: 'game.overHereYours',
    });
    expect(await m.store.games.get(g.id)).toEqual(over);
  });
});

describe('forced moves', () => {
  it('passes the rules force are played with the move before them, in one write and one post, to the end (EX-20b)', async () => {
    const h = harness(() => T);
    const script = [...EXXIT_SHORT];
    const g = await newGame('exxit', setupOf('exxit', { tiles: 19 }));
    const exxit = getGame('exxit');
    let chosen = 0;
    for (const [i, mv] of script.entries()) {
      if (mv === 'pass') continue; // the match layer plays these
      const rec = (await m.store.games.get(g.id))!;
      const st = exxit.fromJSON(rec.state);
      if (!st.ok) throw new Error('state');
      const user = exxit.toMove(st.value) === 0 ? 'alice' : 'bob';
      const a = await playMove(h.ctx, { channelId: g.channelId }, { userId: user }, mv);
      chosen++;
      // The chosen move, then every pass after it; the post also shows the position before the last pass.
      let forced = 0;
      while (script[i + 1 + forced] === 'pass') forced++;
      expect(a.post.lines).toHaveLength(1 + forced);
      expect(a.post.before !== undefined).toBe(forced > 0);
      expect((await m.store.games.get(g.id))!.version).toBe(rec.version + 1);
      await postAnnouncement(h.ctx, a);
    }
    const done = (await m.store.games.get(g.id))!;
    expect(done.moves).toEqual(script);
    expect(done).toMatchObject({ status: 'over', result: { winner: expect.any(Number), reason: 'EX-20b' } });
    expect(done.clock?.wakeAt).toBeNull();
    expect(gamePosts(h, g.channelId)).toHaveLength(chosen);
    expect(gamePosts(h, g.channelId).at(-1)?.game.status).toBe('over');
    expect(done.shown).toBe(done.annV);
  });
});

describe('any mix of legal and refused moves', () => {
  it('leaves the stored record equal to the engine’s replay of its move log', async () => {
    const orion = getGame('orion');
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('legal' as const), pick: fc.nat() }),
            fc.record({ kind: fc.constant('wrongPlayer' as const), pick: fc.nat() }),
            fc.record({ kind: fc.constant('junk' as const), text: fc.string({ maxLength: 12 }) }),
          ),
          { maxLength: 10 },
        ),
        async (steps) => {
          const h = harness(() => T);
          const g = await newGame('orion', 'preset1');
          const played: string[] = [];
          let writes = 0;
          for (const step of steps) {
            const rec = (await m.store.games.get(g.id))!;
            if (rec.status !== 'active') break;
            const st = orion.fromJSON(rec.state);
            if (!st.ok) throw new Error('state');
            const side = orion.toMove(st.value);
            const legal = orion.legalMoves(st.value);
            const user = step.kind === 'wrongPlayer' ? rec.players[1 - side].id : rec.players[side].id;
            const text =
              step.kind === 'junk'
                ? step.text
                : orion.formatMove(st.value, legal[step.pick % legal.length], 'canonical');
            const r = await refusalOf(playMove(h.ctx, { gameId: g.id }, { userId: user }, text));
            const after = (await m.store.games.get(g.id))!;
            if (r === null) {
              played.push(...after.moves.slice(played.length));
              writes++;
              expect(after.version).toBe(rec.version + 1);
            } else {
              expect(step.kind).not.toBe('legal');
              expect(after).toEqual(rec);
            }
          }
          const rec = (await m.store.games.get(g.id))!;
          expect(rec.moves).toEqual(played);
          const r = replay(orion, rec.setup, rec.moves);
          if (!r.ok) throw new Error(`the log does not replay: ${r.text}`);
          expect(rec.state).toEqual(json(r.states.at(-1)));
          expect(rec.version).toBe(1 + writes);
        },
      ),
      { numRuns: propertyRuns(15) },
    );
  });
});

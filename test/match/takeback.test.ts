// Takebacks at the match layer, on a real Redis: asked, accepted (the state,
// the move log and the clock go back in one write, the post owed), declined or
// withdrawn; an offer lapses with the next move; a takeback and a move at the
// same version leave one consistent game; who may (casual, rated with the
// server's setting, never a tournament pairing, the AI at once) and one open
// offer per game; forced passes go with the move they followed; an AI search
// for the position taken back never lands.
import { describe, expect, it } from 'vitest';
import { getGame, type GameId } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import {
  answerTakeback,
  askTakeback,
  loadForBuilder,
  pairingGameId,
  playMove,
  postAnnouncement,
  postNonce,
  setupOf,
  sweepOwed,
  takebackButtonFor,
  takebackSide,
  type Announcement,
  type ThinkMove,
} from '../../src/match/index.js';
import { isRefusal } from '../../src/match/refusal.js';
import { positionMark, type PlayerRef, type StoredGame } from '../../src/model/index.js';
import type { NewGame } from '../../src/store/index.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';
import { createGame, failWrites, gamePosts, harness, HOUR, postKeys, refusalOf, useMatchStore } from './harness.js';

const m = useMatchStore('takeback');
const T = Date.UTC(2026, 11, 4, 12);
const json = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

/** A fresh game between Alice (side 0) and Bob, one hour per move started at T. */
async function newGame(over: Partial<NewGame> = {}, game: GameId = 'orion', setup = 'preset1') {
  const init = getGame(game).initial(setup);
  if (!init.ok) throw new Error('setup');
  return createGame(T + HOUR * 0.75, {
    game,
    setup,
    state: json(init.value),
    clock: { perMoveMs: HOUR, deadline: T + HOUR, reminded: false, wakeAt: T + HOUR * 0.75 },
    ...over,
  });
}

const ORION = ['V3 F8 NW R', 'V3 F2 S L', 'V3 E6 N R'];
const get = async (id: string): Promise<StoredGame> => (await m.store.games.get(id))!;

/** A legal move of the game's position now (the engine's first). */
async function legal(id: string): Promise<string> {
  const rec = await get(id);
  const orion = getGame('orion');
  const st = orion.fromJSON(rec.state);
  if (!st.ok) throw new Error('state');
  return orion.formatMove(st.value, orion.legalMoves(st.value)[0], 'canonical');
}

/** Plays `moves` in turn (Alice first), each posted as the edge would. */
async function play(h: ReturnType<typeof harness>, g: StoredGame, moves: readonly string[]): Promise<void> {
  for (const [i, mv] of moves.entries())
    await postAnnouncement(h.ctx, await playMove(h.ctx, { gameId: g.id }, { userId: i % 2 ? 'bob' : 'alice' }, mv));
}

/** A fresh game with ORION's first `plies` played through `h` (Alice first), and `by`'s takeback offer open. */
async function withOffer(h: ReturnType<typeof harness>, plies: number, by = 'alice') {
  const g = await newGame();
  await play(h, g, ORION.slice(0, plies));
  const asked = await askTakeback(h.ctx, { channelId: g.channelId }, by);
  if (asked.kind !== 'offered') throw new Error(asked.kind);
  return { g, asked };
}

/** The stored record is its move log replayed: state and log agree. */
function expectConsistent(rec: StoredGame): void {
  const r = replay(getGame(rec.game), rec.setup, rec.moves);
  if (!r.ok) throw new Error('the move log does not replay');
  expect(json(r.states.at(-1))).toEqual(json(rec.state));
}

describe('a takeback between people', () => {
  it('asked after one’s move and accepted: the state, the log and the clock go back in one write, then posted once', async () => {
    let now = T;
    const h = harness(() => now);
    const g = await newGame();
    await play(h, g, ORION.slice(0, 3));
    now = T + 5 * 60_000;
    const asked = await askTakeback(h.ctx, { channelId: g.channelId }, 'alice');
    if (asked.kind !== 'offered') throw new Error(asked.kind);
    expect(asked.offer).toEqual({ by: 0, ply: 3, version: 5 });
    expect(asked.moves).toEqual([ORION[2]]);
    expect(await get(g.id)).toMatchObject({ version: 5, takebackOffer: asked.offer, moves: ORION.slice(0, 3) });

    now = T + 10 * 60_000;
    const res = await answerTakeback(h.ctx, g.id, 5, 'bob', true);
    if (res.kind !== 'accepted') throw new Error(res.kind);
    const rec = await get(g.id);
    expect(rec).toMatchObject({ version: 6, moves: ORION.slice(0, 2), takebackOffer: null, takebacks: 1, annV: 6 });
    expectConsistent(rec);
    expect(getGame('orion').toMove(res.announcement.post.state as never)).toBe(0);
    // A fresh time per move for Alice: never a deadline that passed while the offer waited.
    expect(rec.clock).toEqual({ perMoveMs: HOUR, deadline: now + HOUR, reminded: false, wakeAt: now + 0.75 * HOUR });
    expect(await m.store.gameIndex.due(now + 0.75 * HOUR, 1000)).toContain(g.id);
    expect(res.announcement.post.lines).toEqual([
      {
        key: 'takeback.line',
        params: {
          player: { player: { id: 'alice', name: 'Alice', bot: undefined } },
          count: 1,
          moves: { list: [{ code: ORION[2] }] },
        },
      },
    ]);
    // Its post is not the earlier post of two moves to Discord (the nonce that drops a copy made again after a crash).
    const earlier = gamePosts(h, g.channelId)[1].game;
    expect(earlier.moves).toEqual(rec.moves);
    expect(postNonce(rec)).not.toBe(postNonce(earlier));
    expect(await postAnnouncement(h.ctx, res.announcement)).toBe(true);
    expect((await get(g.id)).shown).toBe(6);
    // Alice plays another move where she was: the game goes on from there.
    const other = await legal(g.id);
    expect(other).not.toBe(ORION[2]);
    await play(h, g, [other]);
    const after = await get(g.id);
    expect(after.moves).toEqual([...ORION.slice(0, 2), other]);
    expectConsistent(after);
  });

  it('accepted by a process that dies before its post: another process posts the board once, saying moves went', async () => {
    const h = harness(() => T);
    const { g, asked } = await withOffer(h, 3);
    // Written, never posted: the process is gone.
    expect((await answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', true)).kind).toBe('accepted');
    const other = harness(() => T);
    expect(await sweepOwed(other.ctx, 0)).toBe(1);
    expect(await sweepOwed(other.ctx, 0)).toBe(0);
    expect(postKeys(other, g.channelId)).toEqual([['takeback.owedLine']]);
    const [post] = gamePosts(other, g.channelId);
    expect(post.lines[0].params).toEqual({ count: 1 });
    expect(post.game.moves).toEqual(ORION.slice(0, 2));
    expect(json(post.state)).toEqual(json((await get(g.id)).state));
  });

  it('the board’s button: on a post that shows a move, for the player who made it; not on a takeback’s post', async () => {
    const h = harness(() => T);
    const g = await newGame();
    const posted: Announcement[] = [];
    for (const [i, mv] of ORION.entries())
      posted.push(await playMove(h.ctx, { gameId: g.id }, { userId: i % 2 ? 'bob' : 'alice' }, mv));
    const forPost = (a: Announcement) =>
      takebackButtonFor(h.ctx, a.post, getGame('orion').toMove(a.post.state as never));
    expect(await Promise.all(posted.map(forPost))).toEqual([0, 1, 0]);
    const asked = await askTakeback(h.ctx, { channelId: g.channelId }, 'alice');
    if (asked.kind !== 'offered') throw new Error(asked.kind);
    const res = await answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', true);
    if (res.kind !== 'accepted') throw new Error(res.kind);
    expect(await forPost(res.announcement)).toBeNull();
  });

  it('asked on one’s own turn: one’s move and the reply after it go, and one is to move again', async () => {
    const h = harness(() => T);
    const { g, asked } = await withOffer(h, 2);
    expect(asked.moves).toEqual(ORION.slice(0, 2));
    const res = await answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', true);
    if (res.kind !== 'accepted') throw new Error(res.kind);
    const rec = await get(g.id);
    expect(rec.moves).toEqual([]);
    expect(json(rec.state)).toEqual(json(g.state));
    expect(res.announcement.post.lines[0].params?.count).toBe(2);
  });

  it('a move builder drawn before it is stale, even once the log has grown back to its length', async () => {
    const h = harness(() => T);
    const g = await newGame();
    await play(h, g, ORION.slice(0, 2));
    const drawn = await get(g.id);
    expect(positionMark(drawn)).toBe(2); // a game without takebacks: the plain count, as ids already posted say
    const asked = await askTakeback(h.ctx, { channelId: g.channelId }, 'alice');
    if (asked.kind !== 'offered') throw new Error(asked.kind);
    await answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', true);
    await play(h, g, [await legal(g.id)]);
    await postAnnouncement(h.ctx, await playMove(h.ctx, { gameId: g.id }, { userId: 'bob' }, await legal(g.id)));
    const now = await get(g.id);
    expect(now.moves).toHaveLength(2);
    expect(now.moves).not.toEqual(drawn.moves);
    expect(await refusalOf(loadForBuilder(h.ctx, { gameId: g.id, at: 2 }, 'alice'))).toEqual({ key: 'builder.stale' });
    expect((await loadForBuilder(h.ctx, { gameId: g.id, at: positionMark(now) }, 'alice')).side).toBe(0);
  });

  it('declined, or withdrawn by the asker: the offer goes, nothing else changes; it may be asked again', async () => {
    const h = harness(() => T);
    const { g, asked: first } = await withOffer(h, 1);
    const before = await get(g.id);
    const no = await answerTakeback(h.ctx, g.id, first.offer.version, 'bob', false);
    expect(no).toMatchObject({ kind: 'declined', game: { takebackOffer: null, moves: ORION.slice(0, 1) } });
    expect((await get(g.id)).state).toEqual(before.state);
    expect(await refusalOf(answerTakeback(h.ctx, g.id, first.offer.version, 'bob', true))).toEqual({
      key: 'takeback.stale',
    });
    const again = await askTakeback(h.ctx, { channelId: g.channelId }, 'alice');
    if (again.kind !== 'offered') throw new Error(again.kind);
    expect(await answerTakeback(h.ctx, g.id, again.offer.version, 'alice', false)).toMatchObject({
      kind: 'withdrawn',
    });
    expect((await get(g.id)).moves).toEqual(ORION.slice(0, 1));
    expect(h.posts.map((p) => p.post.kind)).toEqual(['game']); // the move's post only
  });

  it('lapses with the next move: its buttons are stale, the game as the move left it', async () => {
    const h = harness(() => T);
    const { g, asked } = await withOffer(h, 1);
    await postAnnouncement(h.ctx, await playMove(h.ctx, { gameId: g.id }, { userId: 'bob' }, ORION[1]));
    const rec = await get(g.id);
    expect(rec).toMatchObject({ takebackOffer: null, moves: ORION.slice(0, 2) });
    for (const accept of [true, false])
      expect(await refusalOf(answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', accept))).toEqual({
        key: 'takeback.stale',
      });
    expect(await get(g.id)).toEqual(rec);
  });

  it('survives writes that leave the position alone (a draw offer): its buttons still work', async () => {
    const h = harness(() => T);
    const { g, asked } = await withOffer(h, 1);
    const drawn = await m.store.games.update(g.id, asked.offer.version, { drawOffer: 1 });
    expect(drawn.ok).toBe(true);
    const res = await answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', true);
    expect(res.kind).toBe('accepted');
    expect(await get(g.id)).toMatchObject({ moves: [], drawOffer: null, takebackOffer: null });
  });

  it('one open offer per game: the asker again, the opponent, the asker accepting, a stranger: refused, nothing changes', async () => {
    const h = harness(() => T);
    const { g, asked } = await withOffer(h, 2, 'bob');
    const rec = await get(g.id);
    expect(await refusalOf(askTakeback(h.ctx, { channelId: g.channelId }, 'bob'))).toEqual({
      key: 'takeback.alreadyOffered',
    });
    expect(await refusalOf(askTakeback(h.ctx, { channelId: g.channelId }, 'alice'))).toEqual({
      key: 'takeback.answerFirst',
    });
    expect(await refusalOf(answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', true))).toEqual({
      key: 'takeback.ownOffer',
    });
    expect(await refusalOf(answerTakeback(h.ctx, g.id, asked.offer.version, 'carol', true))).toEqual({
      key: 'game.notYours',
    });
    expect(await refusalOf(askTakeback(h.ctx, { channelId: g.channelId }, 'carol'))).toEqual({
      key: 'game.notYours',
    });
    expect(await refusalOf(answerTakeback(h.ctx, g.id, asked.offer.version + 7, 'alice', true))).toEqual({
      key: 'takeback.stale',
    });
    expect(await get(g.id)).toEqual(rec);
  });

  it('with nothing to take back (version 1, or only the opponent has moved): a clear refusal', async () => {
    const h = harness(() => T);
    const g = await newGame();
    expect(await refusalOf(askTakeback(h.ctx, { channelId: g.channelId }, 'alice'))).toEqual({
      key: 'takeback.nothing',
    });
    await play(h, g, ORION.slice(0, 1));
    expect(await refusalOf(askTakeback(h.ctx, { channelId: g.channelId }, 'bob'))).toEqual({
      key: 'takeback.nothing',
    });
    expect((await get(g.id)).version).toBe(2);
  });

  it('the board’s button: only for the player who has just moved, only at the version it was drawn at', async () => {
    const h = harness(() => T);
    const g = await newGame();
    await play(h, g, ORION.slice(0, 1));
    expect(await refusalOf(askTakeback(h.ctx, { gameId: g.id, version: 2 }, 'bob'))).toEqual({
      key: 'takeback.notYourButton',
    });
    expect(await refusalOf(askTakeback(h.ctx, { gameId: g.id, version: 1 }, 'alice'))).toEqual({
      key: 'takeback.staleButton',
    });
    expect((await askTakeback(h.ctx, { gameId: g.id, version: 2 }, 'alice')).kind).toBe('offered');
  });

  it('a forged button on a post that carries none (the person’s own first move against the AI) is stale', async () => {
    const h = harness(() => T);
    const ai: PlayerRef = { id: 'ai:easy', name: 'hexmate AI (easy)', bot: 'easy' };
    const g = await newGame({ players: [{ id: 'alice', name: 'Alice' }, ai], clock: null });
    await playMove(h.ctx, { gameId: g.id }, { userId: 'alice' }, ORION[0]);
    const rec = await get(g.id);
    expect(rec.version).toBe(2);
    expect(await refusalOf(askTakeback(h.ctx, { gameId: g.id, version: 2 }, 'alice'))).toEqual({
      key: 'takeback.staleButton',
    });
    expect(await get(g.id)).toEqual(rec);
  });

  it('an offer whose move log has grown since (a write that did not clear it) is stale', async () => {
    const h = harness(() => T);
    const { g, asked } = await withOffer(h, 1);
    // Bob's reply written by something that left the offer in place.
    const grown = await m.store.games.update(g.id, asked.game.version, {
      state: (await get(g.id)).state,
      appendMoves: [ORION[1]],
    });
    expect(grown.ok).toBe(true);
    expect((await get(g.id)).takebackOffer).toEqual(asked.offer);
    expect(await refusalOf(answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', true))).toEqual({
      key: 'takeback.stale',
    });
    expect((await get(g.id)).moves).toEqual(ORION.slice(0, 2));
  });
});

describe('a takeback whose write does not land', () => {
  it('a game gone meanwhile: asking, declining and accepting say so, and nothing is written', async () => {
    const h = harness(() => T);
    const { g, asked } = await withOffer(h, 2, 'bob');
    const rec = await get(g.id);
    failWrites(h, 'not-found');
    expect(await refusalOf(answerTakeback(h.ctx, g.id, asked.offer.version, 'alice', false))).toEqual({
      key: 'game.gone',
    });
    failWrites(h, 'not-found');
    expect(await refusalOf(answerTakeback(h.ctx, g.id, asked.offer.version, 'alice', true))).toEqual({
      key: 'game.gone',
    });
    expect(await get(g.id)).toEqual(rec);
    const fresh = await newGame();
    await play(h, fresh, ORION.slice(0, 1));
    failWrites(h, 'not-found');
    expect(await refusalOf(askTakeback(h.ctx, { channelId: fresh.channelId }, 'alice'))).toEqual({
      key: 'game.gone',
    });
    expect((await get(fresh.id)).takebackOffer ?? null).toBeNull();
  });

  it('a lost compare-and-set is tried again on the game read afresh, twice at most', async () => {
    const h = harness(() => T);
    const g = await newGame();
    await play(h, g, ORION.slice(0, 1));
    failWrites(h, 'conflict', 'conflict');
    const asked = await askTakeback(h.ctx, { channelId: g.channelId }, 'alice');
    expect(asked.kind).toBe('offered');
    if (asked.kind !== 'offered') return;
    failWrites(h, 'conflict', 'conflict', 'conflict');
    expect(await refusalOf(answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', true))).toEqual({
      key: 'game.changedJustNow',
    });
    expect((await get(g.id)).moves).toEqual(ORION.slice(0, 1));
    failWrites(h, 'conflict', 'conflict');
    expect((await answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', true)).kind).toBe('accepted');
    expect((await get(g.id)).moves).toEqual([]);
  });
});

/**
 * Holds `h`'s game writes: its action loads and checks the game, then its write waits until `open()`. `reached`: the
 * write is waiting (so it was computed on the version read before).
 */
function holdWrites(h: ReturnType<typeof harness>): { reached: Promise<void>; open: () => void } {
  let open!: () => void;
  let arrive!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const reached = new Promise<void>((r) => (arrive = r));
  const store = h.ctx.store;
  const games = new Proxy(store.games, {
    get: (t, k) =>
      k === 'update'
        ? async (...a: Parameters<typeof t.update>) => {
            arrive();
            await gate;
            return t.update(...a);
          }
        : (Reflect.get(t, k) as unknown),
  });
  h.ctx.store = new Proxy(store, { get: (t, k) => (k === 'games' ? games : (Reflect.get(t, k) as unknown)) });
  return { reached, open };
}

describe('a takeback and a move at the same moment', () => {
  /** Alice's takeback offered after three moves, the game loaded by two processes. */
  async function offered() {
    const p1 = harness(() => T);
    const p2 = harness(() => T);
    const { g, asked } = await withOffer(p1, 3);
    return { p1, p2, g, version: asked.offer.version, reply: await legal(g.id) };
  }

  it('both read the same version, the takeback writes first: the move is refused, out of turn now', async () => {
    const { p1, p2, g, version, reply } = await offered();
    const held = holdWrites(p2);
    const move = refusalOf(playMove(p2.ctx, { gameId: g.id }, { userId: 'bob' }, reply));
    await held.reached; // the move has read the game and waits to write
    expect((await answerTakeback(p1.ctx, g.id, version, 'bob', true)).kind).toBe('accepted');
    held.open();
    expect(await move).toEqual({ key: 'move.notYourTurn' });
    const rec = await get(g.id);
    expect(rec).toMatchObject({ version: version + 1, moves: ORION.slice(0, 2), takebackOffer: null });
    expectConsistent(rec);
  });

  it('both read the same version, the move writes first: the takeback is refused as stale', async () => {
    const { p1, p2, g, version, reply } = await offered();
    const held = holdWrites(p1);
    const accept = refusalOf(answerTakeback(p1.ctx, g.id, version, 'bob', true));
    await held.reached;
    await postAnnouncement(p2.ctx, await playMove(p2.ctx, { gameId: g.id }, { userId: 'bob' }, reply));
    held.open();
    expect(await accept).toEqual({ key: 'takeback.stale' });
    const rec = await get(g.id);
    expect(rec).toMatchObject({ version: version + 1, moves: [...ORION, reply], takebackOffer: null });
    expectConsistent(rec);
  });

  it('sent together, whichever lands: one consistent game', async () => {
    for (let round = 0; round < 4; round++) {
      const { p1, p2, g, version, reply } = await offered();
      const [acc, mv] = await Promise.all([
        refusalOf(answerTakeback(p1.ctx, g.id, version, 'bob', true)),
        refusalOf(playMove(p2.ctx, { gameId: g.id }, { userId: 'bob' }, reply)),
      ]);
      const rec = await get(g.id);
      expectConsistent(rec);
      expect(rec.version).toBe(version + 1);
      expect(rec.takebackOffer).toBeNull();
      // Exactly one of them landed.
      expect([acc, mv].filter((r) => r === null)).toHaveLength(1);
      expect(rec.moves).toEqual(acc === null ? ORION.slice(0, 2) : [...ORION, reply]);
    }
  });
});

describe('who may take back', () => {
  it('rated games only where the server allows it; in DMs never; tournament games never; casual always', async () => {
    const h = harness(() => T);
    const guildId = 'g-takebacks';
    const rated = await newGame({ rated: true, guildId });
    await play(h, rated, ORION.slice(0, 1));
    expect(await refusalOf(askTakeback(h.ctx, { channelId: rated.channelId }, 'alice'))).toEqual({
      key: 'takeback.ratedOff',
    });
    await m.store.settings.update(guildId, { takebacks: true });
    const asked = await askTakeback(h.ctx, { channelId: rated.channelId }, 'alice');
    if (asked.kind !== 'offered') throw new Error(asked.kind);
    // Turned off again before the answer: the accept is refused too.
    await m.store.settings.update(guildId, { takebacks: null });
    expect(await refusalOf(answerTakeback(h.ctx, rated.id, asked.offer.version, 'bob', true))).toEqual({
      key: 'takeback.ratedOff',
    });
    expect((await get(rated.id)).moves).toHaveLength(1);

    const dm = await newGame({ rated: true, guildId: null });
    await play(h, dm, ORION.slice(0, 1));
    expect(await refusalOf(askTakeback(h.ctx, { channelId: dm.channelId }, 'alice'))).toEqual({
      key: 'takeback.ratedOffHere',
    });

    await m.store.settings.update(guildId, { takebacks: true });
    const pairing = await newGame({ id: pairingGameId('abcdef1234', 1, 1), guildId });
    await play(h, pairing, ORION.slice(0, 1));
    expect(await refusalOf(askTakeback(h.ctx, { channelId: pairing.channelId }, 'alice'))).toEqual({
      key: 'takeback.tournament',
    });

    const casual = await newGame({ guildId: null });
    await play(h, casual, ORION.slice(0, 1));
    expect((await askTakeback(h.ctx, { channelId: casual.channelId }, 'alice')).kind).toBe('offered');
  });
});

describe('forced moves', () => {
  it('a pass the rules forced goes with the move it followed (EX-20b’s passes, Exxit)', async () => {
    const h = harness(() => T);
    const exxit = getGame('exxit');
    const g = await newGame({}, 'exxit', setupOf('exxit', { tiles: 19 }));
    // Up to the first forced pass (ply 33), played as the match layer plays it: the pass comes with ply 32.
    for (const mv of EXXIT_SHORT.slice(0, 33)) {
      const rec = await get(g.id);
      const st = exxit.fromJSON(rec.state);
      if (!st.ok) throw new Error('state');
      const user = exxit.toMove(st.value) === 0 ? 'alice' : 'bob';
      await postAnnouncement(h.ctx, await playMove(h.ctx, { gameId: g.id }, { userId: user }, mv));
    }
    const rec = await get(g.id);
    expect(rec.moves).toEqual(EXXIT_SHORT.slice(0, 34));
    const st = exxit.fromJSON(rec.state);
    if (!st.ok) throw new Error('state');
    const mover = exxit.toMove(st.value); // moved at ply 32, and again now after the pass
    const user = mover === 0 ? 'alice' : 'bob';
    const asked = await askTakeback(h.ctx, { channelId: g.channelId }, user);
    if (asked.kind !== 'offered') throw new Error(asked.kind);
    expect(asked.moves).toEqual(EXXIT_SHORT.slice(32, 34));
    const res = await answerTakeback(h.ctx, g.id, asked.offer.version, mover === 0 ? 'bob' : 'alice', true);
    if (res.kind !== 'accepted') throw new Error(res.kind);
    const back = await get(g.id);
    expect(back.moves).toEqual(EXXIT_SHORT.slice(0, 32));
    expectConsistent(back);
    const now = exxit.fromJSON(back.state);
    if (!now.ok) throw new Error('state');
    expect(exxit.toMove(now.value)).toBe(mover);
    expect(exxit.forcedMove(now.value)).toBeNull();
  });

  it('asked by the player who passed: the pass goes with their move before it, and the reply between', async () => {
    const h = harness(() => T);
    const exxit = getGame('exxit');
    const g = await newGame({}, 'exxit', setupOf('exxit', { tiles: 19 }));
    for (const mv of EXXIT_SHORT.slice(0, 33)) {
      const st = exxit.fromJSON((await get(g.id)).state);
      if (!st.ok) throw new Error('state');
      await playMove(h.ctx, { gameId: g.id }, { userId: exxit.toMove(st.value) === 0 ? 'alice' : 'bob' }, mv);
    }
    const r = replay(exxit, g.setup, EXXIT_SHORT.slice(0, 34));
    if (!r.ok) throw new Error('replay');
    // Ply 33 is the forced pass; the passer's last chosen move is ply 31.
    const passer = exxit.toMove(r.states[33]);
    expect(exxit.forcedMove(r.states[33])).not.toBeNull();
    expect(exxit.toMove(r.states[31])).toBe(passer);
    const user = passer === 0 ? 'alice' : 'bob';
    const asked = await askTakeback(h.ctx, { channelId: g.channelId }, user);
    if (asked.kind !== 'offered') throw new Error(asked.kind);
    expect(asked.moves).toEqual(EXXIT_SHORT.slice(31, 34));
    const res = await answerTakeback(h.ctx, g.id, asked.offer.version, passer === 0 ? 'bob' : 'alice', true);
    if (res.kind !== 'accepted') throw new Error(res.kind);
    const back = await get(g.id);
    expect(back.moves).toEqual(EXXIT_SHORT.slice(0, 31));
    expectConsistent(back);
  });
});

describe('against the AI', () => {
  const ai: PlayerRef = { id: 'ai:easy', name: 'hexmate AI (easy)', bot: 'easy' };

  /** Alice's first move against the AI, then her takeback once its search is on: taken at once, and posted. */
  async function takeBackDuringSearch(h: ReturnType<typeof harness>, searching: Promise<void>) {
    const g = await newGame({ players: [{ id: 'alice', name: 'Alice' }, ai], clock: null });
    await play(h, g, ORION.slice(0, 1));
    await searching;
    // The AI's turn is noted for its sweep while it thinks; the takeback drops it (the person is to move).
    expect(await m.store.aiTurns.noted(Date.now() + HOUR)).toContain(g.id);
    const asked = await askTakeback(h.ctx, { channelId: g.channelId }, 'alice');
    if (asked.kind !== 'done') throw new Error(asked.kind);
    expect(await m.store.aiTurns.noted(Date.now() + HOUR)).not.toContain(g.id);
    await postAnnouncement(h.ctx, asked.announcement);
    return g;
  }
  const orion = getGame('orion');
  const firstLegal: ThinkMove = (_game, state) =>
    Promise.resolve(orion.formatMove(state as never, orion.legalMoves(state as never)[0], 'canonical'));

  it('the AI accepts at once: the player’s move and the AI’s reply go, the player is to move, the AI does not answer', async () => {
    const h = harness(() => Date.now());
    h.ctx.think = firstLegal;
    const g = await newGame({ players: [{ id: 'alice', name: 'Alice' }, ai], clock: null });
    await play(h, g, ORION.slice(0, 1));
    await h.settle();
    expect((await get(g.id)).moves).toHaveLength(2);
    const asked = await askTakeback(h.ctx, { channelId: g.channelId }, 'alice');
    if (asked.kind !== 'done') throw new Error(asked.kind);
    expect(await postAnnouncement(h.ctx, asked.announcement)).toBe(true);
    await h.settle();
    const rec = await get(g.id);
    expect(rec).toMatchObject({ moves: [], takebacks: 1, takebackOffer: null });
    expect(json(rec.state)).toEqual(json(g.state));
    expect(postKeys(h, g.channelId)).toEqual([['move.line'], ['move.line'], ['takeback.line']]);
    expect(await m.store.aiTurns.noted(Date.now() + 60_000)).not.toContain(g.id);
  });

  it('a search in flight for the position taken back never lands', async () => {
    let answer!: (move: string) => void;
    let position: unknown;
    let thinking!: () => void;
    const searching = new Promise<void>((r) => (thinking = r));
    const h = harness(() => Date.now());
    h.ctx.think = (_game, state) => {
      position = state;
      thinking();
      return new Promise((r) => (answer = r));
    };
    const g = await takeBackDuringSearch(h, searching);
    answer(await firstLegal('orion', position, 'easy', 0));
    await h.settle();
    const rec = await get(g.id);
    expect(rec.moves).toEqual([]);
    expect(rec.version).toBe(3);
    expect(postKeys(h, g.channelId)).toEqual([['move.line'], ['takeback.line']]);
    expect(h.logs.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('taken back while the AI thinks, then another move: the AI answers that move, once', async () => {
    const positions: unknown[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let thinking!: () => void;
    const searching = new Promise<void>((r) => (thinking = r));
    const h = harness(() => Date.now());
    h.ctx.think = async (game, state, level, seed) => {
      positions.push(json(state));
      if (positions.length === 1) {
        thinking();
        await held; // the first search outlasts the takeback and the next move
      }
      return firstLegal(game, state, level, seed);
    };
    const g = await takeBackDuringSearch(h, searching);
    const other = await legal(g.id);
    expect(other).not.toBe(ORION[0]);
    await play(h, g, [other]);
    release();
    await h.settle();
    const rec = await get(g.id);
    expect(rec.moves).toHaveLength(2);
    expect(rec.moves[0]).toBe(other);
    expectConsistent(rec);
    // The AI's move is the answer to the new position, thought about once more.
    expect(positions).toHaveLength(2);
    expect(positions[1]).not.toEqual(positions[0]);
    expect(postKeys(h, g.channelId)).toEqual([['move.line'], ['takeback.line'], ['move.line'], ['move.line']]);
    expect(await m.store.aiTurns.holder(g.id)).toBeNull();
    expect(h.logs.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('whose Takeback button a board carries', () => {
  const people = (over: Partial<StoredGame> = {}): StoredGame =>
    ({
      id: 'abcdefghij',
      status: 'active',
      players: [
        { id: 'alice', name: 'Alice' },
        { id: 'bob', name: 'Bob' },
      ],
      moves: ['m1'],
      ...over,
    }) as StoredGame;
  const ai: PlayerRef = { id: 'ai', name: 'hexmate', bot: 'easy' };
  const vsAi = (over: Partial<StoredGame> = {}) => people({ players: [{ id: 'alice', name: 'Alice' }, ai], ...over });

  it.each([
    ['people, after the first move: the one who moved', people(), 1, 0],
    ['people, the other way round', people({ moves: ['m1', 'm2'] }), 0, 1],
    ['people, before any move: none', people({ moves: [] }), 1, null],
    ['a game over: none', people({ status: 'over' }), 1, null],
    ['a damaged record: none', people({ damaged: 'state' }), 1, null],
    ['a tournament pairing: none', people({ id: pairingGameId('abcdefghij', 1, 1) }), 1, null],
    ['the AI has replied, the person to move: theirs', vsAi({ moves: ['m1', 'm2'] }), 0, 0],
    ['the AI to move (its reply is seconds away): none', vsAi({ moves: ['m1'] }), 1, null],
    ['against the AI, one move so far: none', vsAi({ moves: ['m1'] }), 0, null],
  ])('%s', (_name, rec, next, want) => {
    expect(takebackSide(rec, next as 0 | 1)).toBe(want);
  });

  it('only on a post that shows a move, with no offer open, where the game allows takebacks', async () => {
    const h = harness(() => T);
    const g = await newGame();
    await play(h, g, ORION.slice(0, 1));
    const rec = await get(g.id);
    const post = { kind: 'game' as const, game: rec, state: rec.state, lines: [{ key: 'move.line' as const }] };
    expect(await takebackButtonFor(h.ctx, post, 1)).toBe(0);
    expect(await takebackButtonFor(h.ctx, { ...post, lines: [{ key: 'game.intro' as const }] }, 1)).toBeNull();
    const offered = { ...rec, takebackOffer: { by: 0 as const, ply: 1, version: rec.version + 1 } };
    expect(await takebackButtonFor(h.ctx, { ...post, game: offered }, 1)).toBeNull();
    // Rated, in a server that has not allowed takebacks in rated games.
    expect(await takebackButtonFor(h.ctx, { ...post, game: { ...rec, rated: true } }, 1)).toBeNull();
  });

  it('an offer answered after the game ended is refused: the game is over', async () => {
    const h = harness(() => T);
    const { g, asked } = await withOffer(h, 1);
    const ended = await m.store.games.update(g.id, asked.game.version, {
      status: 'over',
      result: { winner: 1, draw: false, reason: 'resign' },
    });
    expect(ended.ok).toBe(true);
    expect(await refusalOf(answerTakeback(h.ctx, g.id, asked.offer.version, 'bob', true))).toEqual({
      key: 'game.over',
    });
  });

  it('a refusal that names a player names the right one: the button’s owner, the offer’s maker', async () => {
    const h = harness(() => T);
    const paramsOf = async (p: Promise<unknown>) => {
      const e: unknown = await p.then(
        () => null,
        (x: unknown) => x,
      );
      if (!isRefusal(e)) throw new Error('not refused');
      return { key: e.msg.key, params: e.msg.params };
    };
    const g = await newGame();
    await play(h, g, ORION.slice(0, 1));
    expect(await paramsOf(askTakeback(h.ctx, { gameId: g.id, version: 2 }, 'bob'))).toEqual({
      key: 'takeback.notYourButton',
      params: { name: { name: 'Alice' } },
    });
    const { g: g2 } = await withOffer(h, 2, 'bob');
    expect(await paramsOf(askTakeback(h.ctx, { channelId: g2.channelId }, 'alice'))).toEqual({
      key: 'takeback.answerFirst',
      params: { name: { name: 'Bob' } },
    });
  });
});

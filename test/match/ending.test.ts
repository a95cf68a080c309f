// Ending a game outside the rules, at the match layer: resign, a draw
// offered and accepted, declined or withdrawn, abort (only while a side has
// not moved; never a tournament pairing), an admin's /endgame, a damaged
// record closed by a player. Each ending is one write of the same shape
// (status, result, no draw offer, the clock stopped), one post, one call of
// the end-of-game hook; rated games settle their ratings once, in the
// all-time and season boards. And the end of a season: its top 10 posted once.
import { describe, expect, it, vi } from 'vitest';
import {
  abort,
  adminEnd,
  answerDraw,
  finalAnnouncement,
  offerDraw,
  pairingGameId,
  playMove,
  postAnnouncement,
  resign,
  setSeasons,
  sweepSeasons,
  type Announcement,
} from '../../src/match/index.js';
import { guildScope, seasonScope, type StoredGame } from '../../src/model/index.js';
import { newId, type NewGame } from '../../src/store/index.js';
import {
  createGame,
  failWrites,
  harness,
  HOUR,
  postKeys,
  rankedPair,
  refusalOf,
  useMatchStore,
  type Harness,
} from './harness.js';

const m = useMatchStore('ending');
const T = Date.UTC(2026, 10, 20, 12);

/** A harness whose end-of-game hook records the games it is told of. */
function watched(now = () => T): Harness & { ended: StoredGame[] } {
  const h = harness(now);
  const ended: StoredGame[] = [];
  h.ctx.onGameOver = (rec) => {
    ended.push(rec);
    return Promise.resolve();
  };
  return Object.assign(h, { ended });
}

const fresh = (over: Partial<NewGame> = {}) => createGame(T + HOUR, over);

/** Posts the announcement as the edge would, and checks the write and the post that ended the game. */
async function expectEnded(h: Harness & { ended: StoredGame[] }, a: Announcement, ...lineKeys: string[]) {
  await postAnnouncement(h.ctx, a);
  await h.settle();
  const rec = (await m.store.games.get(a.post.game.id))!;
  expect(rec.status).not.toBe('active');
  expect(rec.drawOffer).toBeNull();
  expect(rec.clock?.wakeAt ?? null).toBeNull();
  // Nothing owed: the post is out (a rating settlement after it is a write of its own, with no post).
  expect(rec.shown).toBeGreaterThanOrEqual(rec.annV!);
  expect(postKeys(h, rec.channelId)).toEqual([lineKeys]);
  expect(h.ended.map((g) => g.id)).toEqual([rec.id]);
  expect(await m.store.gameIndex.due(T + 100 * HOUR, 1000)).not.toContain(rec.id);
  return rec;
}

describe('resign', () => {
  it('the other side wins; rated: both ratings settled once, in the season boards too; then nothing more may happen', async () => {
    const h = watched();
    await m.store.settings.update('g1', { seasonLength: 'monthly' });
    const g = await fresh({
      rated: true,
      players: [
        { id: 'ann', name: 'Ann' },
        { id: 'ben', name: 'Ben' },
      ],
    });
    const a = await resign(h.ctx, g.channelId, 'ben');
    const rec = await expectEnded(h, a, 'end.resigned');
    expect(rec.result).toMatchObject({ winner: 0, draw: false, reason: 'resign' });
    expect(rec.result?.ratingChanges?.map((c) => c.global.after.rating > c.global.before.rating)).toEqual([
      true,
      false,
    ]);
    for (const scope of [guildScope('g1'), 'global', seasonScope(guildScope('g1'), '2026-11'), 'global@2026-Q4'])
      expect((await m.store.ratings.get('orion', 'ann', scope as 'global')).games).toBe(1);
    // Built again (an owed post after a crash): nothing applied twice.
    await finalAnnouncement(h.ctx, rec, []);
    expect((await m.store.ratings.get('orion', 'ann', 'global')).games).toBe(1);
    expect(await refusalOf(resign(h.ctx, g.channelId, 'ann'))).toEqual({ key: 'game.overHere' });
    expect(await refusalOf(playMove(h.ctx, { gameId: g.id }, { userId: 'ann' }, 'V3 F8 NW R'))).toEqual({
      key: 'game.over',
    });
    expect(await refusalOf(offerDraw(h.ctx, g.channelId, 'ann'))).toEqual({ key: 'game.overHere' });
  });

  it('by a spectator is refused and changes nothing', async () => {
    const h = watched();
    const g = await fresh();
    expect(await refusalOf(resign(h.ctx, g.channelId, 'carol'))).toEqual({ key: 'game.notYours' });
    expect(await m.store.games.get(g.id)).toEqual(g);
    expect(h.posts).toEqual([]);
  });
});

describe('a draw', () => {
  it('offered, refused a second time, declined; offered again and accepted: drawn by agreement, casual', async () => {
    const h = watched();
    const g = await fresh();
    const offer = await offerDraw(h.ctx, g.channelId, 'alice');
    expect(offer).toMatchObject({ kind: 'offered', by: 0, game: { drawOffer: 0, version: 2 } });
    expect(await refusalOf(offerDraw(h.ctx, g.channelId, 'alice'))).toEqual({ key: 'draw.alreadyOffered' });
    expect(await refusalOf(answerDraw(h.ctx, g.id, 2, 'alice', true))).toEqual({ key: 'draw.ownOffer' });
    expect(await refusalOf(answerDraw(h.ctx, g.id, 1, 'bob', true))).toEqual({ key: 'draw.stale' });
    const no = await answerDraw(h.ctx, g.id, 2, 'bob', false);
    expect(no).toMatchObject({ kind: 'declined', game: { drawOffer: null, status: 'active' } });
    expect(await refusalOf(answerDraw(h.ctx, g.id, 3, 'bob', true))).toEqual({ key: 'draw.stale' });

    const again = await offerDraw(h.ctx, g.channelId, 'bob');
    if (again.kind !== 'offered') throw new Error(again.kind);
    const yes = await answerDraw(h.ctx, g.id, again.game.version, 'alice', true);
    if (yes.kind !== 'agreed') throw new Error(yes.kind);
    const rec = await expectEnded(h, yes.announcement, 'end.drawAgreedLine');
    expect(rec).toMatchObject({ status: 'over', result: { winner: null, draw: true, reason: 'draw-agreed' } });
    expect(rec.result?.ratingChanges).toBeUndefined();
  });

  it('the offerer may withdraw it; the other side’s /draw accepts a standing offer', async () => {
    const h = watched();
    const g = await fresh();
    const offer = await offerDraw(h.ctx, g.channelId, 'bob');
    if (offer.kind !== 'offered') throw new Error(offer.kind);
    expect((await answerDraw(h.ctx, g.id, offer.game.version, 'bob', false)).kind).toBe('withdrawn');
    await offerDraw(h.ctx, g.channelId, 'bob');
    const agreed = await offerDraw(h.ctx, g.channelId, 'alice');
    if (agreed.kind !== 'agreed') throw new Error(agreed.kind);
    expect((await expectEnded(h, agreed.announcement, 'end.drawAgreedLine')).result?.draw).toBe(true);
  });

  it('the AI declines at once, and nothing is written', async () => {
    const h = watched();
    const g = await fresh({
      players: [
        { id: 'alice', name: 'Alice' },
        { id: 'ai:easy', name: 'AI', bot: 'easy' },
      ],
    });
    expect(await refusalOf(offerDraw(h.ctx, g.channelId, 'alice'))).toEqual({ key: 'draw.aiDeclines' });
    expect(await m.store.games.get(g.id)).toEqual(g);
  });
});

describe('abort', () => {
  it('before each side has moved: aborted with no result; after: refused', async () => {
    const h = watched();
    const g = await fresh({ rated: true });
    await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R');
    const rec = await expectEnded(h, await abort(h.ctx, g.channelId, 'bob'), 'end.abortedBy');
    expect(rec).toMatchObject({ status: 'aborted', result: { winner: null, draw: false, reason: 'abort' } });
    expect(rec.result?.ratingChanges).toBeUndefined();
    expect((await m.store.ratings.get('orion', 'alice', 'global')).games).toBe(0);

    const late = await fresh();
    await playMove(h.ctx, { channelId: late.channelId }, { userId: 'alice' }, 'V3 F8 NW R');
    await playMove(h.ctx, { channelId: late.channelId }, { userId: 'bob' }, 'V3 D3 NE R');
    const before = await m.store.games.get(late.id);
    expect(await refusalOf(abort(h.ctx, late.channelId, 'alice'))).toEqual({ key: 'abort.tooLate' });
    expect(await m.store.games.get(late.id)).toEqual(before);
  });

  it('a tournament pairing cannot be aborted', async () => {
    const h = watched();
    const g = await fresh({ id: pairingGameId('abcdefghij', 1, 1) });
    expect(await refusalOf(abort(h.ctx, g.channelId, 'alice'))).toEqual({ key: 'tournament.noAbort' });
    expect((await m.store.games.get(g.id))?.status).toBe('active');
  });

  it('a damaged record: a player closes it with no result (a spectator cannot); an admin closes any game', async () => {
    const h = watched();
    const bad = await fresh({ state: { game: 'orion', cells: 'not a board' } });
    expect(await refusalOf(abort(h.ctx, bad.channelId, 'carol'))).toEqual({ key: 'game.damaged' });
    h.posts.length = 0; // the quarantine note
    const closed = await expectEnded(
      h,
      await abort(h.ctx, bad.channelId, 'bob'),
      'end.closedDamagedBy',
      'endgame.wasDamaged',
    );
    expect(closed.result).toEqual({ winner: null, draw: false, reason: 'damaged' });

    const h2 = watched();
    const g = await fresh({ rated: true });
    const ended = await expectEnded(h2, await adminEnd(h2.ctx, g.channelId, 'admin'), 'end.endedByAdmin');
    expect(ended).toMatchObject({ status: 'aborted', result: { winner: null, reason: 'admin' } });
    expect(await refusalOf(adminEnd(h2.ctx, g.channelId, 'admin'))).toEqual({ key: 'endgame.noGame' });
  });

  it('an admin’s close of a sound game shows its board; one the store cannot decode is refused in words', async () => {
    const h = watched();
    const g = await fresh();
    const a = await adminEnd(h.ctx, g.channelId, 'admin');
    expect(a.post.state).toEqual(g.state);
    expect(a.post.lines.map((l) => l.key)).toEqual(['end.endedByAdmin']);

    const bad = await fresh();
    await m.store.redis.hset(`${m.prefix}game:{${bad.id}}`, 'players', '{broken');
    expect(await refusalOf(adminEnd(h.ctx, bad.channelId, 'admin'))).toEqual({ key: 'endgame.unreadable' });
    vi.spyOn(m.store.channels, 'active').mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(adminEnd(h.ctx, g.channelId, 'admin')).rejects.toThrow('Connection is closed.');
  });
});

describe('an ending whose write does not land', () => {
  it('a change meanwhile says the game changed; a game gone says so; nothing is written, no hook runs', async () => {
    for (const [reason, key] of [
      ['conflict', 'game.changedJustNow'],
      ['late', 'common.storageUnavailable'],
      ['not-found', 'game.gone'],
    ] as const) {
      const h = watched();
      const g = await fresh();
      failWrites(h, reason);
      expect(await refusalOf(resign(h.ctx, g.channelId, 'alice'))).toEqual({ key });
      expect(await m.store.games.get(g.id)).toEqual(g);
      expect(h.ended).toEqual([]);
      expect(h.posts).toEqual([]);
    }
  });
});

describe('the end of a season', () => {
  it('is quiet while it runs; then its top 10 is posted once, whichever of two processes sweeps', async () => {
    let now = Date.UTC(2026, 10, 20, 12);
    const h = watched(() => now);
    const other = harness(() => now);
    const guild = `g${newId()}`;
    await setSeasons(h.ctx, guild, 'monthly', 'season-posts');
    // Twenty all-time games, then twelve in November: both are ranked on the November board.
    await rankedPair(guild, now);
    expect(await sweepSeasons(h.ctx)).toBe(0);
    now = Date.UTC(2026, 11, 1, 0, 5);
    const posted = await Promise.all([sweepSeasons(h.ctx), sweepSeasons(other.ctx)]);
    expect(posted[0] + posted[1]).toBe(1);
    expect(await Promise.all([sweepSeasons(h.ctx), sweepSeasons(other.ctx)])).toEqual([0, 0]);
    const all = [...h.posts, ...other.posts].filter((p) => p.channelId === 'season-posts');
    expect(all).toHaveLength(1);
    const post = all[0].post;
    if (post.kind !== 'text') throw new Error(post.kind);
    expect(post.lines.map((l) => l.key)).toEqual(['season.over', 'season.topGame', 'season.topRow', 'season.topRow']);
    expect(post.lines[0].params?.season).toEqual({ key: 'season.month', params: { month: expect.any(Number) } });
    expect(post.ping).toEqual([]);
    // Turned off: the sweep no longer visits the server.
    await setSeasons(h.ctx, guild, null, null);
    now = Date.UTC(2027, 0, 1, 0, 5);
    expect(await sweepSeasons(h.ctx)).toBe(0);
    expect(await m.store.seasons.guilds()).not.toContain(guild);
  });
});

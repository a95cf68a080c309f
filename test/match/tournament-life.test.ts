// A tournament's life at the match layer: created (bad options refused),
// joined and left during sign-up, started by its organiser only, each
// round's games opened once with their pairing post, results entered as the
// games end (the end-of-game hook), the next round paired, the winners
// posted once; the round deadline (a loss on time, an abort on time), a
// Cancel while running, a leaver mid-event, and sign-up closing with too few.
import { describe, expect, it } from 'vitest';
import {
  cancelTournament,
  createTournament,
  joinTournament,
  leaveTournament,
  pairingGameId,
  playMove,
  postAnnouncement,
  recordTournamentCard,
  resign,
  roundPairings,
  startTournament,
  sweepTournaments,
  tournamentGameOver,
  type TournamentInput,
} from '../../src/match/index.js';
import type { Entrant, StoredTournament } from '../../src/model/index.js';
import { harness, HOUR, postKeys, refusalOf, tournamentInput, useMatchStore, type Harness } from './harness.js';

const m = useMatchStore('tournament-life');
const olga: Entrant = { id: 'olga', name: 'Olga' };
let n = 0;

/** A context as the bot's: its end-of-game hook drives the events, each game gets a thread on its pairing post. */
function eventContext(h: Harness): Harness {
  h.ctx.onGameOver = (rec) => tournamentGameOver(h.ctx, rec);
  h.ctx.notifier.openThread = (_channelId, messageId) => Promise.resolve(`thread-${messageId}`);
  return h;
}

/** `clock.now` is moved by the test. */
function eventHarness() {
  const clock = { now: Date.now() };
  return { h: eventContext(harness(() => clock.now)), clock };
}

const input = (over: Partial<TournamentInput> = {}): TournamentInput =>
  tournamentInput({ organiser: olga, guildId: `guild${++n}`, channelId: `events${n}`, ...over });

const players = (k: number): Entrant[] => Array.from({ length: k }, (_, i) => ({ id: `p${n}x${i}`, name: `P${i}` }));

/** An event with `k` players signed up and its card recorded. */
async function signedUp(h: Harness, k: number, over: Partial<TournamentInput> = {}) {
  const t = await createTournament(h.ctx, input(over));
  await recordTournamentCard(h.ctx, t.id, `card-${t.id}`);
  const ps = players(k);
  for (const p of ps) await joinTournament(h.ctx, t.id, p);
  return { t, ps };
}

const load = async (id: string): Promise<StoredTournament> => (await m.store.tournaments.get(id))!;

/** The open games of the round being played: each ends by the second player's resignation, posted as the edge would. */
async function firstWinsRound(h: Harness, id: string) {
  const t = await load(id);
  for (const p of roundPairings(t)) {
    if (p.second === null || p.result !== null) continue;
    const rec = (await m.store.games.get(pairingGameId(t.id, p.round, p.board)))!;
    await postAnnouncement(h.ctx, await resign(h.ctx, rec.channelId, p.second));
  }
  await h.settle();
}

const textPosts = (h: Harness, channelId: string, key: string) =>
  h.posts.filter((p) => p.channelId === channelId && p.post.kind === 'text' && p.post.lines[0].key === key);

describe('creating and signing up', () => {
  it('refuses bad options and stores nothing; a second Join is one entry; a Leave in sign-up takes the player off', async () => {
    const { h } = eventHarness();
    const guild = input().guildId;
    expect(await refusalOf(createTournament(h.ctx, input({ guildId: guild, threadable: false })))).toEqual({
      key: 'tournament.needsThreads',
    });
    expect(await refusalOf(createTournament(h.ctx, input({ guildId: guild, rounds: 3 })))).toEqual({
      key: 'tournament.roundsRoundRobin',
    });
    expect(await refusalOf(createTournament(h.ctx, input({ guildId: guild, clockHours: 48, roundHours: 24 })))).toEqual(
      { key: 'tournament.roundShorterThanClock' },
    );
    expect(await m.store.tournaments.listByGuild(guild, 10)).toEqual([]);

    const { t, ps } = await signedUp(h, 3);
    expect((await joinTournament(h.ctx, t.id, ps[0])).tell).toEqual({ key: 'tournament.alreadyIn' });
    expect((await load(t.id)).players.map((p) => p.id)).toEqual(ps.map((p) => p.id));
    await leaveTournament(h.ctx, t.id, ps[2].id);
    expect((await load(t.id)).players).toHaveLength(2);
    expect(await refusalOf(startTournament(h.ctx, t.id, ps[0].id, false))).toEqual({
      key: 'tournament.organiserOnly',
    });
    expect(await refusalOf(startTournament(h.ctx, t.id, olga.id, false))).toEqual({ key: 'tournament.tooFew' });
    expect((await load(t.id)).status).toBe('signup');
    expect(h.posts).toEqual([]);
  });
});

describe('a round robin of four, played to the end', () => {
  it('each round opened once with its posts, results entered as games end, the winners posted once', async () => {
    const { h } = eventHarness();
    const { t, ps } = await signedUp(h, 4);
    await startTournament(h.ctx, t.id, olga.id, false);
    expect(await refusalOf(startTournament(h.ctx, t.id, olga.id, false))).toEqual({
      key: 'tournament.startedAlready',
    });
    await h.settle();
    const wins = new Map(ps.map((p) => [p.id, 0]));
    for (let round = 1; round <= 3; round++) {
      const now = await load(t.id);
      expect(now).toMatchObject({ status: 'running', round, rounds: 3 });
      const boards = roundPairings(now);
      expect(boards).toHaveLength(2);
      // One pairing post per game so far, in the event's channel.
      expect(textPosts(h, t.channelId, 'tournament.pairingPost')).toHaveLength(2 * round);
      for (const p of boards) {
        const rec = (await m.store.games.get(pairingGameId(t.id, round, p.board)))!;
        expect(rec.players.map((x) => x.id)).toEqual([p.first, p.second]);
        // In a thread on its pairing post.
        expect(rec).toMatchObject({ status: 'active', clock: { perMoveMs: HOUR }, parentChannelId: t.channelId });
        expect(postKeys(h, rec.channelId)).toEqual([['game.intro']]);
        wins.set(p.first, wins.get(p.first)! + 1);
      }
      await firstWinsRound(h, t.id);
    }
    const done = await load(t.id);
    expect(done).toMatchObject({ status: 'finished', announced: true });
    expect(done.pairings.every((p) => p.result === 'first')).toBe(true);
    const best = Math.max(...wins.values());
    // The winners have the most points (a tie-break may part equal scores).
    expect(done.winners.length).toBeGreaterThan(0);
    for (const w of done.winners) expect(wins.get(w)).toBe(best);
    const finals = h.posts.filter((p) => p.post.kind === 'tournament' && p.post.view === 'final');
    expect(finals).toHaveLength(1);
    // The card follows the event (drawn from the latest record each time), and ends finished.
    const cards = h.edits.filter((e) => e.messageId === `card-${t.id}`);
    expect(cards.length).toBeGreaterThan(0);
    const last = cards.at(-1)!.post;
    expect(last.kind === 'tournament' && last.tournament.status).toBe('finished');
    // Nothing more happens on a sweep.
    expect(await sweepTournaments(h.ctx)).toBe(0);
    expect(h.posts.filter((p) => p.post.kind === 'tournament')).toHaveLength(1);
  });
});

describe('the round deadline', () => {
  it('swept by two processes at once: a game both sides moved in is lost on time, one nobody moved in is a double forfeit; round 2 is paired once', async () => {
    const { h, clock } = eventHarness();
    const other = eventContext(harness(() => clock.now));
    const { t } = await signedUp(h, 4, { format: 'swiss', rounds: 2, clockHours: 1, roundHours: 2 });
    await startTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    const [b1, b2] = roundPairings(await load(t.id));
    const g1 = (await m.store.games.get(pairingGameId(t.id, 1, b1.board)))!;
    await playMove(h.ctx, { gameId: g1.id }, { userId: b1.first }, 'V3 F8 NW R');
    await playMove(h.ctx, { gameId: g1.id }, { userId: b1.second! }, 'V3 D3 NE R');
    h.posts.length = 0;
    const both = async () => {
      const acted = await Promise.all([sweepTournaments(h.ctx), sweepTournaments(other.ctx)]);
      await Promise.all([h.settle(), other.settle()]);
      return acted;
    };

    clock.now += 2 * HOUR - 60_000;
    expect(await both()).toEqual([0, 0]);
    expect((await m.store.games.get(g1.id))?.status).toBe('active');
    clock.now += 60_000;
    await both();
    const now = await load(t.id);
    const results = roundPairings(now, 1).map((p) => [p.board, p.result, p.forfeit ?? false]);
    expect(results).toEqual([
      [b1.board, 'second', false],
      [b2.board, 'double-forfeit', true],
    ]);
    expect((await m.store.games.get(g1.id))?.result).toMatchObject({ winner: 1, reason: 'time' });
    const g2 = (await m.store.games.get(pairingGameId(t.id, 1, b2.board)))!;
    expect(g2).toMatchObject({ status: 'aborted', result: { reason: 'time' } });
    expect(now).toMatchObject({ status: 'running', round: 2 });
    // Sweeping again changes nothing: each end posted once, round 2 opened once.
    await both();
    const all = [...h.posts, ...other.posts];
    for (const g of [g1, g2])
      expect(
        all.filter((p) => p.channelId === g.channelId).map((p) => p.post.kind === 'game' && p.post.lines[0].key),
      ).toEqual(['clock.timedOut']);
    const pairingPosts = all.filter((p) => p.post.kind === 'text' && p.post.lines[0].key === 'tournament.pairingPost');
    expect(pairingPosts).toHaveLength(2);
    for (const p of roundPairings(await load(t.id), 2))
      expect((await m.store.games.get(pairingGameId(t.id, 2, p.board)))?.status).toBe('active');
  });
});

describe('ending early', () => {
  it('Cancel while running: open games end with no result, one note each, one note to the players', async () => {
    const { h } = eventHarness();
    const { t, ps } = await signedUp(h, 4, { rated: true });
    expect(await refusalOf(cancelTournament(h.ctx, t.id, ps[0].id, false))).toEqual({
      key: 'tournament.organiserOnly',
    });
    await startTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    const boards = roundPairings(await load(t.id));
    h.posts.length = 0;
    await cancelTournament(h.ctx, t.id, 'admin', true);
    await h.settle();
    const done = await load(t.id);
    expect(done).toMatchObject({ status: 'cancelled', endNote: 'cancelled', announced: true, round: 1 });
    for (const p of boards) {
      const rec = (await m.store.games.get(pairingGameId(t.id, 1, p.board)))!;
      expect(rec).toMatchObject({ status: 'aborted', result: { winner: null, reason: 'cancelled' } });
      expect(postKeys(h, rec.channelId)).toEqual([['tournament.gameCancelled']]);
    }
    const notes = textPosts(h, t.channelId, 'tournament.cancelledBy');
    expect(notes).toHaveLength(1);
    expect(notes[0].post.kind === 'text' && [...notes[0].post.ping].sort()).toEqual(ps.map((p) => p.id).sort());
    expect((await m.store.ratings.get('orion', ps[0].id, 'global')).games).toBe(0);
    expect(await refusalOf(cancelTournament(h.ctx, t.id, olga.id, false))).toEqual({ key: 'tournament.over' });
    expect(await sweepTournaments(h.ctx)).toBe(0);
    expect(h.posts).toHaveLength(boards.length + 1);
  });

  it('a player who leaves mid-event resigns the game on, and is never paired again', async () => {
    const { h } = eventHarness();
    const { t, ps } = await signedUp(h, 4);
    await startTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    const leaver = ps[0].id;
    const mine = roundPairings(await load(t.id)).find((p) => p.first === leaver || p.second === leaver)!;
    expect((await leaveTournament(h.ctx, t.id, leaver)).tell).toEqual({ key: 'tournament.youLeft' });
    await h.settle();
    expect(await refusalOf(leaveTournament(h.ctx, t.id, leaver))).toEqual({ key: 'tournament.leftAlready' });
    const rec = (await m.store.games.get(pairingGameId(t.id, 1, mine.board)))!;
    expect(rec.result).toMatchObject({ reason: 'resign', winner: mine.first === leaver ? 1 : 0 });
    expect((await load(t.id)).pairings.find((p) => p.round === 1 && p.board === mine.board)?.result).toBe(
      mine.first === leaver ? 'second' : 'first',
    );
    // The rest of the event: every game the leaver was paired in after round 1 is their forfeit, never opened.
    for (let k = 0; k < 3 && (await load(t.id)).status === 'running'; k++) await firstWinsRound(h, t.id);
    const done = await load(t.id);
    expect(done.status).toBe('finished');
    for (const p of done.pairings.filter((x) => x.round > 1 && (x.first === leaver || x.second === leaver))) {
      expect(p.forfeit).toBe(true);
      expect(await m.store.games.get(pairingGameId(t.id, p.round, p.board))).toBeNull();
    }
  });

  it('sign-up closing at its time with too few players cancels the event, and tells the players once', async () => {
    const { h, clock } = eventHarness();
    const { t, ps } = await signedUp(h, 2, { startsAt: clock.now + HOUR });
    clock.now += HOUR;
    expect(await sweepTournaments(h.ctx)).toBe(1);
    expect(await sweepTournaments(h.ctx)).toBe(0);
    expect(await load(t.id)).toMatchObject({ status: 'cancelled', endNote: 'too-few-players', announced: true });
    const notes = textPosts(h, t.channelId, 'tournament.cancelledTooFew');
    expect(notes).toHaveLength(1);
    expect(notes[0].post.kind === 'text' && notes[0].post.ping).toEqual(ps.map((p) => p.id));
    expect(h.posts).toHaveLength(1);
  });
});

// Tournaments through the real bot and the fake Discord: sign-up on the card,
// one thread per pairing, results from resignations and draws, an absent
// player forfeiting at the round deadline (an injected clock), a player
// leaving mid-event, a round robin with its crosstable, a restart between
// rounds, and two bot processes pairing each round once.
import { describe, expect, it } from 'vitest';
import { sweepTournaments } from '../../src/bot/index.js';
import { RECHECK_MS, roundPairings, standingsOf } from '../../src/match/index.js';
import type { FakeUser } from '../support/fake-discord/index.js';
import { decodePng } from '../render/pixels.js';
import { findButton, isEphemeral, toOptions, waitFor } from './harness.js';
import { HOUR, tournamentKit } from './tournament-kit.js';

const { h, setup, create, createEvent, card, clickCard, get, openRound, decide, entered, pairingPosts } =
  tournamentKit();

describe('/tournament', () => {
  it('an 8-player Swiss of 3 rounds, played to the end: an absent player forfeits at the round deadline, a player leaves mid-event', async () => {
    const base = await setup(8);
    const e = await createEvent(base, { format: 'swiss', rounds: 3, name: 'Winter Swiss' });
    const absent = e.players[7];
    let leaver: FakeUser | null = null;
    expect(JSON.stringify(card(e).embeds)).toContain('Winter Swiss');

    for (const p of e.players) {
      const r = await clickCard(e, p, 'Join');
      expect(r.callback.type).toBe(7);
    }
    // Joining twice is one entry, said privately.
    const again = await h()
      .fake.click(e.players[0], e.cardId, findButton(card(e), 'Join'))
      .done({ followups: 1 });
    expect(again.followups[0]?.content).toMatch(/in already/);
    expect((await get(e)).players.map((p) => p.id)).toEqual(e.players.map((p) => p.id));
    expect(JSON.stringify(card(e).embeds)).toContain('Players (8)');
    // Only the organiser starts it.
    const notYou = await h()
      .fake.click(e.players[0], e.cardId, findButton(card(e), 'Start'))
      .done();
    expect(isEphemeral(notYou)).toBe(true);
    expect(notYou.callback.data.content).toMatch(/Only the organiser/);
    await clickCard(e, e.organiser, 'Start');

    const played = new Map<string, Set<string>>();
    const meet = (a: string, b: string) => {
      for (const [x, y] of [
        [a, b],
        [b, a],
      ])
        played.set(x, new Set([...(played.get(x) ?? []), y]));
    };
    for (let round = 1; round <= 3; round++) {
      const games = await openRound(e, round);
      const t = await get(e);
      expect(t.roundDeadline).toBeGreaterThan(base.clk.now());
      // One post per pairing, pinging both players; the thread opens on it.
      expect(pairingPosts(round)).toHaveLength(games.length);
      for (const { p, rec } of games) {
        expect(played.get(p.first)?.has(p.second!) ?? false, 'no repeat pairing').toBe(false);
        meet(p.first, p.second!);
        const post = h().fake.message(rec.messageId!)!;
        expect(post.mentions.map((u) => u.id).sort()).toEqual([p.first, p.second].sort());
        expect(rec.channelId).toBe(post.id); // the thread hangs on the post
        expect(rec.clock?.perMoveMs).toBe(HOUR);
      }
      if (round === 3) {
        // The leaver is not paired again: seven players, one bye, awarded at once.
        const all = roundPairings(t);
        expect(all.some((p) => p.first === leaver!.id || p.second === leaver!.id)).toBe(false);
        expect(all.filter((p) => p.second === null)).toEqual([expect.objectContaining({ result: 'first' })]);
      }
      const absentGame = games.find((g) => g.p.first === absent.id || g.p.second === absent.id) ?? null;
      // Round 2: a player whose opponent is present leaves while their game is on.
      if (round === 2) leaver = e.byId.get(games.find((g) => g !== absentGame)!.p.first)!;
      for (const [k, g] of games.entries()) {
        if (g === absentGame) continue;
        if (round === 2 && (g.p.first === leaver!.id || g.p.second === leaver!.id)) {
          // The leaver leaves while their game is on: it counts as resigned.
          const left = await h()
            .fake.click(leaver!, e.cardId, findButton(card(e), 'Leave'))
            .done({ followups: 1 });
          expect(left.followups[0]?.content).toMatch(/You left the tournament/);
          const done = await entered(e, g.p);
          expect(done.result).toBe(g.p.first === leaver!.id ? 'second' : 'first');
          expect(done.forfeit).toBeUndefined();
          expect((await h().store.games.get(g.rec.id))?.result?.reason).toBe('resign');
          continue;
        }
        await decide(e, g.rec, k % 3 === 1 ? 'draw' : 'first');
        await entered(e, g.p);
      }
      // The absent player's game (unless they have the bye): the opponent moves if it is theirs to; nobody answers; the
      // round deadline ends it.
      if (!absentGame) {
        expect(roundPairings(t).find((p) => p.second === null)?.first).toBe(absent.id);
        continue;
      }
      const { p, rec } = absentGame;
      if (p.second === absent.id)
        expect(isEphemeral(await h().move(e.byId.get(p.first)!, rec.channelId, 'S1 K2'))).toBe(false);
      expect((await get(e)).round).toBe(round);
      base.clk.advance(HOUR + 60_000);
      await sweepTournaments(h().bot.ctx);
      const adjudicated = await entered(e, p);
      expect(adjudicated.forfeit).toBe(true);
      expect(adjudicated.result).toBe(p.second === absent.id ? 'first' : 'double-forfeit');
      const over = (await h().store.games.get(rec.id))!;
      expect(over.status).toBe('aborted');
      expect(over.result?.reason).toBe('time');
      await h().fake.waitForMessage(rec.channelId, (m) => m.content.includes('did not move in time'));
    }

    const done = await waitFor(async () => {
      const t = await get(e);
      return t.status === 'finished' && t.announced ? t : null;
    });
    expect(done.pairings).toHaveLength(4 + 4 + 4);
    expect(done.pairings.every((p) => p.result !== null)).toBe(true);
    const rows = standingsOf(done);
    expect(done.winners).toEqual(rows.filter((r) => r.rank === 1).map((r) => r.player));
    const absentRow = rows.find((r) => r.player === absent.id)!;
    expect(absentRow).toMatchObject({ played: 0, wins: 0, draws: 0 });
    expect(absentRow.points).toBe(absentRow.byes);
    expect(rows.find((r) => r.player === leaver!.id)?.withdrawn).toBe(true);
    expect(rows.every((r) => r.tiebreaks.buchholz !== null)).toBe(true);

    // The winners are announced once, with the final standings as a PNG readable at 400 px.
    const finals = h()
      .fake.messages(h().channel.id)
      .filter((m) => m.content.includes('is over!'));
    expect(finals).toHaveLength(1);
    for (const w of done.winners) expect(finals[0].content).toContain(`<@${w}>`);
    const png = await decodePng(Buffer.from(finals[0].attachments[0].bytes!));
    expect(png.width).toBe(800);
    // The card is final: no buttons, the winner named, the standings attached.
    await expect.poll(() => card(e).components.length).toBe(0);
    expect(JSON.stringify(card(e).embeds)).toContain('Finished.');
    expect(card(e).attachments).toHaveLength(1);

    // /tournament standings, and the winner's /stats.
    const st = await h()
      .fake.slash(e.players[0], h().channel.id, 'tournament', [{ name: 'standings', type: 1, options: [] }])
      .done();
    expect(st.original?.content).toContain('Winter Swiss');
    expect(st.original?.attachments[0]?.filename).toMatch(/^standings-/);
    const winner = e.byId.get(done.winners[0])!;
    const stats = await h().slash(winner, h().channel.id, 'stats').done();
    expect(JSON.stringify(stats.original?.embeds)).toContain('Tournaments won');
    expect(JSON.stringify(stats.original?.embeds)).toContain('Winter Swiss');
  }, 120_000);

  it('a 4-player round robin with a restart between rounds, and a lost end-of-game call made up by the sweep of a new process', async () => {
    const base = await setup(4);
    const e = await createEvent(base, { format: 'round-robin', rated: true });
    for (const p of e.players) await clickCard(e, p, 'Join');
    await clickCard(e, e.organiser, 'Start');
    const [a, b, c, d] = e.players.map((p) => p.id);
    // a and b draw and beat everyone else; c beats d: a and b share first place.
    const winnerOf = (x: string, y: string): string | null => {
      const pair = [x, y].sort().join();
      if (pair === [a, b].sort().join()) return null;
      if (x === a || x === b) return x;
      if (y === a || y === b) return y;
      return x === c ? x : y;
    };
    let bot = h().bot;
    for (let round = 1; round <= 3; round++) {
      const games = await openRound(e, round);
      expect(games).toHaveLength(2);
      for (const [k, { p, rec }] of games.entries()) {
        const w = winnerOf(p.first, p.second!);
        // Round 2: the bot "crashes" right after the last game ends, before the tournament hears of it.
        if (round === 2 && k === games.length - 1) bot.ctx.onGameOver = undefined;
        await decide(e, rec, w === null ? 'draw' : w === p.first ? 'first' : 'second');
        if (round === 2 && k === games.length - 1) {
          await waitFor(async () => (await h().store.games.get(rec.id))?.status === 'over');
        } else {
          await entered(e, p);
        }
      }
      if (round === 1) {
        // A restart between rounds: round 2 is paired and open; a new process plays it.
        await bot.stop();
        bot = await h().startAnotherBot({ now: base.clk.now });
      } else if (round === 2) {
        expect((await get(e)).round).toBe(2);
        await bot.stop();
        // The new process's sweep finds the ended game at its regular look.
        base.clk.advance(RECHECK_MS + 1000);
        bot = await h().startAnotherBot({ now: base.clk.now, eventSweepIntervalMs: 50 });
      }
    }
    const done = await waitFor(async () => {
      const t = await get(e);
      return t.status === 'finished' && t.announced ? t : null;
    });
    expect(done.rounds).toBe(3);
    expect(done.winners.sort()).toEqual([a, b].sort());
    const rows = standingsOf(done);
    expect(rows.map((r) => [r.player, r.rank, r.points])).toEqual([
      [expect.any(String), 1, 2.5],
      [expect.any(String), 1, 2.5],
      [c, 3, 1],
      [d, 4, 0],
    ]);
    expect(rows[0].tiebreaks.headToHead).toBe(0.5);
    const final = h()
      .fake.messages(h().channel.id)
      .filter((m) => m.content.includes('is over!'));
    expect(final).toHaveLength(1);
    expect(final[0].content).toMatch(/share first place with 2½ points/);
    // The crosstable makes the round-robin table taller than the rows alone.
    const png = await decodePng(Buffer.from(final[0].attachments[0].bytes!));
    expect(png.width).toBe(800);
    expect(png.height).toBeGreaterThan(600);
    // Rated: every game moved the ratings (rank 1 players played 3 rated games).
    expect((await h().store.ratings.get('orion', a, 'global')).games).toBe(3);
  }, 120_000);

  it('two bot processes: sign-up closes at `starts` and each round is paired and opened once', async () => {
    const base = await setup(4);
    const e = await createEvent(base, { format: 'swiss', starts: '30m' });
    expect(JSON.stringify(card(e).embeds)).toMatch(/Sign-up closes <t:\d+:R>/);
    for (const p of e.players) await clickCard(e, p, 'Join');
    const other = await h().startAnotherBot({ now: base.clk.now });
    await h().fake.waitForReady(2);
    const bots = [h().bot, other];
    for (const b of bots) b.ctx.onGameOver = undefined; // rounds move on through the sweeps only, both at once
    const sweepBoth = () => Promise.all(bots.map((b) => sweepTournaments(b.ctx)));

    expect(await sweepBoth()).toEqual([0, 0]);
    base.clk.advance(31 * 60_000);
    await sweepBoth();
    for (let round = 1; round <= 3; round++) {
      const games = await openRound(e, round);
      expect(games).toHaveLength(2);
      for (const { rec } of games) await decide(e, rec, 'first');
      for (const { rec } of games) await waitFor(async () => (await h().store.games.get(rec.id))?.status === 'over');
      base.clk.advance(RECHECK_MS + 1000);
      const acted = await sweepBoth();
      expect(acted.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
      if (round < 3) await openRound(e, round + 1);
    }
    const done = await waitFor(async () => {
      const t = await get(e);
      return t.status === 'finished' && t.announced ? t : null;
    });
    expect(done.pairings).toHaveLength(6);
    for (let r = 1; r <= 3; r++) expect(pairingPosts(r)).toHaveLength(2);
    // Each game was opened once: one thread per pairing.
    const threads = h().fake.threads(h().channel.id);
    expect(threads).toHaveLength(6);
    expect(
      h()
        .fake.messages(h().channel.id)
        .filter((m) => m.content.includes('is over!')),
    ).toHaveLength(1);
  }, 120_000);

  it('refuses clearly and changes nothing: no permission, bad options, too few players, joining after the start, aborting a pairing', async () => {
    const base = await setup(3);
    const member = base.players[0];
    const no = await create(member, { game: 'exxit', format: 'swiss' });
    expect(isEphemeral(no)).toBe(true);
    expect(no.callback.data.content).toMatch(/Manage Server/);
    const badTime = await create(base.organiser, { game: 'exxit', format: 'swiss', starts: 'tomorrow evening' });
    expect(badTime.callback.data.content).toMatch(/not a time I can read/);
    const rrRounds = await create(base.organiser, { game: 'exxit', format: 'round-robin', rounds: 3 });
    expect(rrRounds.callback.data.content).toMatch(/round robin has no `rounds`/);
    expect(await h().store.tournaments.listByGuild(h().guild.id)).toEqual([]);
    const noThreads = h().fake.addChannel(h().guild.id, { name: 'no-threads', canCreateThreads: false });
    const here = await h()
      .fake.slash(base.organiser, noThreads.id, 'tournament', [
        { name: 'create', type: 1, options: toOptions({ game: 'exxit', format: 'swiss' }) },
      ])
      .done();
    expect(here.callback.data.content).toMatch(/thread per game/);

    // `starts` is explained as it is typed.
    const ac = await h()
      .fake.autocomplete(base.organiser, h().channel.id, 'tournament', [
        {
          name: 'create',
          type: 1,
          options: [
            { name: 'game', type: 3, value: 'exxit' },
            { name: 'starts', type: 3, value: '2h', focused: true },
          ],
        },
      ])
      .response();
    expect(ac.data.choices[0]).toEqual({ name: 'in 2 h (2h)', value: '2h' });
    const iso = await h()
      .fake.autocomplete(base.organiser, h().channel.id, 'tournament', [
        {
          name: 'create',
          type: 1,
          options: [{ name: 'starts', type: 3, value: '2026-12-05 18:00+01:00', focused: true }],
        },
      ])
      .response();
    expect(iso.data.choices[0].name).toBe('at 2026-12-05 17:00 UTC (2026-12-05 18:00+01:00)');
    // Without a tournament role, Manage Server alone may create events (a role: tournament-signup.test.ts).
    const roles = await h()
      .fake.slash(base.organiser, h().channel.id, 'settings', [{ name: 'tournaments', type: 1, options: [] }])
      .done();
    expect(roles.callback.data.content).toMatch(/Only members with Manage Server may create tournaments now/);
    expect(roles.callback.data.content).toMatch(/\*\*Tournaments\*\* may be created by: Manage Server/);

    const e = await createEvent(base, { format: 'swiss' });
    await clickCard(e, base.players[0], 'Join');
    await clickCard(e, base.players[1], 'Join');
    const few = await h()
      .fake.click(e.organiser, e.cardId, findButton(card(e), 'Start'))
      .done();
    expect(few.callback.data.content).toMatch(/at least 3 players; 2 have signed up/);
    expect((await get(e)).status).toBe('signup');
    // Leaving during sign-up takes the name off; joining again puts it back.
    await clickCard(e, base.players[1], 'Leave');
    expect((await get(e)).players).toHaveLength(1);
    await clickCard(e, base.players[1], 'Join');
    await clickCard(e, base.players[2], 'Join');
    await clickCard(e, e.organiser, 'Start');
    const games = await openRound(e, 1);
    const late = h().fake.addUser({ username: 'late' });
    const closed = await h()
      .fake.click(late, e.cardId, findButton(card(e), 'Leave'))
      .done();
    expect(closed.callback.data.content).toMatch(/not playing in this tournament/);
    const ab = await h().slash(e.byId.get(games[0].rec.players[0].id)!, games[0].rec.channelId, 'abort').done();
    expect(isEphemeral(ab)).toBe(true);
    expect(ab.callback.data.content).toMatch(/cannot be aborted/);
    expect((await h().store.games.get(games[0].rec.id))?.status).toBe('active');
    // Forged custom ids are refused.
    const forged = await h().fake.click(late, e.cardId, `hx1:t:${e.id}:zz`).done();
    expect(isEphemeral(forged)).toBe(true);
  }, 60_000);
});

// Ending a tournament early and leaving it, through the real bot and the fake
// Discord: Cancel during sign-up and while running (asked privately first,
// refused to anyone but the organiser or an admin; open games end with no
// result and no rating change; one note in the channel), and a player who
// leaves before their game of the round has opened (a forfeit at once, never
// a thread).
import { describe, expect, it } from 'vitest';
import { sweepTournaments } from '../../src/bot/index.js';
import { pairingGameId, RECHECK_MS, roundPairings } from '../../src/match/index.js';
import { findButton, isEphemeral, waitFor, MANAGE_GUILD } from './harness.js';
import { HOUR, tournamentKit } from './tournament-kit.js';

const { h, setup, createEvent, card, clickCard, get, openRound, decide, entered, pairingPosts } = tournamentKit();

/** Whom a post was allowed to ping (the organiser is named, not pinged). */
const pings = (content: string): string[] => {
  const sent = h().fake.requests.find(
    (r) => r.method === 'POST' && (r.body as { content?: string } | null)?.content === content,
  );
  return [...((sent?.body as { allowed_mentions?: { users?: string[] } }).allowed_mentions?.users ?? [])].sort();
};
const cancelNotes = () =>
  h()
    .fake.messages(h().channel.id)
    .filter((m) => m.content.includes('🚫'));

describe('/tournament: Cancel and Leave', () => {
  it('Cancel during sign-up: asked privately, refused to a player, then the card closes and the players are told once', async () => {
    const base = await setup(2);
    const e = await createEvent(base, { format: 'swiss', name: 'Spring Open' });
    for (const p of e.players) await clickCard(e, p, 'Join');

    // A player is refused, privately; nothing changes.
    const notYou = await clickCard(e, e.players[0], 'Cancel');
    expect(isEphemeral(notYou)).toBe(true);
    expect(notYou.callback.data.content).toMatch(/Only the organiser \(<@\d+>\) or a server admin can do that/);
    expect((await get(e)).status).toBe('signup');

    // The organiser is asked first; the card is untouched until they confirm.
    const ask = await clickCard(e, e.organiser, 'Cancel');
    expect(isEphemeral(ask)).toBe(true);
    expect(ask.callback.data.content).toMatch(
      /Cancel \*\*Spring Open\*\*\? Sign-up closes and the players are told\. This cannot be undone\./,
    );
    expect((await get(e)).status).toBe('signup');
    const joinId = findButton(card(e), 'Join');
    const askMsg = ask.original!;
    const confirmId = findButton(askMsg, 'Yes, cancel the tournament');
    const done = await h().fake.click(e.organiser, askMsg.id, confirmId).done();
    expect(done.callback.type).toBe(7);
    expect(done.callback.data.content).toMatch(/The tournament is cancelled/);
    expect(done.callback.data.components).toEqual([]);

    const t = await waitFor(async () => {
      const x = await get(e);
      return x.status === 'cancelled' && x.announced ? x : null;
    });
    expect(t).toMatchObject({ endNote: 'cancelled', cancelledBy: e.organiser.id, wakeAt: null });
    // The card: no buttons, who cancelled it.
    await expect.poll(() => card(e).components.length).toBe(0);
    expect(JSON.stringify(card(e).embeds)).toContain(`Cancelled by <@${e.organiser.id}>.`);
    // One note in the channel, pinging the players who had signed up.
    const [note, ...more] = cancelNotes();
    expect(more).toEqual([]);
    expect(note.content).toBe(
      `🚫 **Spring Open** was cancelled by <@${e.organiser.id}>. No game was played. Players: <@${e.players[0].id}> and <@${e.players[1].id}>.`,
    );
    expect(pings(note.content)).toEqual(e.players.map((p) => p.id).sort());

    // A second confirmation, or a stale Join, is refused and changes nothing.
    const again = await h().fake.click(e.organiser, askMsg.id, confirmId).done();
    expect(isEphemeral(again)).toBe(true);
    expect(again.callback.data.content).toMatch(/This tournament is over/);
    const late = await h().fake.click(e.players[0], e.cardId, joinId).done();
    expect(isEphemeral(late)).toBe(true);
    expect(late.callback.data.content).toMatch(/Sign-up for this tournament is closed/);
    expect(await sweepTournaments(h().bot.ctx)).toBe(0);
    expect(cancelNotes()).toHaveLength(1);
  }, 60_000);

  it('Cancel while running, by an admin: open games end with no result and no rating change, a finished one stands, nothing more is paired', async () => {
    const base = await setup(4);
    const adam = h().fake.addUser({ username: 'adam', globalName: 'Adam', permissions: MANAGE_GUILD });
    const e = await createEvent(base, { format: 'swiss', rated: true, name: 'Rated Swiss' });
    for (const p of e.players) await clickCard(e, p, 'Join');
    await clickCard(e, e.organiser, 'Start');
    const games = await openRound(e, 1);
    expect(games).toHaveLength(2);
    // The running card has Leave and Cancel.
    expect(findButton(card(e), 'Leave')).toBeTruthy();
    const [played, open] = games;
    await decide(e, played.rec, 'first');
    await entered(e, played.p);
    // Both sides move in the open game: a result now would be rated.
    const [f, s] = open.rec.players.map((p) => e.byId.get(p.id)!);
    expect(isEphemeral(await h().move(f, open.rec.channelId, 'S1 K2'))).toBe(false);

    const notYou = await clickCard(e, s, 'Cancel');
    expect(isEphemeral(notYou)).toBe(true);
    expect(notYou.callback.data.content).toMatch(/Only the organiser/);
    const ask = await clickCard(e, adam, 'Cancel');
    expect(ask.callback.data.content).toMatch(
      /Its open game ends with no result and no rating change; no further round is played\./,
    );
    await h().fake.click(adam, ask.original!.id, findButton(ask.original!, 'Yes, cancel the tournament')).done();

    const t = await waitFor(async () => {
      const x = await get(e);
      return x.status === 'cancelled' && x.announced ? x : null;
    });
    expect(t.cancelledBy).toBe(adam.id);
    // The open game: aborted, a note in its thread, no rating for either player.
    const closed = await waitFor(async () => {
      const g = await h().store.games.get(open.rec.id);
      return g?.status === 'aborted' ? g : null;
    });
    expect(closed.result).toMatchObject({ winner: null, reason: 'cancelled' });
    const threadNote = await h().fake.waitForMessage(open.rec.channelId, (m) => m.content.includes('was cancelled'));
    expect(threadNote.content).toContain(
      '**Rated Swiss** was cancelled: this game ends here, with no result and no rating change.',
    );
    expect(threadNote.content).toContain('Game aborted');
    for (const p of open.rec.players) expect((await h().store.ratings.get('orion', p.id, 'global')).games).toBe(0);
    // The finished game stands (and was rated); its pairing keeps its result.
    for (const p of played.rec.players) expect((await h().store.ratings.get('orion', p.id, 'global')).games).toBe(1);
    expect(t.pairings.find((p) => p.board === played.p.board)?.result).toBe('first');
    expect(t.pairings.find((p) => p.board === open.p.board)?.result).toBeNull();

    // The channel is told once, with who cancelled; the card has no buttons.
    await expect.poll(() => cancelNotes().length).toBe(1);
    expect(cancelNotes()[0].content).toMatch(
      new RegExp(
        `^🚫 \\*\\*Rated Swiss\\*\\* was cancelled by <@${adam.id}>\\. Its open games end with no result and no rating change\\. Players: `,
      ),
    );
    expect(pings(cancelNotes()[0].content)).toEqual(e.players.map((p) => p.id).sort());
    await expect.poll(() => card(e).components.length).toBe(0);
    expect(JSON.stringify(card(e).embeds)).toContain(`Cancelled by <@${adam.id}>.`);
    // Past the round deadline: nothing is adjudicated, no round 2, no new thread.
    base.clk.advance(HOUR + RECHECK_MS);
    await sweepTournaments(h().bot.ctx);
    const after = await get(e);
    expect(after.round).toBe(1);
    expect(after.pairings).toHaveLength(2);
    expect(h().fake.threads(h().channel.id)).toHaveLength(2);
    expect(pairingPosts(2)).toEqual([]);
    expect(cancelNotes()).toHaveLength(1);
  }, 60_000);

  it('a player who leaves before their game has opened forfeits it at once; it never opens, and they are not paired again', async () => {
    const base = await setup(4);
    const e = await createEvent(base, { format: 'swiss' });
    for (const p of e.players) await clickCard(e, p, 'Join');
    // Board 1's game cannot open yet: another process holds its lease (as while a post is failing).
    expect(await h().store.tournaments.lease(e.id, 'open-1-1', 700)).toBe(true);
    const leaseUntil = Date.now() + 700;
    await clickCard(e, e.organiser, 'Start');
    const t1 = await waitFor(async () => {
      const t = await get(e);
      return t.round === 1 && (await h().store.games.get(pairingGameId(e.id, 1, 2))) ? t : null;
    });
    const board1 = roundPairings(t1).find((p) => p.board === 1)!;
    expect(await h().store.games.get(pairingGameId(e.id, 1, 1))).toBeNull();

    const leaver = e.byId.get(board1.first)!;
    const left = await h()
      .fake.click(leaver, e.cardId, findButton(card(e), 'Leave'))
      .done({ followups: 1 });
    expect(left.followups[0]?.content).toMatch(/You left the tournament/);
    // At once: a forfeit win for the opponent.
    const forfeited = await entered(e, board1);
    expect(forfeited).toMatchObject({ result: 'second', forfeit: true });

    // Once the lease is gone, the regular look of the sweep does not open it either.
    await new Promise((r) => setTimeout(r, Math.max(0, leaseUntil - Date.now() + 50)));
    base.clk.advance(RECHECK_MS + 1000);
    await sweepTournaments(h().bot.ctx);
    expect(await h().store.games.get(pairingGameId(e.id, 1, 1))).toBeNull();
    expect(pairingPosts(1)).toHaveLength(1);
    expect(
      h()
        .fake.messages(h().channel.id)
        .some((m) => m.mentions.some((u) => u.id === leaver.id)),
    ).toBe(false);

    // Board 2 ends: round 2 pairs the three others (one bye), never the leaver.
    const board2 = (await openRound(e, 1))[0];
    await decide(e, board2.rec, 'first');
    const r2 = await openRound(e, 2);
    const t2 = await get(e);
    expect(roundPairings(t2).some((p) => p.first === leaver.id || p.second === leaver.id)).toBe(false);
    expect(roundPairings(t2).filter((p) => p.second === null)).toHaveLength(1);
    expect(r2).toHaveLength(1);
  }, 60_000);
});

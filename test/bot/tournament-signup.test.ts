// Sign-up and creation through the real bot and the fake Discord: the 65th
// Join refused, sign-up closing at `starts` with too few players (what the
// players see), a member of the role named in /settings tournaments creating
// an event, and an Exxit event with its `tiles` option.
import { describe, expect, it } from 'vitest';
import { sweepTournaments } from '../../src/bot/index.js';
import { getGame } from '../../src/engine/index.js';
import { MAX_PLAYERS, pairingGameId, roundPairings } from '../../src/match/index.js';
import { findButton, isEphemeral, waitFor } from './harness.js';
import { tournamentKit } from './tournament-kit.js';

const { h, setup, create, createEvent, card, clickCard, get, openRound } = tournamentKit();

/** Whom a post was allowed to ping. */
const pings = (content: string): string[] => {
  const sent = h().fake.requests.find(
    (r) => r.method === 'POST' && (r.body as { content?: string } | null)?.content === content,
  );
  return [...((sent?.body as { allowed_mentions?: { users?: string[] } }).allowed_mentions?.users ?? [])].sort();
};

describe('/tournament: sign-up and creation', () => {
  it('the 65th Join is refused clearly; the 64 stay in', async () => {
    expect(MAX_PLAYERS).toBe(64);
    const base = await setup(65);
    const e = await createEvent(base, { format: 'swiss' });
    for (const p of e.players.slice(0, 64)) expect((await clickCard(e, p, 'Join')).callback.type).toBe(7);
    const last = e.players[64];
    const full = await clickCard(e, last, 'Join');
    expect(isEphemeral(full)).toBe(true);
    expect(full.callback.data.content).toBe('This tournament is full (64 players).');
    const t = await get(e);
    expect(t.players).toHaveLength(64);
    expect(t.players.some((p) => p.id === last.id)).toBe(false);
    expect(JSON.stringify(card(e).embeds)).toContain('Players (64)');
    // A place freed is a place taken.
    await clickCard(e, e.players[0], 'Leave');
    expect((await clickCard(e, last, 'Join')).callback.type).toBe(7);
    expect((await get(e)).players.at(-1)?.id).toBe(last.id);
  }, 60_000);

  it('sign-up closing at `starts` with fewer than 3 players cancels the event: the card says why, the players are told once', async () => {
    const base = await setup(2);
    const e = await createEvent(base, { format: 'swiss', starts: '30m' });
    for (const p of e.players) await clickCard(e, p, 'Join');
    expect(await sweepTournaments(h().bot.ctx)).toBe(0);
    base.clk.advance(31 * 60_000);
    expect(await sweepTournaments(h().bot.ctx)).toBe(1);
    const t = await waitFor(async () => {
      const x = await get(e);
      return x.status === 'cancelled' && x.announced ? x : null;
    });
    expect(t).toMatchObject({ endNote: 'too-few-players', round: 0, pairings: [], wakeAt: null });
    // The card: the reason, no buttons.
    await expect.poll(() => card(e).components.length).toBe(0);
    expect(JSON.stringify(card(e).embeds)).toContain('Cancelled: fewer than 3 players signed up.');
    // One note in the channel, pinging the two who signed up.
    const notes = h()
      .fake.messages(h().channel.id)
      .filter((m) => m.content.startsWith('🚫'));
    expect(notes.map((m) => m.content)).toEqual([
      `🚫 **Orion Duel · Swiss** is cancelled: it needs at least 3 players, and 2 players signed up. Players: <@${e.players[0].id}> and <@${e.players[1].id}>.`,
    ]);
    expect(pings(notes[0].content)).toEqual(e.players.map((p) => p.id).sort());
    // Later sweeps and clicks change nothing.
    base.clk.advance(60 * 60_000);
    expect(await sweepTournaments(h().bot.ctx)).toBe(0);
    expect(
      h()
        .fake.messages(h().channel.id)
        .filter((m) => m.content.startsWith('🚫')),
    ).toHaveLength(1);
    expect(h().fake.threads(h().channel.id)).toEqual([]);
  }, 60_000);

  it('a member of the role an admin names in /settings tournaments creates and starts an event; other members are refused', async () => {
    const base = await setup(3);
    const role = h().fake.addRole(h().guild.id, { name: 'Event crew' });
    const rita = h().fake.addUser({ username: 'rita', globalName: 'Rita', roles: [role] });
    const nora = h().fake.addUser({ username: 'nora', globalName: 'Nora' });
    const refusedBefore = await create(rita, { game: 'orion', format: 'swiss' });
    expect(isEphemeral(refusedBefore)).toBe(true);
    expect(refusedBefore.callback.data.content).toMatch(
      /Only members with the Manage Server permission, or with the role/,
    );

    const set = await h()
      .fake.slash(base.organiser, h().channel.id, 'settings', [
        { name: 'tournaments', type: 1, options: [{ name: 'role', type: 8, value: role.id }] },
      ])
      .done();
    expect(set.callback.data.content).toMatch(/Members of Event crew may now create tournaments \(and Manage Server\)/);
    expect(set.callback.data.content).toMatch(
      /\*\*Tournaments\*\* may be created by: Manage Server and the role Event crew/,
    );
    // The role is a setting of the server only: a member of it may not change it.
    const notAdmin = await h()
      .fake.slash(rita, h().channel.id, 'settings', [{ name: 'tournaments', type: 1, options: [] }])
      .done();
    expect(isEphemeral(notAdmin)).toBe(true);
    expect((await h().store.settings.get(h().guild.id))?.tournamentRole).toBe(role.id);

    const e = await createEvent(base, { format: 'swiss', name: 'Crew Cup' }, rita);
    expect((await get(e)).organiser.id).toBe(rita.id);
    expect(JSON.stringify(card(e).embeds)).toContain(`Organiser: <@${rita.id}>`);
    const no = await create(nora, { game: 'orion', format: 'swiss' });
    expect(isEphemeral(no)).toBe(true);
    expect(no.callback.data.content).toMatch(/Only members with the Manage Server permission, or with the role/);
    // Rita runs her event: Start is hers (she has no Manage Server).
    for (const p of e.players) await clickCard(e, p, 'Join');
    const notHers = await h()
      .fake.click(nora, e.cardId, findButton(card(e), 'Start'))
      .done();
    expect(notHers.callback.data.content).toMatch(/Only the organiser/);
    await clickCard(e, rita, 'Start');
    expect(await openRound(e, 1)).toHaveLength(1);
    // Without the role any more, she may not create another.
    h().fake.setRoles(h().guild.id, rita, []);
    const gone = await create(rita, { game: 'orion', format: 'swiss' });
    expect(isEphemeral(gone)).toBe(true);
  }, 60_000);

  it('an Exxit event with `tiles`: the card names the setup and every game is played on it; an Orion option is refused', async () => {
    const base = await setup(4);
    const wrong = await create(base.organiser, { game: 'exxit', format: 'swiss', layout: 'preset1' });
    expect(isEphemeral(wrong)).toBe(true);
    expect(wrong.callback.data.content).toMatch(/layout.* is not an option of Exxit/);
    const e = await createEvent(base, { game: 'exxit', layout: undefined, format: 'round-robin', tiles: 19 });
    const t0 = await get(e);
    expect(t0.game).toBe('exxit');
    expect(getGame('exxit').describeSetup(t0.setup).params?.tiles).toBe(19);
    expect(JSON.stringify(card(e).embeds)).toContain('19 tiles');
    for (const p of e.players) await clickCard(e, p, 'Join');
    await clickCard(e, e.organiser, 'Start');
    const games = await openRound(e, 1);
    expect(games).toHaveLength(2);
    for (const { rec } of games) {
      expect(rec.game).toBe('exxit');
      expect(rec.setup).toBe(t0.setup);
      expect(rec.id).toBe(
        pairingGameId(e.id, 1, roundPairings(await get(e)).find((p) => p.first === rec.players[0].id)!.board),
      );
    }
  }, 60_000);
});

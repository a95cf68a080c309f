// How other commands find tournaments (src/match/tournament-lookups.ts), at the
// match layer against real Redis: /tournament standings shows the event asked
// for (this server's only), else the event of the pairing whose thread it is
// asked in, else the channel's newest, else the server's; /stats lists the
// events a player won in this server, newest first, passing over a damaged one.
import { describe, expect, it } from 'vitest';
import {
  createTournament,
  findTournament,
  pairingGameId,
  tournamentWins,
  type TournamentInput,
} from '../../src/match/index.js';
import type { StoredTournament } from '../../src/model/index.js';
import { createGame, harness, HOUR, refusalOf, tournamentInput, useMatchStore } from './harness.js';

const T = Date.now();
// The store's clock, strictly increasing: events made one after the other are older and newer even within one
// millisecond (with Date.now, A and B could tie, and the index would order them by their random ids).
let last = 0;
const m = useMatchStore('tournament-lookups', () => (last = Math.max(Date.now(), last + 1)));

/** A server with events A and B in channel c1 (B the newer), C in channel c2, and D in another server. */
async function servers(): Promise<{
  guild: string;
  A: StoredTournament;
  B: StoredTournament;
  C: StoredTournament;
  D: StoredTournament;
}> {
  const h = harness(() => T);
  const base = tournamentInput();
  const make = (over: Partial<TournamentInput>) => createTournament(h.ctx, { ...base, ...over });
  const A = await make({ name: 'A' });
  const B = await make({ name: 'B' });
  const C = await make({ name: 'C', channelId: `${base.channelId}x` });
  const D = await make({ name: 'D', guildId: `${base.guildId}x` });
  return { guild: base.guildId, A, B, C, D };
}

describe('/tournament standings: which event', () => {
  it('the one asked for, of this server only; else the channel’s newest; else the server’s newest', async () => {
    const { ctx } = harness(() => T);
    const { guild, A, B, C, D } = await servers();
    expect((await findTournament(ctx, guild, 'elsewhere', A.id)).id).toBe(A.id);
    expect((await findTournament(ctx, guild, A.channelId, C.id)).id).toBe(C.id);
    expect(await refusalOf(findTournament(ctx, guild, A.channelId, D.id))).toEqual({ key: 'tournament.gone' });
    expect(await refusalOf(findTournament(ctx, guild, A.channelId, 'zzzzzzzzzz'))).toEqual({ key: 'tournament.gone' });

    expect((await findTournament(ctx, guild, A.channelId, null)).id).toBe(B.id);
    expect((await findTournament(ctx, guild, C.channelId, null)).id).toBe(C.id);
    const newest = (await m.store.tournaments.listByGuild(guild, 1))[0];
    expect((await findTournament(ctx, guild, 'elsewhere', null)).id).toBe(newest.id);
    expect(await refusalOf(findTournament(ctx, 'nothinghere', 'c', null))).toEqual({ key: 'tournament.noneHere' });
  });

  it("in a pairing's thread, that pairing's event; a damaged game there only loses the hint", async () => {
    const { ctx } = harness(() => T);
    const { guild, A } = await servers();
    const thread = `th${A.id}`;
    await createGame(T + HOUR, { id: pairingGameId(A.id, 1, 1), channelId: thread, guildId: guild });
    expect((await findTournament(ctx, guild, thread, null)).id).toBe(A.id);
    // A game that is no pairing: the server's newest.
    const plain = await createGame(T + HOUR, { guildId: guild });
    expect((await findTournament(ctx, guild, plain.channelId, null)).guildId).toBe(guild);

    await m.store.redis.hset(`${m.prefix}game:{${pairingGameId(A.id, 1, 1)}}`, 'state', '{broken');
    const t = await findTournament(ctx, guild, thread, null);
    expect(t.id).not.toBe(A.id);
    expect(t.id).toBe((await m.store.tournaments.listByGuild(guild, 1))[0].id);
  });
});

describe('/stats: events won', () => {
  it("this server's, newest first, at most the limit; a damaged one passed over with a log line", async () => {
    const h = harness(() => T);
    const { guild, A, B, C, D } = await servers();
    const u = `u${T}`;
    await m.store.tournaments.addWin(u, A.id, 1);
    await m.store.tournaments.addWin(u, B.id, 3);
    await m.store.tournaments.addWin(u, C.id, 2);
    await m.store.tournaments.addWin(u, D.id, 4);
    expect((await tournamentWins(h.ctx, u, guild)).map((t) => t.name)).toEqual(['B', 'C', 'A']);
    expect((await tournamentWins(h.ctx, u, guild, 2)).map((t) => t.name)).toEqual(['B', 'C']);
    expect(await tournamentWins(h.ctx, 'nobody', guild)).toEqual([]);

    await m.store.redis.hset(`${m.prefix}tournament:{${C.id}}`, 'data', '{broken');
    expect((await tournamentWins(h.ctx, u, guild)).map((t) => t.name)).toEqual(['B', 'A']);
    expect(h.logs.filter((l) => l.level === 40).map((l) => l.msg)).toEqual([
      'unreadable tournament skipped in a player’s wins',
    ]);
  });
});

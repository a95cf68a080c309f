// "Around the matches" through the real bot: /leaderboard (order, provisional
// players kept off and named, server vs global scope), /stats (with and
// without games, recent games linked to their threads), /games (active games
// only, with links and whose turn it is).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildScope } from '../../src/model/index.js';
import { newId } from '../../src/store/index.js';
import { getGame } from '../../src/engine/index.js';
import { createHarness, findButton, isEphemeral, type Harness } from './harness.js';

let h: Harness;
const url = (channelId: string) => `https://discord.com/channels/${h.guild.id}/${channelId}`;
const embedOf = (r: { original?: { embeds: unknown[] } }) => r.original!.embeds[0] as any;
const refusal = async (p: Promise<{ callback: { data?: any } }>) => {
  const r = await p;
  expect(isEphemeral(r)).toBe(true);
  return r.callback.data.content as string;
};

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(h.fake.violations).toEqual([]);
  expect(h.fake.unknownRoutes).toEqual([]);
  expect(h.fake.warnings).toEqual([]);
  await h.close();
});

/** A rated game through the bot: challenger moves first, `loser` resigns at once. */
async function ratedGame(challenger = h.alice, opponent = h.carol, loser = opponent) {
  const { channelId } = await h.startGame('exxit', challenger, opponent, { rated: true, tiles: 19 });
  const res = await h.slash(loser, channelId, 'resign').done();
  expect(isEphemeral(res)).toBe(false);
  return { channelId, final: res.original! };
}

describe('/leaderboard', () => {
  it('an empty board gets a friendly message; bad options are refused', async () => {
    const empty = await h.slash(h.alice, h.channel.id, 'leaderboard', { game: 'orion' }).done();
    expect(isEphemeral(empty)).toBe(false);
    expect(empty.original!.content).toMatch(/Nobody has played a rated game of Orion Duel in this server yet/);
    expect(await refusal(h.slash(h.alice, h.channel.id, 'leaderboard', { game: 'chess' }).done())).toMatch(
      /`chess` is not a valid `game`/,
    );
    expect(
      await refusal(h.slash(h.alice, h.channel.id, 'leaderboard', { game: 'exxit', scope: 'mars' }).done()),
    ).toMatch(/not a valid `scope`/);
    expect(await refusal(h.slash(h.alice, h.channel.id, 'leaderboard', { game: 7 as never }).done())).toMatch(
      /wrong type/,
    );
  });

  it('ranks established players best first, names provisional ones apart, per server and globally', async () => {
    // Established players (Glicko-2 needs ~16 games to bring the deviation under 110):
    // in this server Alice beats Bob 2 games in 3; elsewhere Dave beats Erin 3 games in 4.
    const dave = '900000000000000001';
    const erin = '900000000000000002';
    for (let k = 0; k < 20; k++) {
      await h.store.ratings.applyResult('exxit', newId(), h.guild.id, [h.alice.id, h.bob.id], {
        winner: k % 3 === 2 ? 1 : 0,
        draw: false,
      });
      await h.store.ratings.applyResult('exxit', newId(), 'other-guild', [dave, erin], {
        winner: k % 4 === 3 ? 1 : 0,
        draw: false,
      });
    }
    // A couple of rated games through the bot: Carol is new here (provisional in this server and globally).
    const first = await ratedGame(h.alice, h.carol, h.carol);
    await ratedGame(h.carol, h.bob, h.bob);
    // The final message shows the game id /replay takes.
    const gameId = (await h.game(first.channelId)).id;
    expect(first.final.content).toContain(`/replay game:${gameId}`);

    const server = await h.slash(h.bob, h.channel.id, 'leaderboard', { game: 'exxit' }).done();
    expect(isEphemeral(server)).toBe(false);
    const e = embedOf(server);
    expect(e.title).toBe('Exxit leaderboard · Hex Club');
    const rows = (e.description as string).split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      new RegExp(`^\\*\\*1\\.\\*\\* <@${h.alice.id}> · \\*\\*\\d+ ± \\d+\\*\\* · 21 games · 15W 0D 6L$`),
    );
    expect(rows[1]).toMatch(
      new RegExp(`^\\*\\*2\\.\\*\\* <@${h.bob.id}> · \\*\\*\\d+ ± \\d+\\*\\* · 21 games · 6W 0D 15L$`),
    );
    const prov = e.fields.find((f: any) => f.name === 'Provisional (not ranked yet)');
    expect(prov.value).toMatch(new RegExp(`^<@${h.carol.id}> \\d+\\? ± \\d+ \\(2 games\\)$`));
    expect(e.footer.text).toMatch(
      /2 ranked players · 1 provisional player \(fewer than 5 rated games or a deviation above ±110\)/,
    );
    expect(JSON.stringify(e)).not.toContain(dave);

    const global = await h.slash(h.bob, h.channel.id, 'leaderboard', { game: 'exxit', scope: 'global' }).done();
    const g = embedOf(global);
    expect(g.title).toBe('Exxit leaderboard · all servers');
    // Global: names for the users the bot can look up (Alice, Bob), mentions for the others.
    const byName: Record<string, string> = { Alice: h.alice.id, Bob: h.bob.id };
    const order = (g.description as string).split('\n').map((line) => {
      const m = /^\*\*\d\.\*\* (?:\*\*(\w+)\*\*|<@(\d+)>) · /.exec(line);
      expect(m, line).not.toBeNull();
      return m![1] ? byName[m![1]] : m![2];
    });
    expect([...order].sort()).toEqual([dave, erin, h.alice.id, h.bob.id].sort());
    const rating = async (u: string) => (await h.store.ratings.get('exxit', u, 'global')).rating;
    const ratings = await Promise.all(order.map(rating));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(order.indexOf(dave)).toBeLessThan(order.indexOf(erin));
    expect(order.indexOf(h.alice.id)).toBeLessThan(order.indexOf(h.bob.id));
    expect(g.footer.text).toMatch(/4 ranked players · 1 provisional player/);
    // Consistent with the store.
    const top = await h.store.ratings.top('exxit', guildScope(h.guild.id), 10, { minGames: 5, maxRd: 110 });
    expect(top.map((x) => x.userId)).toEqual([h.alice.id, h.bob.id]);
  });

  it('after a first rated game everyone is provisional: nobody ranked yet, both named as provisional', async () => {
    // The empty Orion board was counted in the first test; the new game must show anyway.
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { rated: true, layout: 'preset1' });
    expect(isEphemeral(await h.slash(h.bob, channelId, 'resign').done())).toBe(false);
    const e = embedOf(await h.slash(h.carol, h.channel.id, 'leaderboard', { game: 'orion' }).done());
    expect(e.description).toMatch(
      /^Nobody is ranked yet: a player needs at least 5 rated games and a deviation of at most ±110/,
    );
    const prov = (e.fields[0].value as string).split('\n');
    expect(prov).toHaveLength(2);
    expect(prov[0]).toMatch(new RegExp(`^<@${h.alice.id}> \\d+\\? ± \\d+ \\(1 game\\)$`));
    expect(prov[1]).toMatch(new RegExp(`^<@${h.bob.id}> \\d+\\? ± \\d+ \\(1 game\\)$`));
    expect(e.footer.text).toMatch(/0 ranked players · 2 provisional players/);
  });
});

describe('/stats and /games', () => {
  it('/stats of a player with games: ratings, ranks, record, streak, recent games linked to their threads', async () => {
    // Carol (from the test above): 1 loss to Alice, then 1 win over Bob; plus a casual game still running.
    const running = await h.startGame('exxit', h.carol, h.alice, { tiles: 19 });
    const res = await h.slash(h.alice, h.channel.id, 'stats', { user: h.carol }).done();
    expect(isEphemeral(res)).toBe(false);
    const e = embedOf(res);
    expect(e.title).toBe('Stats · Carol');
    const exxit = e.fields.find((f: any) => f.name === 'Exxit').value as string;
    expect(exxit).toMatch(/\*\*This server:\*\* \d+\? ± \d+ · provisional · 2 games · 1W 0D 1L/);
    expect(exxit).toMatch(/\*\*Global:\*\* \d+\? ± \d+ · provisional · 2 games · 1W 0D 1L/);
    expect(exxit).toContain('**Streak:** 1 win');
    expect(e.fields.find((f: any) => f.name === 'Orion Duel').value).toContain('no rated games');
    const recent = (e.fields.find((f: any) => f.name === 'Recent games in this server').value as string).split('\n');
    expect(recent).toHaveLength(3);
    expect(recent[0]).toContain(`[Exxit](${url(running.channelId)}) · in progress vs Alice (move 0) · casual`);
    expect(recent[1]).toMatch(/won vs Bob · rated/);
    expect(recent[2]).toMatch(/lost vs Alice · rated/);
    for (const line of recent) expect(line).toMatch(/\[Exxit\]\(https:\/\/discord\.com\/channels\/\d+\/\d+\)/);

    // An established player has leaderboard positions in both scopes.
    const alice = embedOf(await h.slash(h.alice, h.channel.id, 'stats', { game: 'exxit' }).done());
    expect(alice.fields.map((f: any) => f.name)).toEqual(['Exxit', 'Recent games in this server']);
    expect(alice.fields[0].value).toMatch(/\*\*This server:\*\* \d+ ± \d+ · #1 · 21 games · 15W 0D 6L/);
    const globalRank = await h.store.ratings.rank('exxit', h.alice.id, 'global', { minGames: 5, maxRd: 110 });
    expect(globalRank).not.toBeNull();
    expect(alice.fields[0].value).toMatch(new RegExp(`\\*\\*Global:\\*\\* \\d+ ± \\d+ · #${globalRank} · 21 games`));
  });

  it('/stats of a player without games, and of a bot, and a bad option', async () => {
    const newcomer = h.fake.addUser({ username: 'dan', globalName: 'Dan' });
    const res = await h.slash(newcomer, h.channel.id, 'stats', { game: 'orion' }).done();
    const e = embedOf(res);
    expect(e.description).toContain('No rated Orion Duel games yet.');
    expect(e.fields.map((f: any) => [f.name, f.value])).toEqual([
      ['Orion Duel', '**This server:** no rated games\n**Global:** no rated games'],
      ['Recent games in this server', 'None yet. Play one with `/challenge` or `/play-bot`.'],
    ]);
    const robot = h.fake.addUser({ username: 'robo', globalName: 'Robo' });
    robot.bot = true;
    expect(await refusal(h.slash(h.alice, h.channel.id, 'stats', { user: robot }).done())).toMatch(
      /bots have no ratings/i,
    );
    expect(await refusal(h.slash(h.alice, h.channel.id, 'stats', { game: 'go' }).done())).toMatch(/not a valid `game`/);
  });

  it('/games lists the active games only, with thread links, move and whose turn', async () => {
    // Active now: the casual Carol–Alice game above, and one more after a move; every rated one is over.
    const second = await h.startGame('orion', h.bob, h.alice, { layout: 'preset1' });
    expect(isEphemeral(await h.move(h.bob, second.channelId, 'V3 F8 NW R'))).toBe(false);
    const res = await h.slash(h.carol, h.channel.id, 'games').done();
    expect(isEphemeral(res)).toBe(false);
    const e = embedOf(res);
    expect(e.title).toBe('Games in progress');
    const lines = (e.description as string).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^\\[Orion Duel · Bob vs Alice\\]\\(${url(second.channelId)}\\) · move 1 · Alice to move \\(Blue\\) · casual · started <t:\\d+:R>$`,
      ),
    );
    expect(lines[1]).toMatch(
      /^\[Exxit · Carol vs Alice\]\(https:\/\/discord\.com\/channels\/\d+\/\d+\) · move 0 · Carol to move \(Red\)/,
    );
    const active = await h.store.gameIndex.listActive(h.guild.id);
    expect(active).toHaveLength(2);
    for (const g of active) expect(e.description).toContain(url(g.channelId));
  });

  it('a damaged rating record: /stats says so for that scope, the leaderboard leaves it off', async () => {
    await h.store.redis.hset(`${h.prefix}ratings:{ratings:exxit}:player:global:${h.bob.id}`, 'data', '{not json');
    const e = embedOf(await h.slash(h.bob, h.channel.id, 'stats', { game: 'exxit' }).done());
    expect(e.fields[0].value).toMatch(/\*\*This server:\*\* \d+ ± \d+ · #2 · 21 games · 6W 0D 15L/);
    expect(e.fields[0].value).toContain('**Global:** rating record unreadable');
    expect(e.fields[0].value).toContain('**Streak:** 3 losses in a row');
    const g = embedOf(await h.slash(h.bob, h.channel.id, 'leaderboard', { game: 'exxit', scope: 'global' }).done());
    expect(g.description).not.toContain('**Bob**');
    expect(g.description).toContain('**Alice**');
  });

  it('/games with nothing running says so', async () => {
    const other = h.fake.addGuild({ name: 'Quiet' });
    const ch = h.fake.addChannel(other.id, { name: 'lobby' });
    const zed = h.fake.addUser({ username: 'zed', globalName: 'Zed', guildId: other.id });
    await new Promise((r) => setTimeout(r, 100)); // GUILD_CREATE reaches the bot
    const res = await h.slash(zed, ch.id, 'games').done();
    expect(res.original!.content).toMatch(/No games are being played in this server right now/);
  });

  it('/games pages through many games with Newer / Older buttons', async () => {
    // 17 more games straight in the store (the 2 from above make 19): pages of 15 and 4.
    const exxit = getGame('exxit');
    const init = exxit.initial('short');
    if (!init.ok) throw new Error('setup');
    for (let k = 0; k < 17; k++) {
      const r = await h.store.games.create({
        game: 'exxit',
        setup: 'short',
        guildId: h.guild.id,
        channelId: `8${String(k).padStart(17, '0')}`,
        players: [
          { id: h.alice.id, name: `P${k}` },
          { id: h.carol.id, name: 'Carol' },
        ],
        rated: false,
        state: init.value,
        clock: null,
      });
      expect(r.ok).toBe(true);
    }
    const first = await h.slash(h.bob, h.channel.id, 'games').done();
    const msg = first.original!;
    expect(((msg.embeds[0] as any).description as string).split('\n')).toHaveLength(15);
    expect((msg.embeds[0] as any).footer.text).toBe('Page 1 · games 1–15, newest first · Open a thread to watch.');
    const row = (msg.components as any[])[0].components;
    expect(row.map((b: any) => [b.label, b.disabled ?? false])).toEqual([
      ['Newer', true],
      ['Older', false],
    ]);
    const older = await h.fake.click(h.carol, msg.id, findButton(msg, 'Older')).done();
    expect(older.callback.type).toBe(7);
    const page2 = h.fake.messages(h.channel.id).find((m) => m.id === msg.id)!;
    expect(((page2.embeds[0] as any).description as string).split('\n')).toHaveLength(4);
    expect((page2.embeds[0] as any).footer.text).toBe('Page 2 · games 16–19, newest first · Open a thread to watch.');
    expect((page2.embeds[0] as any).description).toContain('Carol to move (Red)'); // the oldest: Carol vs Alice
    await h.fake.click(h.alice, msg.id, findButton(page2, 'Newer')).done();
    const back = h.fake.messages(h.channel.id).find((m) => m.id === msg.id)!;
    expect(((back.embeds[0] as any).description as string).split('\n')).toHaveLength(15);
    // A forged page beyond the list is refused without touching the message.
    expect(isEphemeral(await h.fake.click(h.alice, msg.id, 'hx1:l:g:50').done())).toBe(true);
  });
});

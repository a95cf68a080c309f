// Names people chose never ping and never render: players called `@everyone`,
// `<@id>`, `**x**`, `-# x`, a masked link, a bidi override or nothing visible
// challenge each other, play, offer a draw, finish, ask for a rematch, run a
// tournament; every payload the bot sent is read back from the fake Discord:
// no mention, markdown or link from a name, thread names within Discord's
// limits, and pings only to the users a post means to ping.
import { describe, expect, it } from 'vitest';
import type { FakeUser, RestRequestLog } from '../support/fake-discord/index.js';
import {
  checkAndCloseAfterEach,
  createHarness,
  findButton,
  isEphemeral,
  toOptions,
  waitFor,
  type Harness,
  MANAGE_GUILD,
} from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

/** Display names Discord lets people pick (32 characters at most), each trying something. */
const NAMES = {
  everyone: '@everyone **won**',
  mention: '<@111111111111111111> -# hi',
  link: '[free nitro](https://evil.example)',
  quote: '> # ||gone|| `x`',
  rtl: '\u202eniw bob\u202c',
  blank: '\u200b\u3164\u200b',
};

/** Text from a name that must never reach a post as it was typed. */
const FORBIDDEN: RegExp[] = [
  /@everyone/,
  /@here/,
  /<@1111/,
  /(^|\n)-# hi/,
  /(?<!\\)\*\*won/,
  /(?<!\\)\[free nitro(?<!\\)\]/,
  /https:\/\/evil/,
  /(?<!\\)\|\|gone/,
  /(^|\n)> #/,
  /(?<!\\)`x(?<!\\)`/,
  /\u202e/,
];

/** Every text of a message payload a reader sees: content, embed texts, thread names, select options, button labels. */
function texts(body: any): string[] {
  if (!body || typeof body !== 'object') return [];
  const data = body.data && typeof body.type === 'number' ? body.data : body;
  const out: string[] = [];
  if (typeof data.content === 'string') out.push(data.content);
  if (typeof data.name === 'string') out.push(data.name);
  for (const e of data.embeds ?? []) {
    out.push(e.title ?? '', e.description ?? '', e.footer?.text ?? '', e.author?.name ?? '');
    for (const f of e.fields ?? []) out.push(f.name ?? '', f.value ?? '');
  }
  for (const row of data.components ?? [])
    for (const c of row.components ?? [])
      out.push(
        c.label ?? '',
        c.placeholder ?? '',
        ...(c.options ?? []).flatMap((o: any) => [o.label ?? '', o.description ?? '']),
      );
  return out.filter(Boolean);
}

/** Payloads that post or edit a message (channel messages, interaction answers, webhooks). */
const isMessageWrite = (r: RestRequestLog): boolean =>
  (r.method === 'POST' || r.method === 'PATCH') &&
  /\/messages|\/callback|\/webhooks\//.test(r.route) &&
  !!r.body &&
  (r.body as any).type !== 8 &&
  (r.body as any).type !== 6 &&
  (r.body as any).type !== 5;

/** Checks every payload since `from`: no name text as typed, pings only to `mayPing`. */
function checkPayloads(from: number, mayPing: Set<string>): number {
  let checked = 0;
  for (const r of h!.fake.requests.slice(from)) {
    if (r.route.includes('/threads') && r.method === 'POST') {
      const name = (r.body as any).name as string;
      expect(name.length).toBeGreaterThan(0);
      expect(name.length).toBeLessThanOrEqual(100);
      // Thread names show no markdown; they must carry no mention, link or bidi override.
      expect(name).not.toMatch(/@everyone|@here|<[@#:/a-z]|:\/\/|[\u202a-\u202e\u2066-\u2069]/);
      checked++;
      continue;
    }
    if (!isMessageWrite(r)) continue;
    const body = r.body as any;
    const data = body.data && typeof body.type === 'number' ? body.data : body;
    for (const t of texts(body))
      for (const bad of FORBIDDEN) expect(t, `${r.method} ${r.route}: ${t}`).not.toMatch(bad);
    // Allowed mentions: always set (the client's default or the post's own), never everyone or roles, users only those
    // meant.
    const am = data.allowed_mentions;
    expect(am, `${r.method} ${r.route} without allowed_mentions`).toBeTruthy();
    expect(am.parse ?? []).toEqual([]);
    expect(am.roles ?? []).toEqual([]);
    for (const u of am.users ?? []) {
      expect(mayPing.has(u), `${r.route} pings ${u}`).toBe(true);
      // A ping is meant when the post names that user.
      expect(data.content ?? '', `${r.route} pings ${u} without naming them`).toContain(`<@${u}>`);
    }
    checked++;
  }
  return checked;
}

const user = (name: string, globalName: string, permissions?: bigint): FakeUser =>
  h!.fake.addUser({ username: name, globalName, permissions });

describe('hostile display names', () => {
  it('a challenge, a game, a draw offer, a result and a rematch: no name renders, pings only the players meant', async () => {
    h = await createHarness();
    const a = user('eve', NAMES.everyone);
    const b = user('mal', NAMES.mention);
    const c = user('lin', NAMES.link);
    const from = h.fake.requests.length;
    // A challenge to a named opponent, accepted: the card, the thread, the first board.
    const card = (
      await h.slash(a, h.channel.id, 'challenge', { game: 'exxit', opponent: b, first: 'me', rated: true }).done()
    ).original!;
    await h.fake.click(b, card.id, findButton(card, 'Accept')).done();
    const rec = await waitFor(async () =>
      (await h!.store.gameIndex.listByUser(a.id, 1)).find((g) => g.status === 'active'),
    );
    const thread = h.fake.channel(rec.channelId)!;
    expect(thread.name).toBe('Exxit · @\u200beveryone **won** vs <\u200b@111111111111111111> -# hi');
    await h.fake.waitForMessage(rec.channelId, (m) => m.attachments.length > 0);
    // Moves, a refusal quoting hostile text, a spectator, a draw offer declined, then a resignation and a rematch.
    await h.move(a, rec.channelId, 'P A');
    const refused = await h.move(b, rec.channelId, '<@111111111111111111> **x** @everyone');
    expect(isEphemeral(refused)).toBe(true);
    expect(refused.callback.data.content).toContain('"<\u200b@111111111111111111> \\*\\*x\\*\\* @\u200beveryone"');
    await h.move(b, rec.channelId, 'P B');
    expect(isEphemeral(await h.move(c, rec.channelId, 'D A E'))).toBe(true);
    const offer = (await h.slash(a, rec.channelId, 'draw').done()).original!;
    await h.fake.click(b, offer.id, findButton(offer, 'Decline')).done();
    await h.slash(b, rec.channelId, 'board').done();
    const final = (await h.slash(b, rec.channelId, 'resign').done()).original!;
    expect(final.content).toContain('<\u200b@111111111111111111> -# hi');
    await h.fake.click(b, final.id, findButton(final, 'Rematch')).done();
    // An open challenge by someone named with a masked link, the lists and the stats that name people.
    await h.slash(c, h.channel.id, 'challenge', { game: 'orion' }).done();
    await h.slash(a, h.channel.id, 'games').done();
    await h.slash(c, h.channel.id, 'stats', { user: b }).done();
    const replay = await h.slash(a, h.channel.id, 'replay', { game: rec.id }).done();
    expect(isEphemeral(replay), replay.callback.data?.content).toBe(false);
    const board = await h.slash(a, h.channel.id, 'leaderboard', { game: 'exxit', scope: 'global' }).done();
    // The global board names people (mentions would not resolve across servers): escaped, in bold.
    expect(JSON.stringify(board.original?.embeds)).toContain('@\u200beveryone \\\\*\\\\*won\\\\*\\\\*');
    const checked = checkPayloads(from, new Set([a.id, b.id]));
    expect(checked).toBeGreaterThan(15);
  }, 60_000);

  it('a tournament named and joined by hostile names: card, standings and pairing threads', async () => {
    h = await createHarness();
    const org = user('org', NAMES.quote, MANAGE_GUILD);
    const players = [
      user('p1', NAMES.everyone),
      user('p2', NAMES.rtl),
      user('p3', NAMES.blank),
      user('p4', NAMES.mention),
    ];
    const from = h.fake.requests.length;
    const res = await h.fake
      .slash(org, h.channel.id, 'tournament', [
        {
          name: 'create',
          type: 1,
          options: toOptions({
            game: 'orion',
            layout: 'preset1',
            format: 'round-robin',
            name: '@here **Cup** <t:1:R>',
            clock: 1,
            'round-hours': 1,
          }),
        },
      ])
      .done();
    expect(isEphemeral(res), res.callback.data?.content).toBe(false);
    const cardId = res.original!.id;
    for (const p of players) await h.fake.click(p, cardId, findButton(h.fake.message(cardId)!, 'Join')).done();
    await h.fake.click(org, cardId, findButton(h.fake.message(cardId)!, 'Start')).done();
    const t = await waitFor(async () =>
      (await h!.store.tournaments.listByGuild(h!.guild.id, 1)).find(
        (x) => x.status === 'running' && x.pairings.length > 0,
      ),
    );
    await waitFor(
      async () =>
        h!.fake.threads(h!.channel.id).length >= 2 &&
        h!.fake.threads(h!.channel.id).every((th) => h!.fake.messages(th.id).some((m) => m.attachments.length > 0)),
      15_000,
    );
    const threads = h.fake.threads(h.channel.id).map((th) => th.name);
    expect(threads.some((n) => n.includes('?'))).toBe(true);
    expect(threads.some((n) => n.includes('niw bob') && !n.includes('\u202e'))).toBe(true);
    await h.fake
      .slash(players[0], h.channel.id, 'tournament', [{ name: 'standings', type: 1, options: toOptions({ id: t.id }) }])
      .done();
    const card = h.fake.message(cardId)!;
    expect((card.embeds as { title: string }[])[0].title).toContain('@\u200bhere \\*\\*Cup\\*\\* <\u200bt:1:R>');
    const checked = checkPayloads(from, new Set([...players.map((p) => p.id), org.id]));
    expect(checked).toBeGreaterThan(8);
  }, 60_000);
});

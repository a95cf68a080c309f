// Bad input through the real bot changes nothing: hostile /move texts,
// forged and mutated custom ids on buttons and select menus, forged option
// values and hostile autocomplete input. Every answer is one clear private
// reply; the store's keys (interaction claims and cooldowns aside) and every
// public message are as they were. The fake Discord checks each payload.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import type { CommandOption, FakeMessage, FakeUser, SentInteraction } from '../support/fake-discord/index.js';
import {
  checkAndCloseAfterEach,
  createHarness,
  findButton,
  isEphemeral,
  toMove,
  waitFor,
  type Harness,
  MANAGE_GUILD,
} from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const SEED = 20_260_101;

/** Every key of this bot's prefix and its value (DUMP), but the at-most-once interaction claims and the cooldowns. */
async function snapshot(): Promise<Map<string, string>> {
  const redis = h!.store.redis;
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${h!.prefix}*`, 'COUNT', 500);
    keys.push(...found.filter((k) => !/:(interaction|cooldown):\{/.test(k)));
    cursor = next;
  } while (cursor !== '0');
  // One round trip for every value, not one each: the snapshot is taken around every hostile input.
  const pipeline = redis.pipeline();
  for (const k of keys) pipeline.dumpBuffer(k);
  const values = (await pipeline.exec()) ?? [];
  return new Map(keys.map((k, i) => [k, (values[i]?.[1] as Buffer | null)?.toString('hex') ?? 'gone']));
}

/** What everyone sees: the public messages of the server's channel and of every thread. */
function publicView(): string {
  const channels = [h!.channel.id, ...h!.fake.threads().map((t) => t.id)];
  return JSON.stringify(
    channels.map((c) =>
      h!.fake
        .messages(c)
        .map((m) => [m.id, m.content, m.embeds, m.components, m.attachments.length, m.deleted ?? false]),
    ),
  );
}

/**
 * The answer is private and says something: an ephemeral reply (or deferral and follow-up), or a redraw of a private
 * message.
 */
async function privateAnswer(i: SentInteraction, onEphemeral = false): Promise<string> {
  const r = await i.done();
  if (r.callback.type === 7 || r.callback.type === 6) {
    expect(onEphemeral, `an update of a public message: ${JSON.stringify(r.callback.data)}`).toBe(true);
    return String(r.callback.data?.content ?? '');
  }
  const followup = r.followups[0];
  const shown = (m: { content?: string; embeds?: unknown[] } | undefined) =>
    `${m?.content ?? ''}${m?.embeds?.length ? JSON.stringify(m.embeds) : ''}`;
  const content = r.callback.type === 5 ? shown(r.original) || shown(followup) : shown(r.callback.data);
  expect(isEphemeral(r) || (followup && (followup.flags & 64) !== 0), JSON.stringify(r.callback)).toBe(true);
  expect(content.trim().length, JSON.stringify(r.callback)).toBeGreaterThan(0);
  expect(content).not.toMatch(/@everyone|<@!?1111/);
  return content;
}

const CONTROL = [
  '\u0000',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u2028',
  '\u200b',
  '\u202e',
  '\ufeff',
];
const HOSTILE_TEXT = [
  '',
  '   ',
  '@everyone',
  '<@111111111111111111>',
  '**P A**',
  '`P A`',
  '||P A||',
  '# P A',
  '-# P A',
  '> P A',
  '[P A](https://evil.example)',
  'P A'.repeat(40),
  'x'.repeat(5000),
  '😀'.repeat(50),
  'P\u0000A',
  'pass pass',
  'P 9999,9999',
  'D A ZZ',
  'S1 K99',
  'L3 E5,E5,E5',
  '\u202eA P',
];

/**
 * Texts sampled with a fixed seed (random Unicode, control characters, hostile constants) that the engine refuses in
 * `state`.
 */
function hostileMoves(game: string, state: unknown, n: number): string[] {
  const g = getGame(game);
  const arb = fc.oneof(
    fc.constantFrom(...HOSTILE_TEXT),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.string({ unit: fc.constantFrom(...CONTROL, 'P', 'A', ' ', ',', '1', '<', '@'), maxLength: 20 }),
  );
  return [...HOSTILE_TEXT, ...fc.sample(arb, { seed: SEED, numRuns: 4 * n })]
    .filter((t) => !g.parseMove(state, t).ok)
    .slice(0, n);
}

describe('hostile /move text', () => {
  it.each(['exxit', 'orion'] as const)(
    '%s: refused privately, nothing stored or posted changes',
    async (game) => {
      h = await createHarness();
      const { channelId } = await h.startGame(game, h.alice, h.bob, game === 'orion' ? { layout: 'preset1' } : {});
      await h.move(h.alice, channelId, game === 'orion' ? 'S1 K2' : 'P A');
      const rec = await h.game(channelId);
      const mover = toMove(rec) === 0 ? h.alice : h.bob;
      const other = mover === h.alice ? h.bob : h.alice;
      const state = getGame(game).fromJSON(rec.state);
      if (!state.ok) throw new Error('state');
      const before = await snapshot();
      const seen = publicView();
      const texts = hostileMoves(game, state.value, 24);
      for (const [user, list] of [
        [mover, texts],
        [other, texts.slice(0, 4)],
        [h.carol, texts.slice(4, 8)],
      ] as const) {
        for (const t of list)
          await privateAnswer(h.fake.slash(user, channelId, 'move', [{ name: 'text', type: 3, value: t }]));
      }
      // Forged option shapes: a number, a boolean, nothing, another option's name.
      for (const opts of [
        [{ name: 'text', type: 4, value: 3 }],
        [{ name: 'text', type: 5, value: true }],
        [],
        [{ name: 'txt', type: 3, value: 'P A' }],
      ] as CommandOption[][]) {
        await privateAnswer(h.fake.slash(mover, channelId, 'move', opts));
      }
      expect(await snapshot()).toEqual(before);
      expect(publicView()).toBe(seen);
      expect((await h.game(channelId)).version).toBe(rec.version);
    },
    60_000,
  );
});

/** A custom id changed a little: a character, a part, a number; the shapes people forge. */
function mutations(ids: string[], n: number): string[] {
  const char = fc.constantFrom(
    ':',
    '.',
    '0',
    '9',
    'a',
    'z',
    'x',
    's',
    'c',
    'v',
    'o',
    '-',
    '_',
    ' ',
    '\u200b',
    'é',
    '{',
  );
  const edit = fc.record({
    kind: fc.constantFrom('insert', 'delete', 'replace', 'part', 'number', 'pad'),
    at: fc.nat(),
    c: char,
  });
  const arb = fc.tuple(fc.constantFrom(...ids), fc.array(edit, { minLength: 1, maxLength: 2 })).map(([t, edits]) => {
    for (const e of edits) {
      const i = e.at % (t.length + 1);
      const parts = t.split(':');
      const p = e.at % parts.length;
      if (e.kind === 'insert') t = t.slice(0, i) + e.c + t.slice(i);
      else if (e.kind === 'delete') t = t.slice(0, i) + t.slice(i + 1);
      else if (e.kind === 'replace') t = t.slice(0, i) + e.c + t.slice(i + 1);
      else if (e.kind === 'pad') t = (t + e.c.repeat(60)).slice(0, 100);
      else {
        parts[p] =
          e.kind === 'part'
            ? ['', 'g', 'b', 'c', 't', 'l', 'r', 'hx1', 'o', 's3', 'da', 'rm'][e.at % 12]
            : ['0', '1', '999999999', '-1', '01'][e.at % 5];
        t = parts.join(':');
      }
    }
    return t.slice(0, 100) || 'x';
  });
  const random = fc.oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }),
    fc.stringMatching(/^hx[0-9]:[a-z]{1,2}:[a-z0-9]{0,12}(:[a-z0-9.]{0,8}){0,3}$/),
  );
  return fc
    .sample(fc.oneof({ arbitrary: arb, weight: 4 }, { arbitrary: random, weight: 1 }), { seed: SEED, numRuns: n })
    .filter((x) => x.length > 0 && x.length <= 100);
}

const componentIds = (m: FakeMessage): string[] =>
  (m.components as any[]).flatMap((r) => (r.components as any[]).map((c) => c.custom_id as string)).filter(Boolean);

describe('forged custom ids', () => {
  it('on buttons and select menus: refused privately, nothing stored or posted changes', async () => {
    h = await createHarness();
    const dana = h.fake.addUser({ username: 'dana', globalName: 'Dana' });
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    await h.move(h.alice, channelId, 'S1 K2');
    // Bob to move: his board post, Alice's draw offer, Carol's challenge to Alice, Bob's private builder.
    const offer = (await h.slash(h.alice, channelId, 'draw').done()).original!;
    const card = (await h.slash(h.carol, h.channel.id, 'challenge', { game: 'exxit', opponent: h.alice }).done())
      .original!;
    const board = h.fake
      .messages(channelId)
      .filter((m) => m.attachments.length > 0)
      .at(-1)!;
    const opened = await h.fake.click(h.bob, board.id, findButton(board, 'Move')).done();
    const builder = opened.original!;
    expect(isEphemeral(opened)).toBe(true);
    const rec = await h.game(channelId);
    // The ids on the messages, and well-formed ids of every kind aimed at this game, another, or nothing.
    const real = [
      ...[offer, card, board, builder].flatMap(componentIds),
      ...[
        'hx1:l:g:0',
        'hx1:l:g:1',
        'hx1:r:orion:3:o',
        'hx1:r:orion:3:p',
        'hx1:r:orion:3:j',
        'hx1:r:orion:3:s',
        'hx1:r:chess:1:p',
        'hx1:t:nosuchtour:j',
        'hx1:t:nosuchtour:s',
        'hx1:c:nosuchchal:a',
      ],
      ...['da', 'dd', 'rm'].flatMap((a) => [
        `hx1:g:${rec.id}:${rec.version}:${a}`,
        `hx1:g:${rec.id}:${rec.version + 1}:${a}`,
        `hx1:g:nosuchgame:1:${a}`,
      ]),
      ...['o:', 'v:', 'v:V3', 's0:', 's1:V3', 'c:V3.F.F8.NW.R'].flatMap((a) => [
        `hx1:b:${rec.id}:${rec.moves.length}:${a}`,
        `hx1:b:${rec.id}:0:${a}`,
      ]),
    ];
    const before = await snapshot();
    const seen = publicView();
    const version = rec.version;

    // Dana plays in nothing and was challenged by nobody: every id, real or forged, on every public message.
    const forged = mutations(real, 60);
    for (const [k, id] of forged.entries()) {
      const on = [offer, card, board][k % 3];
      await privateAnswer(h.fake.click(dana, on.id, id, k % 4 === 0 ? { values: ['0'] } : {}));
    }
    for (const id of real) for (const on of [offer, card, board]) await privateAnswer(h.fake.click(dana, on.id, id));
    // Bob's own private builder: forged menus and values (a view redraws it; nothing is played without Confirm).
    for (const id of forged.filter((x) => !/^hx1:b:[^:]*:[^:]*:c:/.test(x)).slice(0, 25)) {
      await privateAnswer(
        h.fake.click(h.bob, builder.id, id, { values: ['V3.F8', 'zz'].slice(0, 1 + (id.length % 2)) }),
        true,
      );
    }
    // The builder's own ids on the public board post would redraw that post for everyone: refused.
    for (const id of componentIds(builder)) {
      await privateAnswer(h.fake.click(h.bob, board.id, id, id.includes(':s') ? { values: ['V3'] } : {}));
    }
    expect(await snapshot()).toEqual(before);
    expect(publicView()).toBe(seen);
    expect((await h.game(channelId)).version).toBe(version);
  }, 90_000);

  it('ids forged onto another public message by someone entitled to the action: refused, nothing redrawn, played or answered', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    const board = h.fake
      .messages(channelId)
      .filter((m) => m.attachments.length > 0)
      .at(-1)!;
    const offer = (await h.slash(h.bob, channelId, 'draw').done()).original!;
    const card = (await h.slash(h.carol, h.channel.id, 'challenge', { game: 'orion', opponent: h.alice }).done())
      .original!;
    const rec = await h.game(channelId);
    const challenge = (await h.store.challenges.get(componentIds(card)[0].split(':')[2]))!;
    const before = await snapshot();
    const seen = publicView();
    // Alice, to move: a builder step or Confirm (the path of a legal move) onto the public board post.
    const exxit = getGame('exxit');
    const state = (exxit.fromJSON(rec.state) as { ok: true; value: unknown }).value;
    const path = exxit.movePaths!(state, exxit.legalMoves(state))[0]
      .steps.map((s) => s.code)
      .join('.');
    await privateAnswer(h.fake.click(h.alice, board.id, `hx1:b:${rec.id}:0:c:${path}`));
    await privateAnswer(h.fake.click(h.alice, board.id, `hx1:b:${rec.id}:0:v:`));
    // Alice, offered a draw: Decline onto the board post; Alice, challenged by Carol: Accept onto the board post.
    await privateAnswer(h.fake.click(h.alice, board.id, `hx1:g:${rec.id}:${rec.version}:dd`));
    await privateAnswer(h.fake.click(h.alice, board.id, `hx1:c:${challenge.id}:a`));
    await privateAnswer(h.fake.click(h.alice, offer.id, `hx1:c:${challenge.id}:d`));
    // Anyone: a page of /games onto the board post or the card.
    await privateAnswer(h.fake.click(h.carol, board.id, 'hx1:l:g:0'));
    await privateAnswer(h.fake.click(h.carol, card.id, 'hx1:l:g:1'));
    expect(await snapshot()).toEqual(before);
    expect(publicView()).toBe(seen);
    expect((await h.game(channelId)).moves).toEqual([]);
    expect((await h.store.challenges.get(challenge.id))?.status).toBe('open');
  });
});

/** Option lists a forged payload may carry for a command: its own option names and others, any type, any value. */
function forgedOptions(names: string[], n: number, users: FakeUser[]): CommandOption[][] {
  const value = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '',
      ' ',
      'x'.repeat(300),
      '@everyone',
      '<@111111111111111111>',
      'exxit',
      'orion',
      'chess',
      'swiss',
      'global',
      'server',
      '2026-02-30T10:00Z',
      '99999d',
      'k3j9x0a2bq',
      'preset9',
      'random:1',
      'me',
      'hard',
      '**x**',
    ),
    fc.integer({ min: -5, max: 400 }),
    fc.boolean(),
  );
  const opt = fc.record({ name: fc.constantFrom(...names, 'nope'), type: fc.constantFrom(3, 3, 4, 5, 6, 10), value });
  const arb = fc.array(opt, { minLength: 1, maxLength: 4 }).map((os) =>
    os.map((o) => {
      const v =
        o.type === 6
          ? typeof o.value === 'number' && o.value % 2
            ? users[Math.abs(o.value) % users.length].id
            : '222222222222222222'
          : o.type === 3
            ? String(o.value)
            : o.type === 5
              ? Boolean(o.value)
              : typeof o.value === 'number'
                ? o.value
                : 1.5;
      return { name: o.name, type: o.type, value: v } as CommandOption;
    }),
  );
  return fc.sample(arb, { seed: SEED, numRuns: n });
}

describe('forged option values', () => {
  it('to the commands: refused privately and nothing changes, or a legitimate public answer', async () => {
    h = await createHarness();
    const admin = h.fake.addUser({ username: 'olga', globalName: 'Olga', permissions: MANAGE_GUILD });
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    const game = await h.game(channelId);
    const commands: { name: string; options: string[]; sub?: string; user: FakeUser; where: string }[] = [
      {
        name: 'challenge',
        options: ['game', 'opponent', 'first', 'rated', 'tiles', 'layout', 'clock'],
        user: h.carol,
        where: h.channel.id,
      },
      { name: 'play-bot', options: ['game', 'level', 'tiles', 'layout', 'first'], user: h.carol, where: h.channel.id },
      {
        name: 'tournament',
        sub: 'create',
        options: ['game', 'format', 'name', 'rounds', 'clock', 'round-hours', 'rated', 'starts', 'layout'],
        user: admin,
        where: h.channel.id,
      },
      { name: 'tournament', sub: 'standings', options: ['id'], user: h.carol, where: h.channel.id },
      { name: 'leaderboard', options: ['game', 'scope', 'season'], user: h.carol, where: h.channel.id },
      { name: 'stats', options: ['user', 'game'], user: h.carol, where: h.channel.id },
      { name: 'replay', options: ['game'], user: h.carol, where: h.channel.id },
      { name: 'rules', options: ['game', 'topic'], user: h.carol, where: h.channel.id },
      { name: 'settings', sub: 'clock', options: ['hours'], user: h.carol, where: h.channel.id },
      { name: 'draw', options: ['offer'], user: h.carol, where: channelId },
      { name: 'resign', options: ['confirm'], user: h.carol, where: channelId },
    ];
    let refused = 0;
    let sent = 0;
    for (const c of commands) {
      for (const opts of forgedOptions(c.options, 10, [h.alice, h.bob, h.carol, h.fake.botUser])) {
        const before = await snapshot();
        const seen = publicView();
        const i = h.fake.slash(c.user, c.where, c.name, c.sub ? [{ name: c.sub, type: 1, options: opts }] : opts);
        const r = await i.done();
        sent++;
        const followup = r.followups[0];
        if (
          isEphemeral(r) ||
          (followup && (followup.flags & 64) !== 0) ||
          (r.callback.type === 5 && (r.callback.data?.flags ?? 0) & 64)
        ) {
          refused++;
          await privateAnswer(i);
          expect(await snapshot(), `${c.name} ${JSON.stringify(opts)}`).toEqual(before);
          expect(publicView()).toBe(seen);
        }
      }
    }
    // Most forged payloads are refused (the rest are real requests a player could make).
    expect(refused).toBeGreaterThan(sent / 2);
    expect((await h.game(channelId)).version).toBe(game.version);
  }, 120_000);

  it('autocomplete: any focused text gets at most 25 valid choices and changes nothing', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    const before = await snapshot();
    const typed = [
      ...HOSTILE_TEXT,
      ...fc.sample(fc.string({ unit: 'binary', maxLength: 100 }), { seed: SEED, numRuns: 10 }),
    ];
    const cases: [string, string, CommandOption[]][] = [];
    for (const t of typed) {
      cases.push(['move', channelId, [{ name: 'text', type: 3, value: t, focused: true }]]);
      cases.push(['replay', h.channel.id, [{ name: 'game', type: 3, value: t, focused: true }]]);
      cases.push([
        'rules',
        h.channel.id,
        [
          { name: 'game', type: 3, value: 'orion' },
          { name: 'topic', type: 3, value: t, focused: true },
        ],
      ]);
      cases.push([
        'tournament',
        h.channel.id,
        [{ name: 'create', type: 1, options: [{ name: 'starts', type: 3, value: t, focused: true }] }],
      ]);
      cases.push([
        'tournament',
        h.channel.id,
        [{ name: 'standings', type: 1, options: [{ name: 'id', type: 3, value: t, focused: true }] }],
      ]);
    }
    for (const [name, where, opts] of cases) {
      const r = await h.fake.autocomplete(h.alice, where, name, opts).response();
      expect(r.type).toBe(8);
      expect(r.data.choices.length).toBeLessThanOrEqual(25);
    }
    expect(await snapshot()).toEqual(before);
    await waitFor(async () => h!.fake.unanswered().length === 0);
  }, 60_000);
});

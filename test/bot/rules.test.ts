// /rules and the Why? button through the real bot and the fake Discord:
// every page of both games opens, shows its lesson's words and rule ids and
// the lesson's position drawn as a PNG; Previous / Next / the topic menu
// redraw the private page; Post in the channel makes a public copy whose
// Read button opens the page privately for anyone; forged page ids are
// refused; and a refused move citing EX-13d offers the dance page.
import { describe, expect, it } from 'vitest';
import { lessonsOf } from '../../src/engine/lessons.js';
import { format } from '../../src/i18n/catalogue.js';
import type { FakeMessage, FakeUser } from '../support/fake-discord/index.js';
import { checkAndCloseAfterEach, createHarness, findButton, isEphemeral, toOptions, type Harness } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GAMES = ['exxit', 'orion'] as const;
const TITLE = { exxit: 'Exxit', orion: 'Orion Duel' } as const;

const button = (msg: FakeMessage, label: string): any => {
  for (const row of msg.components as any[]) for (const c of row.components ?? []) if (c.label === label) return c;
  throw new Error(`no "${label}" button: ${JSON.stringify(msg.components)}`);
};
const select = (msg: FakeMessage): any =>
  (msg.components as any[]).flatMap((r) => r.components).find((c) => c.type === 3);

/** Checks that `msg` is the page of `topic`: title, words, rule ids, the picture and its attachment. */
function expectPage(msg: FakeMessage, game: (typeof GAMES)[number], page: number): void {
  const lesson = lessonsOf(game)[page];
  const embed = msg.embeds[0] as any;
  const title = `${TITLE[game]} rules · ${format('en', `rules.${game}.${lesson.topic}.title`)}`;
  expect(embed.title, `${game} ${lesson.topic}`).toBe(title);
  expect(embed.description).toContain(format('en', `rules.${game}.${lesson.topic}.body`).slice(0, 60));
  expect(embed.description).toContain('**In the picture.**');
  for (const id of lesson.rules) expect(embed.description).toContain(`\`${id}\``);
  expect(embed.footer.text).toBe(`Page ${page + 1} of ${lessonsOf(game).length} · a real position, drawn by the bot`);
  const file = `rules-${game}-${lesson.topic}.png`;
  expect(embed.image.url).toBe(`attachment://${file}`);
  expect(msg.attachments.map((a) => a.filename)).toEqual([file]);
  const bytes: Buffer = (msg.attachments[0] as any).bytes;
  expect(bytes.subarray(0, 8).equals(PNG)).toBe(true);
  expect(bytes.length).toBeGreaterThan(10_000);
  expect(msg.attachments[0].description).toMatch(new RegExp(`^${TITLE[game]}: the position of the lesson “`));
}

async function openRules(user: FakeUser, game: string, topic?: string) {
  const r = await h!.slash(user, h!.channel.id, 'rules', { game, topic }).done();
  expect(isEphemeral(r), JSON.stringify(r.callback.data)).toBe(true);
  return r;
}

describe('/rules', () => {
  it('opens every page of both games in reading order, and turns them with Next, Previous and the topic menu', async () => {
    h = await createHarness();
    for (const game of GAMES) {
      const lessons = lessonsOf(game);
      const first = await openRules(h.alice, game);
      let msg = first.original!;
      expectPage(msg, game, 0);
      expect(button(msg, 'Previous').disabled).toBe(true);
      // The menu lists every topic, in order, the current one chosen.
      const menu = select(msg);
      expect(menu.options.map((o: any) => o.value)).toEqual(lessons.map((_, k) => String(k)));
      expect(menu.options[0].default).toBe(true);
      expect(menu.options[0].label).toBe(`1. ${format('en', `rules.${game}.${lessons[0].topic}.name`)}`);
      for (let page = 1; page < lessons.length; page++) {
        const next = await h.fake.click(h.alice, msg.id, button(msg, 'Next').custom_id).done();
        expect(next.callback.type).toBe(7); // the private page is redrawn in place
        msg = h.fake.message(msg.id)!;
        expectPage(msg, game, page);
      }
      expect(button(msg, 'Next').disabled).toBe(true);
      const back = await h.fake.click(h.alice, msg.id, button(msg, 'Previous').custom_id).done();
      expect(back.callback.type).toBe(7);
      expectPage(h.fake.message(msg.id)!, game, lessons.length - 2);
      // The menu jumps to any topic.
      msg = h.fake.message(msg.id)!;
      const jump = await h.fake.click(h.alice, msg.id, select(msg).custom_id, { values: ['2'] }).done();
      expect(jump.callback.type).toBe(7);
      expectPage(h.fake.message(msg.id)!, game, 2);
      expect(select(h.fake.message(msg.id)!).options[2].default).toBe(true);
    }
  });

  it('starts at a topic given by name, id or rule id, and refuses an unknown one', async () => {
    h = await createHarness();
    const dance = lessonsOf('exxit').findIndex((l) => l.topic === 'dance');
    expectPage((await openRules(h.alice, 'exxit', 'dance')).original!, 'exxit', dance);
    expectPage((await openRules(h.alice, 'exxit', 'Dance')).original!, 'exxit', dance);
    expectPage((await openRules(h.alice, 'exxit', 'ex-13D')).original!, 'exxit', dance);
    const blocking = lessonsOf('orion').findIndex((l) => l.topic === 'blocking');
    expectPage((await openRules(h.alice, 'orion', 'OD-20')).original!, 'orion', blocking);
    const bad = await openRules(h.alice, 'orion', 'EX-13d');
    expect(bad.callback.data.content).toMatch(
      /^`EX-13d` is not a topic of the Orion Duel rules\. Topics: Goal and end of the game, Setup, .* and Entering a move\.$/,
    );
  });

  it('autocompletes the topics of the chosen game in order, a typed rule id first', async () => {
    h = await createHarness();
    const all = await h.fake
      .autocomplete(h.alice, h.channel.id, 'rules', [
        { name: 'game', type: 3, value: 'orion' },
        { name: 'topic', type: 3, value: '', focused: true },
      ])
      .response();
    expect(all.data.choices.map((c: any) => c.value)).toEqual(lessonsOf('orion').map((l) => l.topic));
    const byRule = await h.fake
      .autocomplete(h.alice, h.channel.id, 'rules', [
        { name: 'game', type: 3, value: 'exxit' },
        { name: 'topic', type: 3, value: 'ex-13d', focused: true },
      ])
      .response();
    expect(byRule.data.choices[0]).toEqual({ name: 'EX-13d → Dance', value: 'dance' });
    const typed = await h.fake
      .autocomplete(h.alice, h.channel.id, 'rules', [
        { name: 'game', type: 3, value: 'orion' },
        { name: 'topic', type: 3, value: 'black', focused: true },
      ])
      .response();
    expect(typed.data.choices).toEqual([{ name: 'Black holes', value: 'black-holes' }]);
  });

  it('posts a public copy of the current page, whose Read button opens it privately for anyone', async () => {
    h = await createHarness();
    const mine = (await openRules(h.alice, 'orion', 'galaxies')).original!;
    const page = lessonsOf('orion').findIndex((l) => l.topic === 'galaxies');
    const post = await h.fake.click(h.alice, mine.id, button(mine, 'Post in the channel').custom_id).done();
    expect(isEphemeral(post)).toBe(false);
    const copy = post.original!;
    expect(copy.channel_id).toBe(h.channel.id);
    expect(h.fake.messages(h.channel.id).map((m) => m.id)).toContain(copy.id);
    expect(copy.content).toBe(`<@${h.alice.id}> shared a page of the Orion Duel rules.`);
    // It names who shared it without pinging them.
    expect(post.callback.data.allowed_mentions).toEqual({ parse: [] });
    expectPage(copy, 'orion', page);
    // The copy turns no pages for everyone: it offers only to read the lesson.
    expect((copy.components as any[]).flatMap((r) => r.components).map((c: any) => c.label)).toEqual([
      'Read the lesson',
    ]);
    const read = await h.fake.click(h.carol, copy.id, findButton(copy, 'Read the lesson')).done();
    expect(isEphemeral(read)).toBe(true);
    expectPage(read.original!, 'orion', page);
    expect(button(read.original!, 'Next').disabled).toBe(false);
    // The private page is unchanged, and posting again at once is refused.
    expectPage(h.fake.message(mine.id)!, 'orion', page);
    const again = await h.fake.click(h.alice, mine.id, button(mine, 'Post in the channel').custom_id).done();
    expect(isEphemeral(again)).toBe(true);
    expect(again.callback.data.content).toMatch(/^You posted a page just now; you can post another in \d+ s\.$/);
  });

  it('a slow renderer: the page is deferred first, then drawn (the command and the Next button)', async () => {
    const { renderBoard } = await import('../../src/render/index.js');
    // The interactions arrive 1.2 s after Discord created them: the router's 1.5 s margin ends 0.3 s
    // later, and the picture takes 0.8 s: the interaction must be acknowledged before it is ready.
    const latency = { latencyMs: 1200 };
    const slow: typeof renderBoard = async (...args) => {
      await new Promise((r) => setTimeout(r, 800));
      return renderBoard(...args);
    };
    h = await createHarness({ bot: { render: slow } });
    const r = await h.fake.slash(h.alice, h.channel.id, 'rules', toOptions({ game: 'orion' }), latency).done();
    expect(isEphemeral(r)).toBe(true);
    expect(r.callback.type).toBe(5);
    expectPage(r.original!, 'orion', 0);
    const next = await h.fake.click(h.alice, r.original!.id, button(r.original!, 'Next').custom_id, latency).done();
    expect(next.callback.type).toBe(6);
    expectPage(h.fake.message(r.original!.id)!, 'orion', 1);
  });

  it('refuses forged page buttons and changes nothing', async () => {
    h = await createHarness();
    const mine = (await openRules(h.alice, 'exxit')).original!;
    const before = JSON.stringify(h.fake.message(mine.id)!.embeds);
    const refused = async (customId: string, values?: string[]) => {
      const r = await h!.fake.click(h!.alice, mine.id, customId, values ? { values } : {}).done();
      expect(isEphemeral(r), customId).toBe(true);
      return r.callback.data.content as string;
    };
    for (const bad of [
      'hx1:r:exxit:01:p',
      'hx1:r:exxit:1:z',
      'hx1:r:Exxit:1:p',
      'hx1:r:exxit:100:p',
      'hx1:r:exxit:1',
      `hx1:r:${'x'.repeat(30)}:1:p`,
    ]) {
      expect(await refused(bad)).toMatch(/malformed/i);
    }
    expect(await refused('hx1:r:exxit:42:p')).toMatch(/no longer exists/i);
    expect(await refused('hx1:r:chess:0:o')).toMatch(/no longer exists/i);
    // A menu that is not on the message, with values it never offered.
    expect(await refused('hx1:r:exxit:5:j', ['42'])).toMatch(/no longer exists/i);
    expect(await refused('hx1:r:exxit:5:j', ['-1'])).toMatch(/malformed/i);
    expect(await refused('hx1:r:exxit:5:p', ['1'])).toMatch(/malformed/i);
    // A page id on a public message would turn it for everyone: refused.
    const post = await h.fake.click(h.alice, mine.id, button(mine, 'Post in the channel').custom_id).done();
    const copy = post.original!;
    const turn = await h.fake.click(h.bob, copy.id, 'hx1:r:exxit:3:p').done();
    expect(isEphemeral(turn)).toBe(true);
    expect(turn.callback.data.content).toMatch(/malformed/i);
    expectPage(h.fake.message(copy.id)!, 'exxit', 0);
    expect(JSON.stringify(h.fake.message(mine.id)!.embeds)).toBe(before);
  });
});

describe('the Why? button of refusals', () => {
  it('an illegal Exxit move refused with EX-13d offers the dance page, privately', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    for (const [user, mv] of [
      [h.alice, 'P 1,-1'],
      [h.bob, 'P 0,1'],
      [h.alice, 'P 0,0'],
      [h.bob, 'D 0,1 NW'],
    ] as const) {
      expect(isEphemeral(await h.move(user, channelId, mv)), mv).toBe(false);
    }
    // C's single pawn aims SW at A, which now holds two.
    const refusal = await h.move(h.alice, channelId, 'D C SW');
    expect(isEphemeral(refusal)).toBe(true);
    const note = refusal.original!;
    expect(note.content).toMatch(/^EX-13d: /);
    const why = await h.fake.click(h.alice, note.id, findButton(note, 'Why?')).done();
    expect(isEphemeral(why)).toBe(true);
    expectPage(
      why.original!,
      'exxit',
      lessonsOf('exxit').findIndex((l) => l.topic === 'dance'),
    );
    // The refusal itself is still there, and nothing was played.
    expect(h.fake.message(note.id)?.content).toBe(note.content);
    expect((await h.game(channelId)).moves).toHaveLength(4);
  });

  it('an illegal Orion move refused with OD-14 offers the placement page; refusals without a rule have no button', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    // The first tile of a game may not cover a token (D5 is a galaxy of preset layout 1).
    const refusal = await h.move(h.alice, channelId, 'S1 D5');
    expect(refusal.original!.content).toMatch(/^OD-14: /);
    const why = await h.fake.click(h.alice, refusal.original!.id, findButton(refusal.original!, 'Why?')).done();
    expectPage(
      why.original!,
      'orion',
      lessonsOf('orion').findIndex((l) => l.topic === 'placement-and-tokens'),
    );
    const turn = await h.move(h.bob, channelId, 'S1 K2');
    expect(turn.callback.data.content).toMatch(/not your turn/i);
    expect(turn.callback.data.components ?? []).toEqual([]);
  });
});

describe('/help', () => {
  it('lists every command by group and how to start, privately, with buttons to each game’s lesson', async () => {
    h = await createHarness();
    const r = await h.slash(h.alice, h.channel.id, 'help').done();
    expect(isEphemeral(r)).toBe(true);
    const embed = r.original!.embeds[0] as any;
    expect(embed.title).toBe('hexmate: Exxit and Orion Duel on Discord');
    expect(embed.fields.map((f: any) => f.name)).toEqual([
      'Your first game',
      'Play',
      'Around the games',
      'For admins (Manage Server)',
    ]);
    expect(embed.fields[0].value).toContain('/play-bot game:Exxit level:easy');
    expect(embed.fields[0].value).toContain('/rules');
    // Both ways to play: the Move button (the phone's) and /move, in the first steps and in the list.
    for (const f of embed.fields.slice(0, 2)) {
      expect(f.value).toContain('**Move**');
      expect(f.value).toContain('`/move');
    }
    const fr = (await h.fake.slash(h.alice, h.channel.id, 'help', [], { locale: 'fr' }).done()).original!
      .embeds[0] as any;
    for (const f of fr.fields.slice(0, 2)) {
      expect(f.value).toContain('**Jouer**');
      expect(f.value).toContain('`/move');
    }
    const all = embed.fields.map((f: any) => f.value).join('\n');
    const { commands } = await import('../../src/commands/index.js');
    for (const c of commands) expect(all, c.data.name).toMatch(new RegExp(`\`/${c.data.name}[\` ]`));
    for (const [game, label] of [
      ['exxit', 'Exxit rules'],
      ['orion', 'Orion Duel rules'],
    ] as const) {
      const open = await h.fake.click(h.alice, r.original!.id, findButton(r.original!, label)).done();
      expect(isEphemeral(open)).toBe(true);
      expectPage(open.original!, game, 0);
    }
  });
});

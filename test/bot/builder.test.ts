// The move builder through the real bot and the fake Discord, with no typed
// move at all: the Move button, the private select menus, the preview and
// Confirm. Whole games of both kinds, a stale builder, a double Confirm, who
// may build, and a restart in the middle of a builder. The fake checks every
// component payload (≤ 25 options, custom ids ≤ 100, ≤ 5 rows, a select alone
// in its row, ephemeral flags); afterEach asserts it saw no violation.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import type { FakeMessage, FakeUser } from '../support/fake-discord/index.js';
import {
  checkAndCloseAfterEach,
  createHarness,
  findButton,
  isEphemeral,
  menuPath,
  toMove,
  type Harness,
} from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const ORION_ENDING_1 =
  'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE'
    .split(';')
    .map((m) => m.trim());

// A 1×1 PNG: the long games need the board posts, not the pictures (one test uses the real renderer).
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

interface Select {
  custom_id: string;
  placeholder?: string;
  options: { label: string; value: string; description?: string }[];
}

const parts = (m: FakeMessage) => (m.components as any[]).flatMap((r) => r.components as any[]);
const selects = (m: FakeMessage): Select[] => parts(m).filter((c) => c.type === 3);
const buttons = (m: FakeMessage): string[] =>
  parts(m)
    .filter((c) => c.type === 2)
    .map((c) => c.label as string);

/** The thread's latest post with a Move button (the one asking a player to move). */
function latestPost(channelId: string): FakeMessage {
  const posts = h!.fake.messages(channelId).filter((m) => parts(m).some((c) => c.label === 'Move'));
  if (!posts.length) throw new Error('no post with a Move button');
  return posts[posts.length - 1];
}

/** Move on the latest post: the private builder it opens. */
async function open(user: FakeUser, channelId: string): Promise<FakeMessage> {
  const post = latestPost(channelId);
  const r = await h!.fake.click(user, post.id, findButton(post, 'Move')).done();
  expect(isEphemeral(r), r.callback.data?.content).toBe(true);
  return r.original!;
}

async function pick(user: FakeUser, m: FakeMessage, s: Select, value: string): Promise<FakeMessage> {
  await h!.fake.click(user, m.id, s.custom_id, { values: [value] }).done();
  return h!.fake.message(m.id)!;
}

async function press(user: FakeUser, m: FakeMessage, label: string): Promise<FakeMessage> {
  await h!.fake.click(user, m.id, findButton(m, label)).done();
  return h!.fake.message(m.id)!;
}

/**
 * Chooses along the menu path `codes` (the path so far is in the custom ids): at each view, the option that continues
 * it.
 */
async function navigate(
  user: FakeUser,
  m: FakeMessage,
  codes: string[],
  seen: (m: FakeMessage) => void = () => undefined,
): Promise<FakeMessage> {
  let cur = m;
  while (selects(cur).length) {
    const at = selects(cur)[0].custom_id.split(':')[5];
    const have = at ? at.split('.') : [];
    if (have.length >= codes.length) break;
    seen(cur);
    const rest = codes.slice(have.length);
    const hit = selects(cur)
      .flatMap((s) => s.options.map((o) => ({ s, o })))
      .find(({ o }) => o.value.split('.').every((c, i) => rest[i] === c));
    if (!hit) throw new Error(`no option continues ${codes.join('.')} in ${JSON.stringify(cur.components)}`);
    cur = await pick(user, cur, hit.s, hit.o.value);
  }
  return cur;
}

/** Confirm, then the public post it brings (the board goes out after the builder is redrawn). */
async function confirm(
  user: FakeUser,
  m: FakeMessage,
  channelId: string,
): Promise<{ builder: FakeMessage; post: FakeMessage }> {
  const before = h!.fake.messages(channelId).length;
  const builder = await press(user, m, 'Confirm');
  const post = await h!.fake.waitForMessage(channelId, (p) => h!.fake.messages(channelId).indexOf(p) >= before);
  return { builder, post };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const userOf = async (channelId: string) => (toMove(await h!.game(channelId)) === 0 ? h!.alice : h!.bob);

describe('the move builder', () => {
  it('plays Orion Duel’s first ending (preset 1) with the builder only: tile, column, cell, orientation by its cells, preview, Confirm', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    const start = latestPost(channelId);
    expect(start.content).toContain(`<@${h.alice.id}> to move`);
    for (let i = 0; i < ORION_ENDING_1.length; i++) {
      const text = ORION_ENDING_1[i];
      const user = i % 2 === 0 ? h.alice : h.bob;
      let m = await open(user, channelId);
      if (i === 0) {
        // The first view: the tiles, with what they are and how many are left.
        expect(m.content).toMatch(/Your move\*\* \(Orange\)/);
        expect(selects(m)).toHaveLength(1);
        expect(selects(m)[0].options.map((o) => o.label)).toEqual([
          'S1 · single hex (1 left)',
          'P2 · two hexes, both yours (1 left)',
          'D2 · domino (3 left)',
          'L3 · straight line (3 left)',
          'V3 · bent line (3 left)',
          'T3 · triangle (3 left)',
        ]);
        expect(buttons(m)).toEqual([]);
      }
      // Each view as it was (the fake updates a message in place).
      const views: FakeMessage[] = [];
      m = await navigate(user, m, menuPath(await h!.game(channelId), text), (v) =>
        views.push({ ...v, components: structuredClone(v.components) }),
      );
      if (i === 0) {
        // V3 → column F → the cell F8 → the orientation, named by the cells it covers.
        expect(views.map((v) => selects(v)[0].placeholder)).toEqual([
          'Choose a tile',
          'Choose a column for V3',
          'Choose the cell of V3’s X hex (your opponent’s colour)',
          'Choose how V3 lies from F8',
        ]);
        const orient = selects(views[3])[0].options;
        expect(orient.find((o) => o.value === 'NWR')).toEqual({
          label: 'NW R · F8 E8 E7',
          value: 'NWR',
          description: 'V3 F8 NW R  (F8 E8 E7)',
        });
        expect(orient.every((o) => /^(N|NE|SE|S|SW|NW) [RL] · F8 [A-K]\d+ [A-K]\d+$/.test(o.label))).toBe(true);
        expect(buttons(views[1])).toEqual(['Back']);
      }
      // The preview: the position after the move, Confirm and Back.
      expect(m.content).toContain(`(\`${text}\`)`);
      expect(m.attachments).toHaveLength(1);
      expect(m.attachments[0].bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(buttons(m)).toEqual(['Confirm', 'Back']);
      const { builder, post } = await confirm(user, m, channelId);
      expect(builder.content).toMatch(
        new RegExp(`^Played: \\*\\*${i === 0 ? 'V3 NW R · F8 E8 E7' : '[^*]+'}\\*\\* \\(\`${escape(text)}\`\\)\\.$`),
      );
      expect(builder.components).toEqual([]);
      expect(builder.attachments).toEqual([]);
      // The board is posted publicly in the thread, like a /move answer.
      expect(post.flags & 64).toBe(0);
      expect(post.attachments).toHaveLength(1);
      expect(post.content).toContain(`${i % 2 === 0 ? 'Orange' : 'Blue'}: ${text}`);
    }
    const done = await h.game(channelId);
    expect(done.moves).toEqual(ORION_ENDING_1);
    expect(done.status).toBe('over');
    expect(done.result).toMatchObject({ winner: 1, draw: false, reason: 'OD-18' });
    const final = h.fake.messages(channelId).at(-1)!;
    expect(final.content).toMatch(/<@\d+> \(Blue\) wins\*\* \(more victory conditions\b.*OD-18\)/);
    expect(buttons(final)).toEqual(['Rematch']);
    expect(h.fake.unanswered()).toEqual([]);
  }, 180_000);

  it('plays a 19-tile Exxit game to its end taking the first option of every view; forced passes are the bot’s', async () => {
    const previews: unknown[] = [];
    h = await createHarness({
      bot: {
        render: (_game, state) => {
          previews.push(state);
          return Promise.resolve(PNG);
        },
      },
    });
    const { channelId } = await h.startGame('exxit', h.alice, h.bob, { tiles: 19 });
    const exxit = getGame('exxit');
    let played = 0;
    let manyMenus = 0;
    const labels = new Set<string>();
    for (let guard = 0; guard < 300; guard++) {
      const rec = await h.game(channelId);
      if (rec.status !== 'active') break;
      const user = await userOf(channelId);
      let m = await open(user, channelId);
      while (selects(m).length) {
        if (selects(m).length > 1) manyMenus++;
        for (const s of selects(m))
          for (const l of [s.placeholder ?? '', ...s.options.map((o) => o.label)])
            labels.add(l.replace(/\b(X\d+|[A-Z]{1,2})\b/g, '·'));
        const first = selects(m)[0];
        m = await pick(user, m, first, first.options[0].value);
      }
      expect(buttons(m)[0]).toBe('Confirm');
      // The preview is the engine's state after the move, with that move as its last move.
      const before = exxit.fromJSON(rec.state);
      if (!before.ok) throw new Error('state');
      const shown = previews.at(-1) as { ply: number; last: { move: unknown } };
      expect(shown.ply).toBe(exxit.ply(before.value) + 1);
      expect(m.content).toContain(`(\`${exxit.formatMove(before.value, shown.last.move, 'label')}\`)`);
      const { builder } = await confirm(user, m, channelId);
      expect(builder.content).toMatch(/^Played: /);
      played++;
    }
    const rec = await h.game(channelId);
    expect(rec.status).toBe('over');
    expect(rec.result?.reason).toMatch(/^EX-20[a-d]$/);
    const passes = rec.moves.filter((x) => x === 'pass').length;
    expect(rec.moves.length).toBe(played + passes);
    expect(played).toBeGreaterThan(40);
    // Place and free in their own menus at least once; labels say what a move does.
    expect(manyMenus).toBeGreaterThan(0);
    for (const l of ['place on ·', 'dance from · to ·', 'Place a pawn']) expect([...labels]).toContain(l);
    expect([...labels].some((l) => /^free · \(\d tiles? laid\)$/.test(l))).toBe(true);
    const final = h.fake.messages(channelId).at(-1)!;
    expect(final.content).toMatch(/Score \(EX-21\): Red \d+ · Black \d+/);
    expect(h.fake.unanswered()).toEqual([]);
  }, 240_000);

  it('refuses a stale builder and an older post; Confirm twice (or delivered twice) plays one move', async () => {
    h = await createHarness({ bot: { render: () => Promise.resolve(PNG) } });
    const { channelId } = await h.startGame('exxit', h.alice, h.bob, { tiles: 19 });
    const firstPost = latestPost(channelId);
    // Alice opens two builders on the same position; she plays with one.
    const a = await open(h.alice, channelId);
    const b = await open(h.alice, channelId);
    let m = await navigate(h.alice, a, ['p', 'A']);
    expect((await confirm(h.alice, m, channelId)).builder.content).toBe('Played: **place on A** (`P A`).');
    expect((await h.game(channelId)).moves).toEqual(['P 0,0']);
    // The other builder is stale now: it says so, and its menus are gone.
    const sel = selects(b)[0];
    await h.fake.click(h.alice, b.id, sel.custom_id, { values: [sel.options[1].value] }).done();
    const stale = h.fake.message(b.id)!;
    expect(stale.content).toBe(
      'This move builder was opened on an older position: the game has moved on. Open a new one with the **Move** button of the latest post.',
    );
    expect(stale.components).toEqual([]);
    // The first post's Move button is out of date too (Bob is to move, but on another position).
    const old = await h.fake.click(h.bob, firstPost.id, findButton(firstPost, 'Move')).done();
    expect(isEphemeral(old)).toBe(true);
    expect(old.callback.data.content).toBe(
      'This post shows an older position: the game has moved on. Use the **Move** button of the latest post.',
    );

    // Bob reaches a preview and clicks Confirm twice at once: one move.
    m = await navigate(h.bob, await open(h.bob, channelId), ['p', 'B']);
    const posts = h.fake.messages(channelId).length;
    const confirmId = findButton(m, 'Confirm');
    const [c1, c2] = [h.fake.click(h.bob, m.id, confirmId), h.fake.click(h.bob, m.id, confirmId)];
    await Promise.all([c1.done(), c2.done()]);
    let rec = await h.game(channelId);
    expect(rec.moves).toEqual(['P 0,0', 'P 1,0']);
    await h.fake.waitForMessage(channelId, (p) => p.content.includes('Black: P B (place)'));
    expect(h.fake.messages(channelId).length).toBe(posts + 1);
    // A third click, and the same interaction delivered again: nothing more happens.
    const c3 = h.fake.click(h.bob, m.id, confirmId);
    await c3.done();
    h.fake.resendInteraction(c3);
    h.fake.resendInteraction(c1);
    // A round trip after the duplicates, so they have been seen.
    await h.slash(h.alice, channelId, 'board').done();
    rec = await h.game(channelId);
    expect(rec.moves).toEqual(['P 0,0', 'P 1,0']);
    expect(h.fake.message(m.id)!.content).toMatch(
      /^(Played: \*\*place on B\*\*|This move builder was opened on an older position)/,
    );
    expect(h.fake.messages(channelId).filter((p) => p.content.includes('Black: P B')).length).toBe(1);
  });

  it('is for the player to move only; Back goes back; a restart does not break an open builder', async () => {
    h = await createHarness({ bot: { render: () => Promise.resolve(PNG) } });
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    const post = latestPost(channelId);
    const refusal = async (u: FakeUser) => {
      const r = await h!.fake.click(u, post.id, findButton(post, 'Move')).done();
      expect(isEphemeral(r)).toBe(true);
      return r.callback.data.content as string;
    };
    expect(await refusal(h.carol)).toBe('You are not playing in this game (Alice vs Bob); you can watch.');
    expect(await refusal(h.bob)).toBe('It is not your turn: Alice is to move.');
    let m = await open(h.alice, channelId);
    m = await navigate(h.alice, m, ['L3', 'E']);
    expect(selects(m)[0].placeholder).toBe('Choose the cell of L3’s X hex (your opponent’s colour)');
    expect(m.content).toContain('Chosen so far: L3 · straight line (3 left) › column E');
    m = await press(h.alice, m, 'Back');
    expect(selects(m)[0].placeholder).toBe('Choose a column for L3');
    m = await navigate(h.alice, m, ['L3', 'E', 'E5', 'N']);
    expect(m.content).toContain('**L3 N · E5 E4 E3** (`L3 E5 N`)');
    // Back from the preview: the menus again, without the picture.
    m = await press(h.alice, m, 'Back');
    expect(m.attachments).toEqual([]);
    expect(selects(m)[0].placeholder).toBe('Choose how L3 lies from E5');
    // The bot restarts: the builder's custom ids hold everything it needs.
    await h.bot.stop();
    await h.startAnotherBot();
    await h.fake.waitForReady();
    m = await pick(h.alice, m, selects(m)[0], 'N');
    expect(m.attachments).toHaveLength(1);
    expect((await confirm(h.alice, m, channelId)).builder.content).toBe('Played: **L3 N · E5 E4 E3** (`L3 E5 N`).');
    expect((await h.game(channelId)).moves).toEqual(['L3 E5 N']);
    // A forged choice is refused and changes nothing.
    const next = await open(h.bob, channelId);
    const forged = await h.fake
      .click(h.bob, next.id, selects(next)[0].custom_id.replace(/:s0:.*$/, ':c:L3.E.E5.N'))
      .done();
    expect(forged.callback.type).toBe(7);
    expect(h.fake.message(next.id)!.content).toMatch(/not on offer in this position/);
    expect((await h.game(channelId)).moves).toEqual(['L3 E5 N']);
  });
});

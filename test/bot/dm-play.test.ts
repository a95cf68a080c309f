// Games where the bot cannot post on its own (user installs, issue 12): a
// group DM, a server that has not added the bot. The fake Discord refuses
// every channel route there (403 / 50001, listed in fake.errors), so each
// test checks that the bot never tried: every post is an interaction's answer
// or follow-up and lands in the channel's transcript. The commands are
// registered as deploy-commands does, so the fake also checks where each one
// is offered (a player who has not installed the app has the buttons only).
import { Routes } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commandData } from '../../src/commands/index.js';
import { getGame } from '../../src/engine/index.js';
import { sweepClocks } from '../../src/bot/index.js';
import { sweepOwed } from '../../src/match/reconcile.js';
import type { StartBotOptions } from '../../src/bot/index.js';
import type { FakeChannel, FakeMessage, FakeUser } from '../support/fake-discord/index.js';
import {
  checkAndCloseAfterEach,
  createHarness,
  findButton,
  isEphemeral,
  menuPath,
  played,
  toMove,
  toOptions,
  waitFor,
  type Harness,
  type OptValue,
} from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const HOUR = 3_600_000;
// Orion Duel preset 1, the rules file's first ending (Blue wins on victory conditions, OD-18).
const ENDING =
  'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE'
    .split(';')
    .map((m) => m.trim());
// A 1×1 PNG: these tests are about where posts go, not the pictures.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** The first legal move, canonical: a quick stand-in for the AI. */
const firstLegal = (game: string, state: unknown): string => {
  const g = getGame(game as 'orion');
  return g.formatMove(state, g.legalMoves(state)[0], 'canonical');
};

interface Place {
  ann: FakeUser;
  ben: FakeUser;
  where: FakeChannel;
}

/**
 * The bot, its commands registered globally (guild and user installs), and a group DM of Ann and Ben (Ben has not
 * installed the app unless `benInstalled`).
 */
async function groupDm(
  o: { bot?: Partial<StartBotOptions>; annLocale?: string; benInstalled?: boolean } = {},
): Promise<Place> {
  h = await createHarness({
    bot: { render: async () => PNG, renderReplay: async () => PNG, announceSweepIntervalMs: 0, ...o.bot },
  });
  await h.bot.client.rest.put(Routes.applicationCommands(h.fake.applicationId), { body: commandData() });
  const ann = h.fake.addUser({ username: 'ann', globalName: 'Ann', guildId: null, locale: o.annLocale ?? 'en-US' });
  const ben = h.fake.addUser({ username: 'ben', globalName: 'Ben', guildId: null, installed: o.benInstalled ?? false });
  const where = h.fake.addGroupDm({ name: 'Hex night', memberIds: [ann.id, ben.id] });
  return { ann, ben, where };
}

/** A message's first embed (the challenge card's). */
const embed = (m: FakeMessage): { title?: string; description?: string } =>
  (m.embeds[0] ?? {}) as { title?: string; description?: string };

const slash = (user: FakeUser, channelId: string, command: string, opts: Record<string, OptValue | undefined> = {}) =>
  h!.fake.slash(user, channelId, command, toOptions(opts));

/** Nothing was tried where Discord says no, nothing Discord would reject, nothing left unanswered. */
function expectClean(): void {
  expect(h!.fake.errors).toEqual([]);
  expect(h!.fake.threads()).toEqual([]);
  expect(h!.fake.unanswered()).toEqual([]);
}

/** The game once every post it owes is noted as shown (that lands just after the post went out). */
const shownAll = (channelId: string) =>
  waitFor(async () => {
    const g = await h!.game(channelId);
    return (g.shown ?? 0) >= (g.annV ?? 0) && g;
  });

/** /challenge answered with the card; Accept redraws it and follows up with the starting board. */
async function challengeAndAccept(p: Place, opts: Record<string, OptValue | undefined>) {
  const card = (await slash(p.ann, p.where.id, 'challenge', { opponent: p.ben, first: 'me', ...opts }).done())
    .original!;
  expect(card.channel_id).toBe(p.where.id);
  const accept = await h!.fake.click(p.ben, card.id, findButton(card, 'Accept')).done({ followups: 1 });
  expect(accept.callback.type).toBe(7);
  const start = accept.followups[0];
  const rec = await h!.game(p.where.id);
  return { card, start, rec };
}

// ---------------------------------------------------------------------------
// The move builder, for a player who has not installed the app (buttons only).

const parts = (m: FakeMessage) => (m.components as any[]).flatMap((r) => r.components as any[]);

/** Move on `post`, the menus along the move's path, then Confirm: the public board that follows Confirm. */
async function buildMove(user: FakeUser, post: FakeMessage, channelId: string, text: string): Promise<FakeMessage> {
  const codes = menuPath(await h!.game(channelId), text);
  const opened = await h!.fake.click(user, post.id, findButton(post, 'Move')).done();
  expect(isEphemeral(opened)).toBe(true);
  let cur = opened.original!;
  for (;;) {
    const menus = parts(cur).filter((c) => c.type === 3);
    if (!menus.length) break;
    const at: string = menus[0].custom_id.split(':')[5] ?? '';
    const rest = codes.slice(at ? at.split('.').length : 0);
    const hit = menus
      .flatMap((s: any) => s.options.map((o: any) => ({ s, o })))
      .find(({ o }: any) => o.value.split('.').every((c: string, i: number) => rest[i] === c));
    if (!hit) throw new Error(`no option continues ${codes.join('.')}`);
    await h!.fake.click(user, cur.id, hit.s.custom_id, { values: [hit.o.value] }).done();
    cur = h!.fake.message(cur.id)!;
  }
  const confirmed = await h!.fake.click(user, cur.id, findButton(cur, 'Confirm')).done({ followups: 1 });
  expect(confirmed.callback.type).toBe(7);
  return confirmed.followups[0];
}

describe('a group DM (the bot is not a member)', () => {
  it('plays a whole rated game: the card, Accept, the boards of /move and of the builder, the end — every post an answer there, global ratings only', async () => {
    const p = await groupDm();
    const { card, start, rec } = await challengeAndAccept(p, { game: 'orion', layout: 'preset1', rated: true });
    expect(rec).toMatchObject({
      channelId: p.where.id,
      guildId: null,
      parentChannelId: null,
      postable: false,
      messageId: card.id,
    });
    expect(embed(h!.fake.message(card.id)!).description).toContain(`Accepted by <@${p.ben.id}>`);
    // The starting board pings Ann, who moves first, with the Move button.
    expect(start.content).toContain('**Orion Duel** · Ann (Orange) vs Ben (Blue)');
    expect(start.content).toContain(`<@${p.ann.id}> to move (Orange)`);
    expect(start.mentions.map((u) => u.id)).toEqual([p.ann.id]);
    expect(start.attachments).toHaveLength(1);
    findButton(start, 'Move');

    // Ben has not installed the app: Discord does not offer him /move there; he plays with the Move button.
    expect(() => slash(p.ben, p.where.id, 'move', { text: ENDING[1] })).toThrow(/ben has not installed the app/);
    const posts = [card.id, start.id];
    let last: FakeMessage = start;
    for (const [k, text] of ENDING.entries()) {
      if (k % 2 === 0) {
        const r = await h!.move(p.ann, p.where.id, text);
        expect(isEphemeral(r), r.callback.data?.content).toBe(false);
        last = r.original!;
      } else last = await buildMove(p.ben, last, p.where.id, text);
      posts.push(last.id);
      expect(last.content).toMatch(k % 2 === 0 ? /^Orange: / : /^Blue: /);
      if (k < ENDING.length - 1)
        expect(last.content).toContain(
          k % 2 === 0 ? `<@${p.ben.id}> to move (Blue)` : `<@${p.ann.id}> to move (Orange)`,
        );
    }
    expect(last.content).toMatch(new RegExp(`\\*\\*<@${p.ben.id}> \\(Blue\\) wins\\*\\* \\(more victory conditions`));
    expect(last.content).toMatch(new RegExp(`<@${p.ann.id}>: 1500 → \\d+ \\(-\\d+\\)`));
    findButton(last, 'Rematch');

    // Every public post is in the group DM, in order; nothing was attempted on the channel.
    expect(h!.fake.messages(p.where.id).map((m) => m.id)).toEqual(posts);
    expectClean();
    const done = await h!.game(p.where.id);
    expect(done).toMatchObject({ status: 'over', result: { winner: 1, reason: 'OD-18' } });
    // The post is noted as shown just after it went out.
    await shownAll(p.where.id);
    // Global ratings only: no server scope exists for a group DM.
    expect(done.result!.ratingChanges!.map((c) => c.guild)).toEqual([null, null]);
    expect((await h!.store.ratings.get('orion', p.ben.id, 'global')).wins).toBe(1);

    // Rematch: Ben's click answers with the new card (for Ann); her Accept starts it, colours swapped.
    const asked = await h!.fake.click(p.ben, last.id, findButton(last, 'Rematch')).done();
    expect(isEphemeral(asked)).toBe(false);
    const rematchCard = asked.original!;
    expect(embed(rematchCard).description).toContain(`<@${p.ben.id}> challenges <@${p.ann.id}>`);
    const again = await h!.fake.click(p.ann, rematchCard.id, findButton(rematchCard, 'Accept')).done({ followups: 1 });
    expect(again.followups[0].content).toContain(`<@${p.ben.id}> to move (Orange)`);
    const next = await h!.game(p.where.id);
    expect(next).toMatchObject({ status: 'active', rematchOf: done.id, postable: false });
    expect(next.players.map((x) => x.id)).toEqual([p.ben.id, p.ann.id]);
    expectClean();
  });

  it('refuses privately with the rule and its Why? button; other commands answer clearly there', async () => {
    const p = await groupDm({ benInstalled: true });
    await challengeAndAccept(p, { game: 'exxit' });
    const bad = await h!.move(p.ann, p.where.id, 'Q 9,9 up');
    expect(isEphemeral(bad)).toBe(true);
    expect(bad.callback.data.content).toMatch(/^EX-\d+[a-z]?: /);
    findButton({ components: bad.callback.data.components } as FakeMessage, 'Why?');
    const turn = await h!.move(p.ben, p.where.id, 'P A');
    expect(turn.callback.data.content).toMatch(/not your turn: Ann is to move/);
    // One game per group DM; challenges in the DM with the bot make no sense.
    const busy = await slash(p.ben, p.where.id, 'challenge', { game: 'orion' }).done();
    expect(busy.callback.data.content).toBe(
      'A game is already being played in this conversation; finish it first (`/resign`, or `/abort` before each side has moved).',
    );
    const dm = h!.fake.addDm(p.ann);
    const alone = await slash(p.ann, dm.id, 'challenge', { game: 'orion' }).done();
    expect(isEphemeral(alone)).toBe(true);
    expect(alone.callback.data.content).toMatch(/^Only you and I are in this conversation/);
    // Server administration is not offered; the leaderboards are global only.
    expect(() => slash(p.ann, p.where.id, 'settings')).toThrow(/would not offer \/settings/);
    const board = await slash(p.ann, p.where.id, 'leaderboard', { game: 'orion', scope: 'server' }).done();
    expect(isEphemeral(board)).toBe(true);
    expect(board.callback.data.content).toMatch(
      /^There is no server leaderboard here: games played outside servers that have added hexmate count for the global leaderboard only/,
    );
    const global = await slash(p.ann, p.where.id, 'leaderboard', { game: 'orion' }).done();
    expect(global.callback.data.content).toMatch(/Nobody has played a rated game of Orion Duel yet/);
    const stats = await slash(p.ann, p.where.id, 'stats').done();
    const fields = stats.callback.data.embeds[0].fields.map((f: any) => `${f.name}: ${f.value}`).join('\n');
    expect(fields).toMatch(/Global/);
    expect(fields).not.toMatch(/This server/);
    // Nothing of this changed the game; nothing was tried on the channel.
    expect((await h!.game(p.where.id)).moves).toEqual([]);
    expectClean();
  });

  it('a damaged game record: refused with what to do, closed by either player with /abort (no result), and the conversation is free again', async () => {
    const p = await groupDm({ benInstalled: true });
    const { rec } = await challengeAndAccept(p, { game: 'exxit', rated: true });
    expect(
      (await h!.store.games.update(rec.id, rec.version, { state: { game: 'exxit', tiles: 'not a list' } })).ok,
    ).toBe(true);
    const move = await h!.move(p.ann, p.where.id, 'P A');
    expect(isEphemeral(move)).toBe(true);
    expect(move.callback.data.content).toMatch(/damaged.*Either player can close it with `\/abort`/);
    const closed = await slash(p.ben, p.where.id, 'abort').done();
    expect(isEphemeral(closed)).toBe(false);
    expect(closed.original?.content).toMatch(/Closed by <@\d+>: the game record was damaged/);
    expect(closed.original?.content).toMatch(/Game aborted/);
    const after = await h!.store.games.get(rec.id);
    expect(after).toMatchObject({ status: 'aborted', result: { winner: null, draw: false, reason: 'damaged' } });
    expect((await h!.store.ratings.get('exxit', p.ann.id, 'global')).games).toBe(0);
    // The conversation can hold a new game.
    const again = await challengeAndAccept(p, { game: 'orion' });
    expect(again.rec.id).not.toBe(rec.id);
    expectClean();
  });

  it('skips the reminder; the loss on time is shown by the next interaction there (/board), once, with the ratings', async () => {
    let offset = 0;
    const p = await groupDm({ bot: { now: () => Date.now() + offset }, benInstalled: true });
    const { rec } = await challengeAndAccept(p, { game: 'orion', layout: 'preset1', rated: true, clock: 1 });
    expect(rec.clock).toMatchObject({ perMoveMs: HOUR });
    await h!.move(p.ann, p.where.id, ENDING[0]);
    await h!.move(p.ben, p.where.id, ENDING[1]);
    const posts = h!.fake.messages(p.where.id).length;
    offset += 0.8 * HOUR;
    expect(await sweepClocks(h!.bot.ctx)).toBe(1); // the reminder's turn: nothing can be posted
    offset += 0.3 * HOUR;
    expect(await sweepClocks(h!.bot.ctx)).toBe(1); // Ann, to move, loses on time
    const over = await h!.game(p.where.id);
    expect(over).toMatchObject({ status: 'over', result: { winner: 1, reason: 'time' } });
    expect(over.annV).toBeGreaterThan(over.shown!);
    // The announcement sweep has no interaction to answer: it leaves the post owed.
    expect(await sweepOwed(h!.bot.ctx, 0)).toBe(0);
    expect(h!.fake.messages(p.where.id)).toHaveLength(posts);
    expectClean();

    // Ben looks at the board: first the loss on time (and the ratings), then his board.
    const look = await slash(p.ben, p.where.id, 'board').done({ followups: 1 });
    const timeout = look.original!;
    expect(timeout.content).toContain(`**<@${p.ben.id}> (Blue) wins**: <@${p.ann.id}> (Orange) lost on time.`);
    expect(timeout.content).toMatch(new RegExp(`<@${p.ben.id}>: 1500 → \\d+ \\(\\+\\d+\\)`));
    findButton(timeout, 'Rematch');
    expect(look.followups[0].content).toMatch(/^Move 2\. Game/);
    await shownAll(p.where.id);
    // Shown once: the next interaction answers with its own post only.
    const again = await slash(p.ann, p.where.id, 'board').done();
    expect(again.original!.content).toMatch(/^Move 2\. Game/);
    expect(
      h!.fake.messages(p.where.id).filter((m) => m.content.includes('lost on time') && !m.content.startsWith('Move ')),
    ).toHaveLength(1);
    expect((await h!.store.ratings.get('orion', p.ben.id, 'global')).wins).toBe(1);
    expectClean();
  });

  it('plays a whole game against the AI: each AI move follows up the answer it replies to', async () => {
    const p = await groupDm({ bot: { thinkMove: async (game, state) => firstLegal(game, state) } });
    // The AI opens: the starting board is the answer, its first move a follow-up.
    const open = await slash(p.ann, p.where.id, 'play-bot', {
      game: 'orion',
      level: 'easy',
      first: 'them',
      layout: 'preset1',
    }).done({ followups: 1 });
    expect(open.original!.content).toMatch(/hexmate AI \(easy\) \(Orange\) vs Ann \(Blue\)/);
    expect(open.followups[0].content).toMatch(/^Orange: /);
    expect(open.followups[0].content).toContain(`<@${p.ann.id}> to move (Blue)`);
    let rec = await h!.game(p.where.id);
    let turns = 0;
    while (rec.status === 'active') {
      const g = getGame(rec.game);
      const s = g.fromJSON(rec.state);
      if (!s.ok) throw new Error('state');
      const before = rec.moves.length;
      const r = slash(p.ann, p.where.id, 'move', { text: firstLegal(rec.game, s.value) });
      const first = await r.done();
      expect(isEphemeral(first), first.callback.data?.content).toBe(false);
      if (first.original!.content.includes('hexmate AI (easy)** (Orange) is thinking…')) {
        // The AI's answer, as a follow-up of Ann's /move.
        const mine = await r.done({ followups: 1 });
        expect(mine.followups).toHaveLength(1);
        expect(mine.followups[0].content).toMatch(/^Orange: /);
        rec = await waitFor(async () => {
          const g = await h!.game(p.where.id);
          return g.moves.length === before + 2 && (g.shown ?? 0) >= (g.annV ?? 0) && g;
        });
      } else rec = await h!.game(p.where.id);
      expect(++turns).toBeLessThan(40);
    }
    expect(rec.status).toBe('over');
    await shownAll(p.where.id);
    const posts = h!.fake.messages(p.where.id);
    expect(posts.filter((m) => /^(Orange|Blue): /.test(m.content))).toHaveLength(rec.moves.length);
    expect(posts.at(-1)!.content).toMatch(/wins|Draw/);
    expectClean();
  });

  it('speaks French to a French player: the card, the board, a refusal', async () => {
    const p = await groupDm({ annLocale: 'fr', benInstalled: true });
    const card = (
      await slash(p.ann, p.where.id, 'challenge', {
        game: 'orion',
        opponent: p.ben,
        first: 'me',
        layout: 'preset1',
      }).done()
    ).original!;
    expect(embed(card).title).toMatch(/^Défi · /);
    const accept = await h!.fake.click(p.ben, card.id, findButton(card, 'Accepter')).done({ followups: 1 });
    expect(accept.followups[0].content).toContain(
      `À <@${p.ann.id}> de jouer (Orange). Cliquez sur **Jouer** ci-dessous ou tapez \`/move\`.`,
    );
    findButton(accept.followups[0], 'Jouer');
    const bad = await h!.move(p.ann, p.where.id, 'X9 Z9');
    expect(isEphemeral(bad)).toBe(true);
    expect(bad.callback.data.content).toMatch(/^OD-\d+[a-z]?\u202f?: /);
    findButton({ components: bad.callback.data.components } as FakeMessage, 'Pourquoi\u202f?');
    const board = await slash(p.ann, p.where.id, 'leaderboard', { game: 'orion', scope: 'server' }).done();
    expect(board.callback.data.content).toMatch(/^Pas de classement de serveur ici/);
    expectClean();
  });
});

describe('posts a crash left owed in a group DM', () => {
  it('the sweep follows up the stored interaction while its token lives; else a button click there shows it after its own answer', async () => {
    const p = await groupDm({ benInstalled: true });
    await challengeAndAccept(p, { game: 'exxit' });
    const first = slash(p.ann, p.where.id, 'move', { text: 'P A' });
    await first.done();
    // A process saved the next move to follow up Ann's /move (as the AI's does), and died.
    let rec = await shownAll(p.where.id);
    const interaction = {
      token: first.payload.token as string,
      createdAt: Date.now(),
      component: false,
      followUp: true,
    };
    expect(
      (
        await h!.store.games.update(rec.id, rec.version, played(rec, 'P B'), {
          announce: { owner: 'crashed-process', interaction },
        })
      ).ok,
    ).toBe(true);
    expect(await sweepOwed(h!.bot.ctx, 0)).toBe(1);
    const followed = await first.done({ followups: 1 });
    expect(followed.followups[0].content).toMatch(/^Black: P B \(place\)/);
    expect(followed.followups[0].content).toContain(`<@${p.ann.id}> to move (Red)`);
    rec = await shownAll(p.where.id);

    // Then a move saved with nobody to answer: the sweep leaves it owed.
    expect(
      (
        await h!.store.games.update(rec.id, rec.version, played(rec, 'D 0,0 E'), {
          announce: { owner: 'crashed-process' },
        })
      ).ok,
    ).toBe(true);
    expect(await sweepOwed(h!.bot.ctx, 0)).toBe(0);
    const before = h!.fake.messages(p.where.id).length;
    // Ann presses Move on the post she saw: refused privately (an older position), then the owed board, for everyone.
    const click = await h!.fake
      .click(p.ann, followed.followups[0].id, findButton(followed.followups[0], 'Move'))
      .done({ followups: 1 });
    expect(isEphemeral(click)).toBe(true);
    expect(click.callback.data.content).toMatch(/older/i);
    expect(click.followups[0].content).toMatch(/^Red: D A E \(dance\)/);
    expect(click.followups[0].content).toContain(`<@${p.ben.id}> to move (Black)`);
    expect(h!.fake.messages(p.where.id)).toHaveLength(before + 1);
    await shownAll(p.where.id);
    expectClean();
  });
});

describe('a challenge in a group DM', () => {
  it('cannot have its card edited when it expires: a click on it then says so and redraws it', async () => {
    const p = await groupDm({ bot: { challengeTtlMs: 300, sweepIntervalMs: 50 } });
    const card = (await slash(p.ann, p.where.id, 'challenge', { game: 'exxit', opponent: p.ben }).done()).original!;
    const id = findButton(card, 'Accept').split(':')[2];
    await waitFor(async () => (await h!.store.challenges.get(id))?.status === 'expired');
    await new Promise((r) => setTimeout(r, 200)); // a few more expiry sweeps
    // The card could not be edited: it still reads as open, and nothing was tried on the channel.
    expect(embed(h!.fake.message(card.id)!).description).toMatch(/Expires <t:/);
    expect(h!.fake.errors).toEqual([]);
    const late = await h!.fake.click(p.ben, card.id, findButton(card, 'Accept')).done({ followups: 1 });
    expect(late.callback.type).toBe(7);
    expect(embed(h!.fake.message(card.id)!).description).toContain('This challenge expired.');
    expect(h!.fake.message(card.id)!.components).toEqual([]);
    expect(late.followups.map((m) => [m.content, m.flags & 64])).toEqual([['This challenge expired.', 64]]);
    expect(await h!.store.channels.active(p.where.id)).toBeNull();
    expectClean();
  });
});

describe('a server that has not added the bot (a member installed the app)', () => {
  it('plays in the channel by answers, counting for the global leaderboard only', async () => {
    h = await createHarness({ bot: { render: async () => PNG, announceSweepIntervalMs: 0 } });
    await h.bot.client.rest.put(Routes.applicationCommands(h.fake.applicationId), { body: commandData() });
    const friends = h.fake.addGuild({ name: 'Friends', botMember: false });
    const lounge = h.fake.addChannel(friends.id, { name: 'lounge' });
    const ann = h.fake.addUser({ username: 'ann', globalName: 'Ann', guildId: friends.id });
    const ben = h.fake.addUser({ username: 'ben', globalName: 'Ben', guildId: friends.id });
    const { rec } = await challengeAndAccept(
      { ann, ben, where: lounge },
      { game: 'orion', layout: 'preset1', rated: true },
    );
    expect(rec).toMatchObject({ guildId: friends.id, channelId: lounge.id, postable: false });
    for (const [k, text] of ENDING.entries()) {
      const r = await h.move(k % 2 === 0 ? ann : ben, lounge.id, text);
      expect(isEphemeral(r), r.callback.data?.content).toBe(false);
    }
    const done = await h.game(lounge.id);
    expect(done).toMatchObject({ status: 'over', result: { winner: 1 } });
    expect(done.result!.ratingChanges!.every((c) => c.guild === null)).toBe(true);
    expect((await h.store.ratings.get('orion', ann.id, 'global')).games).toBe(1);
    expect((await h.store.ratings.get('orion', ann.id, `guild:${friends.id}`)).games).toBe(0);
    expect(h.fake.messages(lounge.id)).toHaveLength(2 + ENDING.length);
    // The server board does not exist here; the global one counts this game.
    const server = await slash(ann, lounge.id, 'leaderboard', { game: 'orion', scope: 'server' }).done();
    expect(server.callback.data.content).toMatch(/^There is no server leaderboard here/);
    expectClean();
  });
});

describe('the DM with the bot', () => {
  it('is a channel the bot posts in: /play-bot plays there without a thread', async () => {
    h = await createHarness({
      bot: { render: async () => PNG, thinkMove: async (game, state) => firstLegal(game, state) },
    });
    await h.bot.client.rest.put(Routes.applicationCommands(h.fake.applicationId), { body: commandData() });
    const ann = h.fake.addUser({ username: 'ann', globalName: 'Ann', guildId: null });
    const dm = h.fake.addDm(ann);
    await slash(ann, dm.id, 'play-bot', { game: 'orion', level: 'easy', first: 'me', layout: 'preset1' }).done();
    const start = await h.fake.waitForMessage(dm.id, (m) => m.attachments.length > 0);
    const rec = await h.game(dm.id);
    expect(rec.postable).toBeUndefined();
    expect(toMove(rec)).toBe(0);
    await h.move(ann, dm.id, ENDING[0]);
    // The AI's move is the bot's own post in the DM.
    await h.fake.waitForMessage(dm.id, (m) => m.content.startsWith('Blue: ') && !m.interaction_metadata);
    expect(start.content).toContain('**Orion Duel** · Ann (Orange)');
    expectClean();
  });
});

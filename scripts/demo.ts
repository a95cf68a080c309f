// npm run demo: hexmate with no token and no network. The real bot talks to
// the local Discord stand-in (test/support/fake-discord) on an embedded
// store; scripted players read the rules (/rules, Next), play a full game of
// each kind — Orion Duel with the Move button's private builder (menus,
// preview, Confirm), Exxit with /move, where an illegal dance is refused
// with EX-13d and its Why? button opens the rules page — then look at
// /board detail, /games, /replay, /stats and /leaderboard. Board PNGs (and
// the builder's first previews, the rules pages' pictures), the replay GIFs
// (as /replay posted them), a transcript and thread.json (every post as
// data, for scripts/thread-picture.ts) land in demo-output/.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { closeRenderPool, startBot } from '../src/bot/index.js';
import { getGame, type GameId } from '../src/engine/index.js';
import { createLogger } from '../src/log.js';
import { openStore } from '../src/store/index.js';
import {
  startFakeDiscord,
  type CommandOption,
  type FakeMessage,
  type FakeUser,
} from '../test/support/fake-discord/index.js';

const OUT = 'demo-output';

const ORION =
  'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE';
// A 19-tile Exxit game; the bot plays the forced passes itself (EX-10) and it ends on two passes (EX-20b).
// Before its 14th move Black tries `D B SW`, which EX-13d refuses (B's single pawn aims at a stack of 2).
const EXXIT =
  'P 1,0; P 0,1; D 1,0 SW; P 1,-1; P 0,0; D 1,-1 SW; D 0,1 NW; P 1,0; F 0,-1; P 0,1; P 0,-1; D 0,0 NW; D 0,-1 SE; D 1,0 W; D 0,1 NW; P 0,1; P 1,-1; D 0,0 NE; P 0,0; D 0,1 NW; D 1,-1 SW; P 1,-1; D 0,-1 E; P 0,1; D 0,0 SE; P 0,0; D 0,1 NW; F -1,1; D 1,-1 SW; D 0,0 SW; P 0,0; D -1,1 NE; D 0,-1 E; P 1,0; P -1,1; P 0,-1; P 0,1';

const EXXIT_ILLEGAL = { before: 14, text: 'D B SW', rule: 'EX-13d' } as const;

const split = (s: string) =>
  s
    .split(';')
    .map((m) => m.trim())
    .filter(Boolean);

/** One post of the transcript as data (demo-output/thread.json), what scripts/thread-picture.ts draws. */
export interface DemoPost {
  /** 'rules', a game id, or 'around'. */
  section: string;
  /** Who acted (a player), or 'hexmate' for the bot's own posts. */
  who: string;
  /** What they did, as the transcript says it ('/move text:D B SW', 'clicks **Why?**'). */
  action: string;
  /** The bot's answer: only the person who acted sees it. */
  ephemeral: boolean;
  /** The answer's text as Discord got it (mentions `<@id>`, times `<t:…:R>`, markdown). */
  content: string;
  embed?: { title?: string; description?: string; footer?: string };
  /** Its picture, a file in demo-output/. */
  image?: string;
  /** Its buttons (type 2: label, style) and menus (type 3: placeholder as label), in order. */
  components: DemoComponent[];
  /** When Discord stored it (ISO). */
  at?: string;
}

export interface DemoComponent {
  type: number;
  label: string;
  /** Discord's button style: 1 primary, 2 secondary, 3 success, 4 danger. */
  style?: number;
  disabled?: boolean;
}

export interface DemoThread {
  /** Display names by user id (the players and the bot). */
  names: Record<string, string>;
  botId: string;
  /** The channel the games start in, and each game's thread name by section. */
  channel: string;
  threads: Record<string, string>;
  posts: DemoPost[];
}

async function main(): Promise<void> {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const transcript: string[] = [
    '# hexmate demo transcript',
    '',
    'The real bot against a local Discord stand-in (no token, no network, in-memory store).',
    '',
  ];
  const say = (line: string) => {
    transcript.push(line);
    console.log(line);
  };

  const fake = await startFakeDiscord();
  const guild = fake.addGuild({ name: 'Hex Club' });
  const channel = fake.addChannel(guild.id, { name: 'games' });
  const alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  const bob = fake.addUser({ username: 'bob', globalName: 'Bob' });
  const names = new Map([alice, bob, fake.botUser].map((u) => [u.id, u.global_name ?? u.username]));
  const human = (text: string) => text.replace(/<@(\d+)>/g, (_m, id: string) => `@${names.get(id) ?? id}`);
  const posts: DemoPost[] = [];
  const threads: Record<string, string> = {};
  let section = 'rules';

  const log = createLogger({ level: 'warn' });
  const store = await openStore({ prefix: 'hexmate-demo:', logger: { warn: () => {}, info: () => {} } });
  const bot = await startBot({ token: fake.token, apiUrl: fake.apiBase, store, logger: log, sweepIntervalMs: 0 });
  await fake.waitForReady();
  let pngs = 0;

  const savePng = async (game: GameId, m: FakeMessage | undefined, n: number, suffix = '') => {
    const a = m?.attachments[0];
    if (!a) return;
    const file = `${game}-${String(n).padStart(2, '0')}${suffix}.png`;
    await writeFile(join(OUT, file), a.bytes);
    pngs++;
    return file;
  };
  /** A message's buttons and menus (a menu by its placeholder). */
  const components = (m: FakeMessage | undefined): DemoComponent[] =>
    (
      (m?.components ?? []) as {
        components?: { type: number; label?: string; placeholder?: string; style?: number; disabled?: boolean }[];
      }[]
    ).flatMap((r) =>
      (r.components ?? []).map((c) => ({
        type: c.type,
        label: c.label ?? c.placeholder ?? '',
        ...(c.style ? { style: c.style } : {}),
        ...(c.disabled ? { disabled: true } : {}),
      })),
    );
  const labels = (m: FakeMessage | undefined): string[] =>
    components(m)
      .map((c) => c.label)
      .filter(Boolean);
  /** A post in the transcript (and thread.json); `buttons`: list the message's buttons under it. */
  const post = (
    who: string,
    what: string,
    m: FakeMessage | undefined,
    file?: string,
    ephemeral = false,
    text = m?.content ?? '',
    buttons = false,
  ) => {
    say(`**${who}**: ${what}`);
    if (m || ephemeral)
      say(
        `> ${ephemeral ? '(only you can see this) ' : ''}${human(text).split('\n').join('\n> ')}${file ? `\n> [${file}]` : ''}`,
      );
    if (buttons) say(`> [buttons: ${labels(m).join(' · ')}]`);
    say('');
    const e = m?.embeds?.[0] as { title?: string; description?: string; footer?: { text: string } } | undefined;
    posts.push({
      section,
      who,
      action: what,
      ephemeral,
      content: m?.content ?? '',
      ...(e ? { embed: { title: e.title, description: e.description, footer: e.footer?.text } } : {}),
      ...(file ? { image: file } : {}),
      components: components(m),
      ...(m?.timestamp ? { at: m.timestamp } : {}),
    });
  };
  /** Saves a message's picture under `file`. */
  const saveAs = async (m: FakeMessage | undefined, file: string) => {
    const a = m?.attachments[0];
    if (!a) throw new Error(`no picture for ${file}`);
    await writeFile(join(OUT, file), a.bytes);
    return file;
  };
  const opts = (o: Record<string, string | number | boolean | FakeUser>): CommandOption[] =>
    Object.entries(o).map(([name, v]) =>
      typeof v === 'string'
        ? { name, type: 3, value: v }
        : typeof v === 'number'
          ? { name, type: 4, value: v }
          : typeof v === 'boolean'
            ? { name, type: 5, value: v }
            : { name, type: 6, value: v.id },
    );

  /** An embed as transcript text: title, description, fields, footer. */
  const embedText = (m: FakeMessage | undefined): string => {
    const e = m?.embeds?.[0] as
      | { title?: string; description?: string; fields?: { name: string; value: string }[]; footer?: { text: string } }
      | undefined;
    if (!e) return m?.content ?? '';
    return [
      e.title && `**${e.title}**`,
      e.description,
      ...(e.fields ?? []).map((f) => `**${f.name}**\n${f.value}`),
      e.footer?.text,
    ]
      .filter(Boolean)
      .join('\n');
  };

  type Part = {
    type: number;
    custom_id: string;
    label?: string;
    placeholder?: string;
    options?: { label: string; value: string }[];
  };
  const parts = (m: FakeMessage): Part[] => (m.components as { components: Part[] }[]).flatMap((r) => r.components);
  const buttonId = (m: FakeMessage, label: string): string => {
    const b = parts(m).find((c) => c.type === 2 && c.label === label);
    if (!b) throw new Error(`no ${label} button on ${m.id}`);
    return b.custom_id;
  };

  /** The menu path of a move in the game's current position (what a player picks, step by step). */
  const pathOf = (game: GameId, state: unknown, text: string): string[] => {
    const g = getGame(game);
    const m = g.parseMove(state, text) as { ok: true; value: unknown };
    return g.movePaths!(state, [m.value])[0].steps.map((x) => x.code);
  };

  /**
   * A move played with the builder only: Move on the latest post, a choice in
   * each private menu, the preview, Confirm. `show`: write every step (the
   * menus and the preview image) to the transcript, else one line.
   */
  async function buildMove(
    game: GameId,
    who: string,
    user: FakeUser,
    threadId: string,
    state: unknown,
    text: string,
    show: boolean,
    n: number,
  ): Promise<FakeMessage> {
    const posts = fake.messages(threadId).filter((m) => parts(m).some((c) => c.label === 'Move'));
    const latest = posts[posts.length - 1];
    let m = (await fake.click(user, latest.id, buttonId(latest, 'Move')).done()).original!;
    if (show) post(who, 'clicks **Move** under the board', m, undefined, true);
    const codes = pathOf(game, state, text);
    const picked: string[] = [];
    while (parts(m).some((c) => c.type === 3)) {
      const menus = parts(m).filter((c) => c.type === 3);
      const at = menus[0].custom_id.split(':')[5];
      const rest = codes.slice(at ? at.split('.').length : 0);
      const hit = menus
        .flatMap((s) => s.options!.map((o) => ({ s, o })))
        .find(({ o }) => o.value.split('.').every((c, i) => rest[i] === c))!;
      if (show) {
        for (const s of menus) say(`> [${s.placeholder ?? ''}] ${s.options!.map((o) => o.label).join(' | ')}`);
        say('');
      }
      picked.push(hit.o.label);
      await fake.click(user, m.id, hit.s.custom_id, { values: [hit.o.value] }).done();
      m = fake.message(m.id)!;
      if (show) post(who, `picks **${hit.o.label}**`, parts(m).some((c) => c.type === 3) ? m : undefined);
    }
    if (show) post(who, 'sees the preview', m, await savePng(game, m, n, '-preview'), true);
    const before = fake.messages(threadId).length;
    await fake.click(user, m.id, buttonId(m, 'Confirm')).done();
    const board = await fake.waitForMessage(threadId, (p) => fake.messages(threadId).indexOf(p) >= before);
    if (show) post(who, 'clicks **Confirm**', fake.message(m.id), undefined, true);
    else say(`**${who}** builds ${text}: Move › ${picked.join(' › ')} › Confirm`);
    return board;
  }

  /** A rules page as the reader sees it: its text, its picture, its buttons. */
  const page = (who: string, what: string, m: FakeMessage, file: string) => {
    post(who, what, m, file, true, embedText(m), true);
  };

  /** Before playing: Alice opens the Orion Duel lesson and turns a page. */
  async function learn(): Promise<void> {
    section = 'rules';
    say('## Learning the rules');
    say('');
    const first = (await fake.slash(alice, channel.id, 'rules', opts({ game: 'orion' })).done()).original!;
    page('Alice', '/rules game:orion', first, await saveAs(first, 'rules-orion-1.png'));
    await fake.click(alice, first.id, buttonId(first, 'Next')).done();
    const second = fake.message(first.id)!;
    page('Alice', 'clicks **Next**', second, await saveAs(second, 'rules-orion-2.png'));
  }

  async function playGame(
    game: GameId,
    extra: Record<string, string | number | boolean>,
    moves: string[],
    builder = false,
  ): Promise<void> {
    const title = getGame(game).title;
    section = game;
    say(`## ${title}`);
    say('');
    const ch = await fake
      .slash(alice, channel.id, 'challenge', opts({ game, opponent: bob, first: 'me', ...extra }))
      .done();
    const card = ch.original!;
    const embed = card.embeds[0] as { title?: string; description?: string };
    post(
      'Alice',
      `/challenge ${Object.entries({ game, opponent: '@Bob', first: 'me', ...extra })
        .map(([k, v]) => `${k}:${v}`)
        .join(' ')}`,
      card,
      undefined,
      false,
      `${embed.title}\n${embed.description}`,
    );
    const acceptId = (card.components as { components: { custom_id: string }[] }[])[0].components[0].custom_id;
    await fake.click(bob, card.id, acceptId).done();
    say('**Bob** clicks Accept.');
    say('');
    let thread = fake.threads(channel.id).find((t) => t.name.startsWith(title));
    for (let i = 0; !thread && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 25));
      thread = fake.threads(channel.id).find((t) => t.name.startsWith(title));
    }
    if (!thread) throw new Error('no game thread was opened');
    const start = await fake.waitForMessage(thread.id, (m) => m.attachments.length > 0);
    say(`Thread **${thread.name}**`);
    threads[game] = thread.name;
    post('hexmate', 'posts the starting board', start, await savePng(game, start, 0));
    let n = 0;
    for (const text of moves) {
      const rec = (await store.channels.active(thread.id))!;
      const g = getGame(game);
      const state = (g.fromJSON(rec.state) as { ok: true; value: unknown }).value;
      const side = g.toMove(state);
      const user = side === 0 ? alice : bob;
      const other = side === 0 ? bob : alice;
      if (n === 2 && builder) {
        // Show a refusal once: the builder is for the player to move only.
        const latest = fake
          .messages(thread.id)
          .filter((m) => parts(m).some((c) => c.label === 'Move'))
          .at(-1)!;
        const wrong = await fake.click(other, latest.id, buttonId(latest, 'Move')).done();
        post(names.get(other.id)!, 'clicks **Move**', wrong.original, undefined, true);
      } else if (n === 2) {
        // Show a refusal once: out of turn, ephemeral, nothing changes.
        const wrong = await fake.slash(other, thread.id, 'move', opts({ text })).done();
        post(names.get(other.id)!, `/move text:${text}`, wrong.original, undefined, true);
      }
      if (!builder && n + 1 === EXXIT_ILLEGAL.before) {
        // An illegal move: refused privately with the rule it breaks, and a Why? button that opens the rule's page.
        const r = await fake.slash(user, thread.id, 'move', opts({ text: EXXIT_ILLEGAL.text })).done();
        const note = r.original!;
        if (!note.content.startsWith(`${EXXIT_ILLEGAL.rule}:`))
          throw new Error(`expected an ${EXXIT_ILLEGAL.rule} refusal, got: ${note.content}`);
        post(names.get(user.id)!, `/move text:${EXXIT_ILLEGAL.text}`, note, undefined, true, note.content, true);
        const why = (await fake.click(user, note.id, buttonId(note, 'Why?')).done()).original!;
        page(names.get(user.id)!, 'clicks **Why?**', why, await saveAs(why, `rules-${game}-why.png`));
      }
      n++;
      if (builder) {
        const board = await buildMove(game, names.get(user.id)!, user, thread.id, state, text, n <= 2, n);
        post('hexmate', 'posts the board in the thread', board, await savePng(game, board, n));
      } else {
        const r = await fake.slash(user, thread.id, 'move', opts({ text })).done();
        post(names.get(user.id)!, `/move text:${text}`, r.original, await savePng(game, r.original, n));
      }
      if (n === 4) {
        // Anyone can find the games being played and watch them.
        const list = await fake.slash(alice, channel.id, 'games').done();
        post('Alice', '/games', list.original, undefined, false, embedText(list.original));
      }
      if (n === 10 && builder) {
        // What the picture leaves out, privately: the victory conditions' parts, the next points, the tiles left.
        const d = await fake.slash(bob, thread.id, 'board', opts({ detail: true })).done();
        post('Bob', '/board detail:true', d.original, undefined, true, embedText(d.original));
      }
    }
    const done = (await store.channels.latest(thread.id))!;
    say(`Move log (${done.moves.length}): ${done.moves.join('; ')}`);
    say(`Thread archived: ${fake.channel(thread.id)?.thread_metadata?.archived === true}.`);
    say('');
    // The replay as a player gets it: /replay with the id from the final message.
    const viewer = game === 'orion' ? bob : alice;
    const rp = await fake.slash(viewer, channel.id, 'replay', opts({ game: done.id })).done();
    const gif = rp.original?.attachments.find((a) => a.filename.endsWith('.gif'));
    if (!gif)
      throw new Error(
        `/replay posted no GIF: ${(rp.callback.data as { content?: string } | undefined)?.content ?? ''}`,
      );
    await writeFile(join(OUT, `${game}-replay.gif`), gif.bytes);
    const list = rp.original?.attachments.find((a) => a.filename.endsWith('.txt'));
    if (list) await writeFile(join(OUT, `${game}-moves.txt`), list.bytes);
    post(
      names.get(viewer.id)!,
      `/replay game:${done.id}`,
      rp.original,
      `${game}-replay.gif`,
      false,
      embedText(rp.original),
    );
  }

  /** After both games: the player's stats and the (provisional) leaderboard. */
  async function lookAround(): Promise<void> {
    section = 'around';
    say('## Around the matches');
    say('');
    const st = await fake.slash(alice, channel.id, 'stats').done();
    post('Alice', '/stats', st.original, undefined, false, embedText(st.original));
    const lb = await fake.slash(bob, channel.id, 'leaderboard', opts({ game: 'orion' })).done();
    post('Bob', '/leaderboard game:orion', lb.original, undefined, false, embedText(lb.original));
  }

  try {
    await learn();
    await playGame('orion', { layout: 'preset1', rated: true }, split(ORION), true);
    await playGame('exxit', { tiles: 19 }, split(EXXIT));
    await lookAround();
    say(`Discord API schema violations: ${fake.violations.length}`);
    await writeFile(join(OUT, 'transcript.md'), transcript.join('\n') + '\n');
    const thread: DemoThread = {
      names: Object.fromEntries(names),
      botId: fake.botUser.id,
      channel: channel.name ?? 'games',
      threads,
      posts,
    };
    await writeFile(join(OUT, 'thread.json'), JSON.stringify(thread, null, 1) + '\n');
    console.log(
      `\nWrote ${pngs} board PNGs, 3 rules pages' pictures, 2 replay GIFs, transcript.md and thread.json to ${OUT}/`,
    );
    if (fake.violations.length) console.error(JSON.stringify(fake.violations, null, 2));
  } finally {
    await bot.stop();
    await closeRenderPool();
    await fake.close();
    await store.close();
  }
}

main().catch((e) => {
  console.error(`demo failed: ${e instanceof Error ? e.stack : String(e)}`);
  process.exit(1);
});

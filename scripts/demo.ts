// npm run demo: hexmate with no token and no network. The real bot talks to
// the local Discord stand-in (test/support/fake-discord) on an embedded
// store; scripted players play a full game of each kind — Orion Duel with
// the Move button's private builder (menus, preview, Confirm), Exxit with
// /move — then look at /games, /replay, /stats and /leaderboard. Board PNGs
// (and the builder's first previews), the replay GIFs (as /replay posted
// them) and a transcript land in demo-output/.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { closeRenderPool, startBot } from '../src/bot/index.js';
import { getGame, type GameId } from '../src/engine/index.js';
import { createLogger } from '../src/log.js';
import { openStore } from '../src/store/index.js';
import { startFakeDiscord, type CommandOption, type FakeMessage, type FakeUser } from '../test/support/fake-discord/index.js';

const OUT = 'demo-output';

const ORION = 'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE';
// A 19-tile Exxit game; the bot plays the forced passes itself (EX-10) and it ends on two passes (EX-20b).
const EXXIT =
  'P 1,0; P 0,1; D 1,0 SW; P 1,-1; P 0,0; D 1,-1 SW; D 0,1 NW; P 1,0; F 0,-1; P 0,1; P 0,-1; D 0,0 NW; D 0,-1 SE; D 1,0 W; D 0,1 NW; P 0,1; P 1,-1; D 0,0 NE; P 0,0; D 0,1 NW; D 1,-1 SW; P 1,-1; D 0,-1 E; P 0,1; D 0,0 SE; P 0,0; D 0,1 NW; F -1,1; D 1,-1 SW; D 0,0 SW; P 0,0; D -1,1 NE; D 0,-1 E; P 1,0; P -1,1; P 0,-1; P 0,1';

const split = (s: string) => s.split(';').map((m) => m.trim()).filter(Boolean);

async function main(): Promise<void> {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const transcript: string[] = ['# hexmate demo transcript', '', 'The real bot against a local Discord stand-in (no token, no network, in-memory store).', ''];
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
  const post = (who: string, what: string, m: FakeMessage | undefined, file?: string, ephemeral = false) => {
    say(`**${who}**: ${what}`);
    if (m || ephemeral) say(`> ${ephemeral ? '(only you can see this) ' : ''}${human(m?.content ?? '').split('\n').join('\n> ')}${file ? `\n> [${file}]` : ''}`);
    say('');
  };
  const opts = (o: Record<string, string | number | boolean | FakeUser>): CommandOption[] =>
    Object.entries(o).map(([name, v]) =>
      typeof v === 'string' ? { name, type: 3, value: v } : typeof v === 'number' ? { name, type: 4, value: v } : typeof v === 'boolean' ? { name, type: 5, value: v } : { name, type: 6, value: v.id },
    );

  /** An embed as transcript text: title, description, fields, footer. */
  const embedText = (m: FakeMessage | undefined): string => {
    const e = m?.embeds[0] as { title?: string; description?: string; fields?: { name: string; value: string }[]; footer?: { text: string } } | undefined;
    if (!e) return m?.content ?? '';
    return [e.title && `**${e.title}**`, e.description, ...(e.fields ?? []).map((f) => `**${f.name}**\n${f.value}`), e.footer?.text]
      .filter(Boolean)
      .join('\n');
  };

  type Part = { type: number; custom_id: string; label?: string; placeholder?: string; options?: { label: string; value: string }[] };
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
  async function buildMove(game: GameId, who: string, user: FakeUser, threadId: string, state: unknown, text: string, show: boolean, n: number): Promise<FakeMessage> {
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
      const hit = menus.flatMap((s) => s.options!.map((o) => ({ s, o }))).find(({ o }) => o.value.split('.').every((c, i) => rest[i] === c))!;
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

  async function playGame(game: GameId, extra: Record<string, string | number | boolean>, moves: string[], builder = false): Promise<void> {
    const title = getGame(game).title;
    say(`## ${title}`);
    say('');
    const ch = await fake.slash(alice, channel.id, 'challenge', opts({ game, opponent: bob, first: 'me', ...extra })).done();
    const card = ch.original!;
    const embed = card.embeds[0] as { title?: string; description?: string };
    post('Alice', `/challenge ${Object.entries({ game, opponent: '@Bob', first: 'me', ...extra }).map(([k, v]) => `${k}:${v}`).join(' ')}`, { ...card, content: `${embed.title}\n${embed.description}` });
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
    post('hexmate', 'posts the starting board', start, await savePng(game, start, 0));
    let n = 0;
    for (const text of moves) {
      const rec = (await store.games.activeByChannel(thread.id))!;
      const g = getGame(game);
      const state = (g.fromJSON(rec.state) as { ok: true; value: unknown }).value;
      const side = g.toMove(state);
      const user = side === 0 ? alice : bob;
      const other = side === 0 ? bob : alice;
      if (n === 2 && builder) {
        // Show a refusal once: the builder is for the player to move only.
        const latest = fake.messages(thread.id).filter((m) => parts(m).some((c) => c.label === 'Move')).at(-1)!;
        const wrong = await fake.click(other, latest.id, buttonId(latest, 'Move')).done();
        post(names.get(other.id)!, 'clicks **Move**', { content: (wrong.callback.data as { content: string }).content } as FakeMessage, undefined, true);
      } else if (n === 2) {
        // Show a refusal once: out of turn, ephemeral, nothing changes.
        const wrong = await fake.slash(other, thread.id, 'move', opts({ text })).done();
        post(names.get(other.id)!, `/move text:${text}`, { content: (wrong.callback.data as { content: string }).content } as FakeMessage, undefined, true);
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
        post('Alice', '/games', { ...list.original!, content: embedText(list.original) });
      }
    }
    const done = (await store.games.byChannel(thread.id))!;
    say(`Move log (${done.moves.length}): ${done.moves.join('; ')}`);
    say(`Thread archived: ${fake.channel(thread.id)?.thread_metadata?.archived === true}.`);
    say('');
    // The replay as a player gets it: /replay with the id from the final message.
    const viewer = game === 'orion' ? bob : alice;
    const rp = await fake.slash(viewer, channel.id, 'replay', opts({ game: done.id })).done();
    const gif = rp.original?.attachments.find((a) => a.filename.endsWith('.gif'));
    if (!gif) throw new Error(`/replay posted no GIF: ${(rp.callback.data as { content?: string } | undefined)?.content ?? ''}`);
    await writeFile(join(OUT, `${game}-replay.gif`), gif.bytes);
    const list = rp.original?.attachments.find((a) => a.filename.endsWith('.txt'));
    if (list) await writeFile(join(OUT, `${game}-moves.txt`), list.bytes);
    post(names.get(viewer.id)!, `/replay game:${done.id}`, { ...rp.original!, content: embedText(rp.original) }, `${game}-replay.gif`);
  }

  /** After both games: the player's stats and the (provisional) leaderboard. */
  async function lookAround(): Promise<void> {
    say('## Around the matches');
    say('');
    const st = await fake.slash(alice, channel.id, 'stats').done();
    post('Alice', '/stats', { ...st.original!, content: embedText(st.original) });
    const lb = await fake.slash(bob, channel.id, 'leaderboard', opts({ game: 'orion' })).done();
    post('Bob', '/leaderboard game:orion', { ...lb.original!, content: embedText(lb.original) });
  }

  try {
    await playGame('orion', { layout: 'preset1', rated: true }, split(ORION), true);
    await playGame('exxit', { tiles: 19 }, split(EXXIT));
    await lookAround();
    say(`Discord API schema violations: ${fake.violations.length}`);
    await writeFile(join(OUT, 'transcript.md'), transcript.join('\n') + '\n');
    console.log(`\nWrote ${pngs} board PNGs, 2 replay GIFs and transcript.md to ${OUT}/`);
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

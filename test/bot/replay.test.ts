// /replay through the real bot and the real renderer: the GIF has one frame
// per ply plus the start, the move list is right (in the embed when short, a
// text file when long), games in progress replay up to the current move, and
// bad ids are refused clearly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { parseGif } from '../render/gif.js';
import { createHarness, isEphemeral, type Harness } from './harness.js';
import { errorText } from '../../src/engine/game.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(h.fake.violations).toEqual([]);
  expect(h.fake.unknownRoutes).toEqual([]);
  expect(h.fake.warnings).toEqual([]);
  expect(h.fake.unanswered()).toEqual([]);
  await h.close();
});

const refusal = async (p: Promise<{ callback: { data?: any } }>) => {
  const r = await p;
  expect(isEphemeral(r)).toBe(true);
  return r.callback.data.content as string;
};

// The first moves of the rules file's first Orion ending (test/bot/games.test.ts).
const ORION = ['V3 F8 NW R', 'V3 D3 NE R', 'T3 C7 SE', 'P2 B1 NE'];

/** Stores a finished game as the bot would have (engine-played, canonical log), without the Discord round trips. */
async function storedGame(game: 'exxit' | 'orion', setup: string, moves: string[], guildId = h.guild.id) {
  const eng = getGame(game);
  const st = eng.initial(setup);
  if (!st.ok) throw new Error('setup');
  let state = st.value;
  const canonical: string[] = [];
  for (const m of moves) {
    const p = eng.parseMove(state, m);
    if (!p.ok) throw new Error(`${m}: ${errorText(p.error)}`);
    canonical.push(eng.formatMove(state, p.value, 'canonical'));
    const n = eng.play(state, p.value);
    if (!n.ok) throw new Error(m);
    state = n.value;
  }
  const created = await h.store.games.create({
    game,
    setup,
    guildId,
    channelId: `7${Math.floor(Math.random() * 1e17)}`,
    players: [
      { id: h.alice.id, name: 'Alice' },
      { id: h.bob.id, name: 'Bob' },
    ],
    rated: false,
    state: eng.initial(setup).ok ? (eng.initial(setup) as any).value : null,
    clock: null,
  });
  if (!created.ok) throw new Error('create');
  const o = eng.outcome(state);
  const res = await h.store.games.update(created.game.id, 1, {
    state,
    appendMoves: canonical,
    status: o.over ? 'over' : 'active',
    result: o.over ? { winner: o.draw ? null : o.winner, draw: o.draw, reason: o.reason ?? 'over' } : null,
  });
  if (!res.ok) throw new Error('update');
  return res.game;
}

const gifOf = (msg: { attachments: { filename: string; bytes?: Buffer }[] }) => {
  const a = msg.attachments.find((x) => x.filename.endsWith('.gif'));
  expect(a?.bytes).toBeDefined();
  return parseGif(new Uint8Array(a!.bytes!));
};

describe('/replay', () => {
  it('a finished game: deferred, a GIF with one frame per ply plus the start, the move list in the embed', async () => {
    const { channelId, rec } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    for (let k = 0; k < ORION.length; k++)
      expect(isEphemeral(await h.move(k % 2 ? h.bob : h.alice, channelId, ORION[k]))).toBe(false);
    const over = await h.slash(h.alice, channelId, 'resign').done();
    expect(over.original!.content).toContain(`/replay game:${rec.id}`);

    // Anyone in the server may watch it, from any channel; the id may be pasted in capitals with backticks.
    const res = await h.slash(h.carol, h.channel.id, 'replay', { game: ` \`${rec.id.toUpperCase()}\` ` }).done();
    expect(res.callback.type).toBe(5); // deferred: the film is drawn after the answer
    expect(isEphemeral(res)).toBe(false);
    const msg = res.original!;
    const gif = gifOf(msg);
    expect(gif.frames).toHaveLength(ORION.length + 1);
    const e = msg.embeds[0] as any;
    expect(e.title).toBe('Replay · Orion Duel · Alice vs Bob');
    expect(e.url).toBe(`https://discord.com/channels/${h.guild.id}/${channelId}`);
    expect(e.image.url).toBe(`attachment://replay-${rec.id}.gif`);
    expect(e.description).toContain(`4 moves · game \`${rec.id}\``);
    expect(e.description).toMatch(/\(Blue\) wins\*\* \(resignation\)/);
    expect(e.fields[0].name).toBe('Moves');
    expect(e.fields[0].value).toBe(
      '```\n1. Orange: V3 F8 NW R\n2. Blue: V3 D3 NE R\n3. Orange: T3 C7 SE\n4. Blue: P2 B1 NE\n```',
    );
    expect(msg.attachments).toHaveLength(1);
  });

  it('a long game: the move list is a text file; labels and coordinates of each move', async () => {
    const rec = await storedGame('exxit', 'short', [...EXXIT_SHORT]);
    expect(rec.status).toBe('over');
    const res = await h.slash(h.bob, h.channel.id, 'replay', { game: rec.id }).done();
    const msg = res.original!;
    expect(gifOf(msg).frames).toHaveLength(EXXIT_SHORT.length + 1);
    const txt = msg.attachments.find((a) => a.filename === `moves-${rec.id}.txt`);
    const text = txt!.bytes.toString('utf8');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('Exxit · Alice (Red) vs Bob (Black)');
    expect(lines[1]).toBe(`Game ${rec.id} · 19 tiles (short) · casual`);
    expect(lines[2]).toMatch(/EX-20b/);
    const moves = lines.slice(4);
    expect(moves).toHaveLength(EXXIT_SHORT.length);
    expect(moves[0]).toMatch(/^ 1\. Red: P \S+ {2}\(P 1,0\)$/);
    expect(moves[1]).toMatch(/^ 2\. Black: P \S+ {2}\(P 0,1\)$/);
    expect(moves[33]).toMatch(/^34\. (Red|Black): pass$/);
    expect(moves[42]).toMatch(/^43\. (Red|Black): pass$/);
    expect((msg.embeds[0] as any).fields[0].value).toBe(`43 moves: see \`moves-${rec.id}.txt\`.`);
  });

  it('a game in progress replays up to the current move', async () => {
    const { channelId, rec } = await h.startGame('orion', h.bob, h.carol, { layout: 'preset1' });
    await h.move(h.bob, channelId, ORION[0]);
    await h.move(h.carol, channelId, ORION[1]);
    const res = await h.slash(h.alice, channelId, 'replay', { game: rec.id }).done();
    expect(gifOf(res.original!).frames).toHaveLength(3);
    expect((res.original!.embeds[0] as any).description).toContain('**In progress**: replayed up to move 2.');
  });

  it('refuses bad and unknown ids, games of other servers, games without moves, and a second film at once', async () => {
    expect(await refusal(h.slash(h.alice, h.channel.id, 'replay', { game: 'no such game!' }).done())).toMatch(
      /^`no such game!` is not a game id/,
    );
    expect(await refusal(h.slash(h.alice, h.channel.id, 'replay', { game: 'abcdefghij' }).done())).toBe(
      'There is no game `abcdefghij` in this server. Check the id under the game’s final message or in `/stats`.',
    );
    const elsewhere = await storedGame('orion', 'preset1', ORION.slice(0, 2), '123456789012345678');
    expect(await refusal(h.slash(h.alice, h.channel.id, 'replay', { game: elsewhere.id }).done())).toMatch(
      /no game `\w+` in this server/,
    );
    const fresh = await h.startGame('exxit', h.carol, h.alice, { tiles: 19 });
    expect(await refusal(h.slash(h.alice, h.channel.id, 'replay', { game: fresh.rec.id }).done())).toMatch(
      /has no moves yet/,
    );
    expect(await refusal(h.slash(h.alice, h.channel.id, 'replay', { game: 42 as never }).done())).toMatch(/wrong type/);
    // Alice replayed a game in the test above, seconds ago: a per-user cooldown.
    const here = await storedGame('orion', 'preset1', ORION.slice(0, 2));
    expect(await refusal(h.slash(h.alice, h.channel.id, 'replay', { game: here.id }).done())).toMatch(
      /^You asked for a replay just now; try again in \d+ s\.$/,
    );
  });

  it("autocomplete offers the user's games in this server that have moves", async () => {
    const ac = h.fake.autocomplete(h.alice, h.channel.id, 'replay', [
      { name: 'game', type: 3, value: 'orion', focused: true },
    ]);
    const choices = (await ac.response()).data.choices as { name: string; value: string }[];
    expect(choices.length).toBeGreaterThanOrEqual(1);
    for (const c of choices) {
      expect(c.name).toMatch(/^Orion Duel · /);
      const g = await h.store.games.get(c.value);
      expect(g?.guildId).toBe(h.guild.id);
      expect(g?.moves.length).toBeGreaterThan(0);
    }
  });
});

describe('/replay when drawing fails', () => {
  it('a film over 8 MB, or a log the renderer refuses: the deferred reply becomes a clear ephemeral refusal', async () => {
    let mode: 'big' | 'throw' = 'big';
    const hx = await createHarness({
      bot: {
        renderReplay: async () => {
          if (mode === 'throw') throw new Error('move 3 "X": EX-13b: nope');
          return Buffer.alloc(8 * 1024 * 1024 + 1);
        },
      },
    });
    try {
      const { channelId, rec } = await hx.startGame('orion', hx.alice, hx.bob, { layout: 'preset1' });
      await hx.move(hx.alice, channelId, ORION[0]);
      const big = await hx.slash(hx.alice, hx.channel.id, 'replay', { game: rec.id }).done({ followups: 1 });
      expect(big.callback.type).toBe(5);
      const note = big.followups[0];
      expect(note.flags & 64).toBe(64);
      expect(note.content).toMatch(
        new RegExp(`^The replay of game \`${rec.id}\` is too large to upload \\(8\\.0 MB, Discord takes 8 MB\\)\\.$`),
      );
      mode = 'throw';
      const bad = await hx.slash(hx.bob, hx.channel.id, 'replay', { game: rec.id }).done({ followups: 1 });
      expect(bad.followups[0].content).toBe(`I could not draw game \`${rec.id}\`: its move log does not replay.`);
      // No "thinking…" left behind in the channel.
      expect(
        hx.fake
          .messages(hx.channel.id)
          .filter((m) => /replay/i.test(m.content) && m.attachments.length === 0 && m.embeds.length === 0),
      ).toEqual([]);
      expect(hx.fake.violations).toEqual([]);
      expect(hx.fake.unanswered()).toEqual([]);
    } finally {
      await hx.close();
    }
  });
});

// /board detail:true through the real bot and the fake Discord: a private
// answer, in the reader's language, with what the picture leaves out — the
// figures of the engine's detail notes (Exxit: each side's score and its
// parts, reserves, prisoners, the stock; Orion Duel: the victory conditions
// and their parts, the next points, the tiles left, the tiebreak) — and the
// plain /board repost unchanged.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { lessonsOf } from '../../src/engine/lessons.js';
import { checkAndCloseAfterEach, createHarness, isEphemeral, toMove, type Harness } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const NNBSP = '\u202f';

/** Plays `moves` in the game of `channelId` by whoever is to move. */
async function play(channelId: string, moves: readonly string[]): Promise<void> {
  for (const mv of moves) {
    const who = toMove(await h!.game(channelId)) === 0 ? h!.alice : h!.bob;
    const r = await h!.move(who, channelId, mv);
    expect(isEphemeral(r), `${mv}: ${JSON.stringify(r.callback.data?.content)}`).toBe(false);
  }
}

async function detail(channelId: string, locale?: string) {
  const r = await h!.fake
    .slash(h!.carol, channelId, 'board', [{ name: 'detail', type: 5, value: true }], { locale })
    .done();
  expect(isEphemeral(r)).toBe(true);
  expect(r.original!.attachments).toEqual([]);
  const e = r.original!.embeds[0] as { title: string; description: string; footer: { text: string } };
  return { ...e, lines: e.description.split('\n') };
}

/** The engine tool's view of the stored game: an independent source of the figures. */
async function summary(channelId: string): Promise<any> {
  const rec = await h!.game(channelId);
  const g = getGame(rec.game);
  const s = g.fromJSON(rec.state);
  if (!s.ok) throw new Error('bad state');
  return g.summary(s.value);
}

describe('/board detail:true', () => {
  it('Exxit: each side’s score with its parts, reserve and prisoners, and the stock, privately, for anyone', async () => {
    h = await createHarness();
    const { channelId, rec } = await h.startGame('exxit', h.alice, h.bob, { tiles: 19 });
    // The demo's opening: a dance, then an exit dance that takes a prisoner.
    await play(channelId, ['P 1,0', 'P 0,1', 'D 1,0 SW', 'P 1,-1', 'P 0,0', 'D 1,-1 SW', 'D 0,1 NW']);
    const s = await summary(channelId);
    const d = await detail(channelId);
    expect(d.title).toBe('Exxit · Alice vs Bob · a closer look');
    expect(d.lines[0]).toBe(`19 tiles (short) · 7 moves played · Bob to move (Black)`);
    const colours = ['red', 'black'] as const;
    for (const [k, name] of [
      [0, 'Red'],
      [1, 'Black'],
    ] as const) {
      const c = colours[k];
      const tiles = (s.tiles as { color: string }[]).filter((t) => t.color === c).length;
      const prisoners = (s.prisoners as { stack: string[] }[]).reduce(
        (n, p) => n + p.stack.filter((x) => x === c).length,
        0,
      );
      const line = d.lines.find((l) => l.startsWith(`${name}: `))!;
      const m =
        /^\w+: (\d+) points? = (\d+) tiles? \+ (\d+) for the largest group \(EX-21\) · (\d+) pawns? in reserve · (no|\d+) pawns? held prisoner$/.exec(
          line,
        );
      expect(m, line).not.toBeNull();
      const [score, t, group, reserve, held] = m!.slice(1).map((x) => (x === 'no' ? 0 : Number(x)));
      // The score and its parts agree with the engine's own count (EX-21), and so do the pawns.
      expect(score).toBe(s.score[c]);
      expect(t).toBe(tiles);
      expect(t + group).toBe(score);
      expect(group).toBeGreaterThan(0);
      expect(reserve).toBe(s.reserves[c]);
      expect(held).toBe(prisoners);
    }
    expect(s.prisoners.length).toBeGreaterThan(0);
    expect(d.lines).toContain(
      `Stock: ${s.stock} tiles left of 19 (EX-4) · ${s.prisoners.length === 1 ? '1 prisoner cell' : `${s.prisoners.length} prisoner cells`}`,
    );
    expect(d.footer.text).toBe(`Only you see this: the figures the picture leaves out. Game ${rec.id}.`);

    // In French for a French reader; the game is untouched, and /board without the option still reposts publicly.
    const fr = await detail(channelId, 'fr');
    expect(fr.title).toBe('Exxit · Alice contre Bob · vue détaillée');
    expect(fr.lines.find((l) => l.startsWith('Rouge'))).toMatch(
      new RegExp(
        `^Rouge${NNBSP}: \\d+ points? = \\d+ tuiles? \\+ \\d+ pour le plus grand groupe \\(EX-21\\) · \\d+ pions? en réserve · `,
      ),
    );
    expect(fr.lines.find((l) => l.startsWith('Pioche'))).toBe(
      `Pioche${NNBSP}: ${s.stock} tuiles restantes sur 19 (EX-4) · ${s.prisoners.length} case${s.prisoners.length > 1 ? 's' : ''} prisonnière${s.prisoners.length > 1 ? 's' : ''}`,
    );
    expect((await h.game(channelId)).moves).toHaveLength(7);
    const pub = await h.slash(h.carol, channelId, 'board').done();
    expect(isEphemeral(pub)).toBe(false);
    expect(pub.original!.attachments).toHaveLength(1);
  });

  it('Orion Duel: victory conditions with their parts, the next points, the tiles left and the tiebreak as the board stands', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    const lesson = lessonsOf('orion').find((l) => l.topic === 'reading-the-board')!;
    await play(channelId, lesson.moves);
    const s = await summary(channelId);
    const d = await detail(channelId);
    expect(d.lines[0]).toBe('preset layout 1 · 10 moves played · Alice to move (Orange)');
    for (const [c, name, other] of [
      ['orange', 'Orange', 'Blue'],
      ['blue', 'Blue', 'Orange'],
    ] as const) {
      const vc = s.vcDetail[c];
      const cond = d.lines.find((l) => l.startsWith(`${name}: `) && l.includes('OD-17'))!;
      expect(cond).toMatch(
        new RegExp(
          `^${name}: ${vc.total} victory conditions? \\(OD-17\\) = ${vc.constellations} constellations? \\(purple sides (not )?joined, red (not )?joined, green (not )?joined\\) \\+ ${vc.galaxies} for galaxies \\+ ${vc.blackHoles} for black holes$`,
        ),
      );
      expect(cond.match(/ joined/g)!.length - (cond.match(/not joined/g) ?? []).length).toBe(vc.constellations);
      const next = d.lines.find((l) => l.startsWith(`${name}, next points: `))!;
      expect(next).toMatch(
        new RegExp(
          `a galaxy point for a group holding 4 galaxies \\(best group: [0-3] of 4\\) · a black-hole point for ${other === 'Blue' ? 'a' : 'an'} ${other} group holding 3 black holes \\(best group: [0-2] of 3\\)$`,
        ),
      );
      const hand = s.tilesLeft[c] as Record<string, number>;
      const left = Object.values(hand).reduce((a, b) => a + b, 0);
      const typed = Object.entries(hand)
        .filter(([, n]) => n > 0)
        .map(([code, n]) => (n > 1 ? `${code}×${n}` : code))
        .join(' ');
      expect(d.lines).toContain(`${name}: ${left} tiles left (OD-3): ${typed}`);
    }
    // The tiebreak as the board stands: galaxies minus black holes on each colour's cells (OD-19).
    const tb = d.lines.find((l) => l.startsWith('Tiebreak'))!;
    const m = /Orange (\d+) − (\d+) = (-?\d+) · Blue (\d+) − (\d+) = (-?\d+)$/.exec(tb)!;
    const [og, ob, o, bg, bb, b] = m.slice(1).map(Number);
    const on = (list: string[], c: string) => list.filter((cell) => s.cells[cell] === c).length;
    expect([og, ob, o]).toEqual([on(s.galaxies, 'orange'), on(s.blackHoles, 'orange'), og - ob]);
    expect([bg, bb, b]).toEqual([on(s.galaxies, 'blue'), on(s.blackHoles, 'blue'), bg - bb]);
    expect(og + bg + ob + bb).toBeGreaterThan(0);

    // The French reader gets French.
    const fr = await detail(channelId, 'fr');
    expect(fr.lines[0]).toBe(`disposition prédéfinie 1 · 10 coups joués · à Alice de jouer (Orange)`);
    expect(
      fr.lines.some(
        (l) => l.startsWith(`Bleu${NNBSP}: `) && /conditions? de victoire/.test(l) && l.includes('côtés violets'),
      ),
    ).toBe(true);
    expect(fr.lines.some((l) => l.startsWith('Départage si le plateau restait ainsi'))).toBe(true);
  });

  it('Orion Duel, a finished game: the result and the galaxy point that decided it', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    // The galaxies lesson: Orange's group takes its fourth galaxy, one victory condition to none (OD-17b, OD-18).
    const lesson = lessonsOf('orion').find((l) => l.topic === 'galaxies')!;
    expect(lesson.setup).toBe('preset1');
    await play(channelId, lesson.moves);
    expect((await h.game(channelId)).status).toBe('over');
    const d = await detail(channelId);
    expect(d.lines[0]).toBe(
      `preset layout 1 · ${lesson.moves.length} moves played · Alice (Orange) wins: more victory conditions, Orange 1 to Blue 0, OD-18`,
    );
    expect(d.lines).toContain(
      'Orange: 1 victory condition (OD-17) = 0 constellations (purple sides not joined, red not joined, green not joined) + 1 for galaxies + 0 for black holes',
    );
    expect(d.lines).toContain(
      'Blue: 0 victory conditions (OD-17) = 0 constellations (purple sides not joined, red not joined, green not joined) + 0 for galaxies + 0 for black holes',
    );
  });
});

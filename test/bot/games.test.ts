// Full games through the real bot: Orion Duel's first ending of the rules file
// (Blue wins by OD-18 on the 18th placement) and a scripted Exxit game that
// ends on two passes (EX-20b), with the bot playing the forced passes itself.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { checkAndCloseAfterEach, createHarness, findButton, isEphemeral, toMove, type Harness } from './harness.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const ORION_ENDING_1 =
  'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE'
    .split(';')
    .map((m) => m.trim());

describe('full games', () => {
  it('Orion Duel, rated: 18 placements, Blue wins by OD-18, ratings move, thread archived', async () => {
    h = await createHarness();
    const { channelId, rec } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1', rated: true });
    expect(h.fake.channel(channelId)?.type).toBe(11);
    expect(h.fake.channel(channelId)?.name).toBe('Orion Duel · Alice vs Bob');
    expect(rec.players.map((p) => p.id)).toEqual([h.alice.id, h.bob.id]);
    let last;
    for (let i = 0; i < ORION_ENDING_1.length; i++) {
      const user = i % 2 === 0 ? h.alice : h.bob;
      last = await h.move(user, channelId, ORION_ENDING_1[i]);
      expect(isEphemeral(last), `move ${i + 1} ${ORION_ENDING_1[i]}: ${last.original?.content}`).toBe(false);
      expect(last.original?.attachments.length).toBe(1);
      if (i < ORION_ENDING_1.length - 1)
        expect(last.original?.content).toContain(`<@${i % 2 === 0 ? h.bob.id : h.alice.id}> to move`);
    }
    const final = last!.original!;
    expect(final.content).toContain('Blue: T3 F4 SE');
    expect(final.content).toMatch(/<@\d+> \(Blue\) wins\*\* \(more victory conditions, Orange 0 to Blue 1, OD-18\)/);
    expect(final.content).toContain('Victory conditions (OD-17): Orange 0');
    expect(final.content).toMatch(/Blue 1 \(constellations 1/);
    // Rated: both players' Glicko-2 changes are shown.
    expect(final.content).toMatch(new RegExp(`<@${h.bob.id}>: 1500 → \\d+ \\(\\+\\d+\\)`));
    expect(final.content).toMatch(new RegExp(`<@${h.alice.id}>: 1500 → \\d+ \\(-\\d+\\)`));
    expect(findButton(final, 'Rematch')).toMatch(/^hx1:g:/);
    const done = await h.game(channelId);
    expect(done.status).toBe('over');
    expect(done.result).toMatchObject({ winner: 1, draw: false, reason: 'OD-18' });
    expect(done.moves).toEqual(ORION_ENDING_1);
    expect((await h.store.ratings.get('orion', h.bob.id, 'global')).wins).toBe(1);
    await expect.poll(() => h!.fake.channel(channelId)?.thread_metadata?.archived).toBe(true);
    // A move after the end is refused.
    const after = await h.move(h.alice, channelId, 'S1 K2');
    expect(isEphemeral(after)).toBe(true);
    expect(after.callback.data.content).toMatch(/over/i);
    expect(h.fake.violations).toEqual([]);
  });

  it('the in-memory store of npm start without REDIS_URL: every move of a whole game is kept, none refused as late', async () => {
    // ioredis-mock's TIME is off by up to 1.5 s: it once refused about half the moves as "storage unavailable".
    h = await createHarness({ embedded: true });
    expect(h.store.embedded).toBe(true);
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    for (let i = 0; i < ORION_ENDING_1.length; i++) {
      const r = await h.move(i % 2 === 0 ? h.alice : h.bob, channelId, ORION_ENDING_1[i]);
      expect(isEphemeral(r), `move ${i + 1}: ${r.callback.data?.content ?? ''}`).toBe(false);
    }
    expect((await h.game(channelId)).moves).toEqual(ORION_ENDING_1);
  });

  it('Exxit (19 tiles): scripted game, forced passes played and announced by the bot, ends by EX-20b', async () => {
    // The renderer sees the position before a forced pass too, so the picture shows the player's own move.
    const seen: { state: any; before?: any }[] = [];
    const { renderBoard } = await import('../../src/render/index.js');
    h = await createHarness({
      bot: {
        render: (game, state, opts) => {
          seen.push({ state, before: opts?.before });
          return renderBoard(game, state, opts);
        },
      },
    });
    const { channelId } = await h.startGame('exxit', h.alice, h.bob, { tiles: 19 });
    const exxit = getGame('exxit');
    let last;
    let passesAnnounced = 0;
    for (const mv of EXXIT_SHORT) {
      if (mv === 'pass') continue; // the bot plays these
      const rec = await h.game(channelId);
      const user = toMove(rec) === 0 ? h.alice : h.bob;
      last = await h.move(user, channelId, mv);
      expect(isEphemeral(last), `${mv}: ${last.callback.data?.content}`).toBe(false);
      passesAnnounced += (last.original?.content.match(/passes \(no legal move, EX-10\)/g) ?? []).length;
    }
    expect(passesAnnounced).toBe(6);
    const afterPass = seen.filter((x) => x.state.last?.move.kind === 'pass');
    expect(afterPass.length).toBeGreaterThan(0);
    for (const x of afterPass) expect(x.before?.last?.by).toBe(1 - x.state.last.by);
    const rec = await h.game(channelId);
    expect(rec.status).toBe('over');
    expect(rec.moves).toEqual(EXXIT_SHORT);
    expect(rec.result?.reason).toBe('EX-20b');
    const s = exxit.fromJSON(rec.state);
    expect(s.ok && exxit.outcome(s.value).over).toBe(true);
    const final = last!.original!.content;
    expect(final).toMatch(/on points, Red \d+ to Black \d+: two passes in a row, neither player could move, EX-20b/);
    expect(final).toMatch(/Score \(EX-21\): Red \d+ · Black \d+/);
    expect(final).toContain('Casual game: ratings unchanged.');
    expect(h.fake.violations).toEqual([]);
  });
});

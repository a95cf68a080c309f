// The Rematch button of a game against the AI: it starts at once, once per
// game and player, and only within the per-user cap on AI games — a rematch the
// cap refused can be asked again once a game is over.
import { describe, expect, it } from 'vitest';
import { rematch } from '../../src/match/rematch.js';
import { isRefusal } from '../../src/match/refusal.js';
import type { PlayerRef } from '../../src/model/index.js';
import { createGame, harness, resigned, useMatchStore } from './harness.js';

const m = useMatchStore('rematch-ai');
const ai: PlayerRef = { id: 'ai:easy', name: 'hexmate AI (easy)', bot: 'easy' };

const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (isRefusal(e) ? e.msg.key : e),
  );

describe('an AI rematch', () => {
  it('refused by the cap, works once a game is over; a second click is refused', async () => {
    const h = harness(() => Date.now(), { maxAiGames: 2 });
    const alice: PlayerRef = { id: `alice${Date.now()}`, name: 'Alice' };
    const done = await createGame(0, { players: [alice, ai], clock: null });
    const over = await resigned(done, 1);
    const open = [
      await createGame(0, { players: [ai, alice], clock: null }),
      await createGame(0, { players: [alice, ai], clock: null }),
    ];

    expect(await refusalOf(rematch(h.ctx, done.id, over.version, alice.id))).toBe('playBot.tooMany');
    await m.store.games.update(open[0].id, open[0].version, {
      status: 'aborted',
      result: { winner: null, draw: false, reason: 'abort' },
    });
    const again = await rematch(h.ctx, done.id, over.version, alice.id);
    expect(again.kind).toBe('started');
    if (again.kind !== 'started') return;
    expect(again.game.players.map((p) => p.id)).toEqual([ai.id, alice.id]);
    expect(again.game.rematchOf).toBe(done.id);
    await m.store.games.update(again.game.id, again.game.version, {
      status: 'aborted',
      result: { winner: null, draw: false, reason: 'abort' },
    });
    expect(await refusalOf(rematch(h.ctx, done.id, over.version, alice.id))).toBe('rematch.startedAlready');
    await h.settle();
  });
});

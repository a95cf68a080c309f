// A third game needs no change outside src/engine and src/render: tic-tac-toe
// (the AI tests' fixture) is registered here, with its words, and played
// through the real bot — challenge, accept, moves, a refusal, the end, the
// ratings and the replay list — by two users in the fake Discord.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/engine/index.js';
import { registerMessages } from '../../src/i18n/catalogue.js';
import { tictactoe } from '../ai/fixtures/games.js';
import type { Harness } from '../bot/harness.js';

let h: Harness | undefined;
let harness: typeof import('../bot/harness.js');

beforeAll(async () => {
  registerGame(tictactoe);
  registerMessages('en', {
    'game.tictactoe.title': 'Tic-tac-toe',
    'game.tictactoe.side.0': 'X',
    'game.tictactoe.side.1': 'O',
    'engine.tictactoe.setup': '3 × 3',
    'engine.tictactoe.move': 'cell {cell}',
    'engine.tictactoe.end.line': 'three in a row',
    'engine.tictactoe.end.full': 'a full board',
    'refusal.tictactoe.taken': 'cell {cell} is taken',
    'refusal.tictactoe.notFree': 'not a free cell',
    'refusal.tictactoe.noOptions': 'Tic-tac-toe has no options',
  });
  // Every language of the catalogues: the command descriptions carry each one.
  registerMessages('fr', {
    'game.tictactoe.title': 'Morpion',
    'game.tictactoe.side.0': 'X',
    'game.tictactoe.side.1': 'O',
    'engine.tictactoe.setup': '3 × 3',
    'engine.tictactoe.move': 'case {cell}',
    'engine.tictactoe.end.line': 'trois alignés',
    'engine.tictactoe.end.full': 'grille pleine',
    'refusal.tictactoe.taken': 'la case {cell} est prise',
    'refusal.tictactoe.notFree': 'ce n’est pas une case libre',
    'refusal.tictactoe.noOptions': 'le morpion n’a pas d’options',
  });
  // The commands read the registry when they are loaded: after the registration.
  harness = await import('../bot/harness.js');
  // The renderer has no painter for it: the test brings a stand-in picture (a 1×1 PNG).
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  h = await harness.createHarness({ bot: { render: () => Promise.resolve(png) } });
});

afterAll(async () => {
  if (h) {
    expect(h.fake.violations).toEqual([]);
    await h.close();
  }
});

describe('a third game', () => {
  it('is offered, played to the end and rated like the others', async () => {
    const { channelId, rec } = await h!.startGame('tictactoe', h!.alice, h!.bob, { rated: true });
    expect(rec.setup).toBe('standard');
    const intro = h!.fake.messages(channelId).find((m) => m.attachments.length > 0)!;
    expect(intro.content).toContain('**Tic-tac-toe** · Alice (X) vs Bob (O) · 3 × 3');
    expect(intro.content).toContain(`<@${h!.alice.id}> to move (X)`);

    const wrongTurn = await h!.move(h!.bob, channelId, '4');
    expect(harness.isEphemeral(wrongTurn)).toBe(true);
    expect(wrongTurn.callback.data.content).toBe('It is not your turn: Alice is to move.');
    const illegal = await h!.move(h!.alice, channelId, '9');
    expect(illegal.callback.data.content).toBe('T-1: not a free cell');

    for (const [who, cell] of [
      [h!.alice, '0'],
      [h!.bob, '3'],
      [h!.alice, '1'],
      [h!.bob, '4'],
    ] as const) {
      const r = await h!.move(who, channelId, cell);
      expect(harness.isEphemeral(r)).toBe(false);
      expect(r.original?.content).toContain(`: cell ${cell}`);
    }
    const last = await h!.move(h!.alice, channelId, '2');
    const final = last.original!.content;
    expect(final).toContain('X: cell 2');
    expect(final).toMatch(/\*\*<@\d+> \(X\) wins\*\* \(three in a row\)\./);
    expect(final).toMatch(/<@\d+>: 1500 → \d+ \(\+\d+\)/);
    const done = await h!.game(channelId);
    expect(done.status).toBe('over');
    expect(done.moves).toEqual(['0', '3', '1', '4', '2']);
    const rating = await h!.store.ratings.get('tictactoe', h!.alice.id, 'global');
    expect(rating.games).toBe(1);
    expect(rating.wins).toBe(1);
    // A game without detail notes: /board detail:true shows the game's state and its score notes (none here).
    const detail = await h!.fake.slash(h!.carol, channelId, 'board', harness.toOptions({ detail: true })).done();
    expect(harness.isEphemeral(detail)).toBe(true);
    expect((detail.original!.embeds[0] as { description: string }).description).toBe(
      '3 × 3 · 5 moves played · Alice (X) wins: three in a row',
    );
  });
});

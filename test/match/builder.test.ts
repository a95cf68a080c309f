// The move builder over a live game at the match layer (src/match/builder.ts),
// without Discord: the player to move sees the menus, then the chosen move
// with the position after it; spectators, the player not to move and a
// builder drawn on an older position are refused, each in its words (an old
// post's builder apart from a stale screen); Confirm plays the move through
// /move's path once, and a second Confirm is stale.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { builderScreen, chosenMove, confirmBuilt, gameBuilder, type BuilderAt } from '../../src/match/index.js';
import { menuView } from '../../src/match/menu.js';
import { positionMark } from '../../src/model/index.js';
import { createGame, harness, HOUR, refusalOf, useMatchStore } from './harness.js';

const T = Date.now();
const m = useMatchStore('builder');
const g = getGame('orion');

/** The path to the first move the menus offer: the first option of each menu in turn. */
function firstPath(state: unknown): string[] {
  let path: string[] = [];
  for (let i = 0; i < 10; i++) {
    const v = menuView(g, state, path);
    if (!v) throw new Error('no view');
    if (v.kind === 'move') return path;
    if (v.kind !== 'menus') throw new Error('no menus');
    const open = v.menus.find((menu) => menu.options.length > 0);
    if (!open) throw new Error('empty menus');
    path = [...v.path, ...open.options[0].value.split('.')];
  }
  throw new Error('no move reached');
}

describe('the builder of a live game', () => {
  it('shows the player to move the menus, then the chosen move with the position it leads to', async () => {
    const h = harness(() => T);
    const rec = await createGame(T + HOUR);
    const where: BuilderAt = { gameId: rec.id, at: positionMark(rec) };
    const first = await builderScreen(h.ctx, gameBuilder, where, 'alice', []);
    expect(first.view.kind).toBe('menus');
    expect(first.pos).toMatchObject({ ref: rec.id, at: positionMark(rec), gameId: 'orion', side: 0 });
    expect(first.pos.players).toEqual(['Alice', 'Bob']);
    expect(first.pos.state).toEqual(rec.state);

    const path = firstPath(rec.state);
    const chosen = await builderScreen(h.ctx, gameBuilder, where, 'alice', path);
    if (chosen.view.kind !== 'move' || !('after' in chosen)) throw new Error('not a move');
    const parsed = g.parseMove(rec.state, chosen.view.text);
    if (!parsed.ok) throw new Error('not legal');
    const after = g.play(rec.state, parsed.value);
    expect(after.ok && chosen.after).toEqual(after.ok && after.value);
    expect(chosenMove(chosen.pos, path).text).toBe(chosen.view.text);

    // A path the position does not offer.
    expect(await refusalOf(builderScreen(h.ctx, gameBuilder, where, 'alice', ['zz', 'zz']))).toEqual({
      key: 'builder.gone',
    });
    // Confirm on the first screen (no move chosen yet) is no move.
    expect(await refusalOf(Promise.resolve().then(() => chosenMove(chosen.pos, [])))).toEqual({ key: 'builder.gone' });
  });

  it('refuses a spectator, the player not to move, and a builder drawn before the last move', async () => {
    const h = harness(() => T);
    const rec = await createGame(T + HOUR);
    const where: BuilderAt = { gameId: rec.id, at: positionMark(rec) };
    expect(await refusalOf(builderScreen(h.ctx, gameBuilder, where, 'carol', []))).toEqual({ key: 'game.notYours' });
    expect(await refusalOf(builderScreen(h.ctx, gameBuilder, where, 'bob', []))).toEqual({ key: 'move.notYourTurn' });
    // The refusal names the one whose turn it is.
    const whose = await builderScreen(h.ctx, gameBuilder, where, 'bob', []).catch((e: { msg?: unknown }) => e.msg);
    expect(whose).toEqual({ key: 'move.notYourTurn', params: { name: { name: rec.players[0].name } } });

    const path = firstPath(rec.state);
    const view = menuView(g, rec.state, path);
    const played = await confirmBuilt(h.ctx, where, 'alice', path);
    expect(played.announcement.post.game.moves).toHaveLength(1);
    expect(view?.kind === 'move' && [view.text, view.typed]).toEqual([
      played.announcement.post.game.moves[0],
      played.typed,
    ]);
    expect(played.label.key).toMatch(/^builder\./);
    // The builder drawn on the first position: stale for its screens, an old post's when opened again.
    expect(await refusalOf(builderScreen(h.ctx, gameBuilder, where, 'bob', []))).toEqual({ key: 'builder.stale' });
    expect(await refusalOf(builderScreen(h.ctx, gameBuilder, where, 'bob', [], true))).toEqual({
      key: 'builder.oldPost',
    });
    // A second Confirm of the same builder changes nothing.
    expect(await refusalOf(confirmBuilt(h.ctx, where, 'alice', firstPath(rec.state)))).toEqual({
      key: 'builder.stale',
    });
    expect((await m.store.games.get(rec.id))?.moves).toHaveLength(1);
  });

  it('against the AI, the player not to move is told the AI is thinking', async () => {
    const h = harness(() => T);
    const rec = await createGame(T + HOUR, {
      players: [
        { id: 'ai', name: 'hexmate', bot: 'easy' },
        { id: 'alice', name: 'Alice' },
      ],
    });
    const where: BuilderAt = { gameId: rec.id, at: positionMark(rec) };
    expect(await refusalOf(builderScreen(h.ctx, gameBuilder, where, 'alice', []))).toEqual({
      key: 'move.notYourTurnAi',
    });
  });
});

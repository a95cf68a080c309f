// The one hook point for the end of a game (over.ts): the listener hears of a game that left 'active', in the
// background, named by the game; never of a game still on, and nothing happens without a listener.
import { describe, expect, it, vi } from 'vitest';
import type { MatchContext } from '../../src/match/context.js';
import { gameEnded } from '../../src/match/over.js';
import type { StoredGame } from '../../src/model/index.js';

function ctxWith(listener?: (rec: StoredGame) => Promise<void>) {
  const tasks: string[] = [];
  const ctx = {
    onGameOver: listener,
    background: (label: string, run: () => Promise<unknown>) => {
      tasks.push(label);
      void run();
    },
  } as unknown as MatchContext;
  return { ctx, tasks };
}

const rec = (status: StoredGame['status']) => ({ id: 'g42', status }) as StoredGame;

describe('gameEnded', () => {
  it('tells the listener of a game over or aborted, as a background task named by the game', () => {
    const heard = vi.fn((_rec: StoredGame) => Promise.resolve());
    const { ctx, tasks } = ctxWith(heard);
    gameEnded(ctx, rec('over'));
    gameEnded(ctx, rec('aborted'));
    expect(heard.mock.calls.map(([r]) => r.status)).toEqual(['over', 'aborted']);
    expect(tasks).toEqual(['game over g42', 'game over g42']);
  });

  it('says nothing of a game still on, and does nothing without a listener', () => {
    const heard = vi.fn((_rec: StoredGame) => Promise.resolve());
    const on = ctxWith(heard);
    gameEnded(on.ctx, rec('active'));
    expect(heard).not.toHaveBeenCalled();
    expect(on.tasks).toEqual([]);
    const none = ctxWith();
    gameEnded(none.ctx, rec('over'));
    expect(none.tasks).toEqual([]);
  });
});

// The one hook point for the end of a game: each write that takes a game out
// of 'active' (finish.ts, the only one) calls gameEnded with the record it
// wrote. The listener (ctx.onGameOver: tournaments) runs in the background, so
// it never delays or fails the end itself; a lost call (a crash in between) is
// made up by the listener's own sweep.
import type { StoredGame } from '../model/index.js';
import type { MatchContext } from './context.js';

export function gameEnded(ctx: MatchContext, rec: StoredGame): void {
  const listener = ctx.onGameOver;
  if (!listener || rec.status === 'active') return;
  ctx.background(`game over ${rec.id}`, () => listener(rec));
}

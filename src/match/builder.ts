// The move builder in the match layer: the game a builder belongs to, for the
// player to move and at the position it was drawn on (the number of moves
// played, or its positionMark once moves were taken back, carried in its
// custom ids), the view at a path of choices, and Confirm — which plays
// through the same path as /move (playMove with the version just checked:
// compare-and-set, so a second Confirm is stale).
import type { Side } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';
import { positionMark } from '../model/index.js';
import type { Announcement } from './announce.js';
import type { LiveInteractionRef, MatchContext } from './context.js';
import { ruleErrorMsg } from './describe.js';
import { loadGameById, requirePlayer, type LoadedGame } from './games.js';
import { menuView, type MenuView } from './menu.js';
import { refuse, refuseMsg } from './refusal.js';
import { playMove } from './move.js';

/** Where a builder stands: its game and the number of moves played when it was drawn. */
export interface BuilderAt {
  gameId: string;
  at: number;
}

export interface BuilderGame extends LoadedGame {
  side: Side;
}

export type BuilderScreen =
  | { g: BuilderGame; view: Extract<MenuView, { kind: 'menus' }> }
  /** The chosen move with the position after it, for the preview. */
  | { g: BuilderGame; view: Extract<MenuView, { kind: 'move' }>; after: unknown };

/**
 * The builder's game, for `userId` to move at the position it was drawn on; refuses spectators, a finished game, an
 * older position.
 */
export async function loadForBuilder(
  ctx: MatchContext,
  where: BuilderAt,
  userId: string,
  older: 'builder.stale' | 'builder.oldPost' = 'builder.stale',
): Promise<BuilderGame> {
  const g = await loadGameById(ctx, where.gameId);
  const side = requirePlayer(g, userId);
  if (positionMark(g.rec) !== where.at) refuse(older);
  if (g.game.toMove(g.state) !== side) {
    const other = g.rec.players[1 - side];
    refuse(other.bot ? 'move.notYourTurnAi' : 'move.notYourTurn', { name: { name: other.name } });
  }
  return { ...g, side };
}

/** What the builder shows after the choices `path`: menus, or the chosen move and the position it leads to. */
export async function builderScreen(
  ctx: MatchContext,
  where: BuilderAt,
  userId: string,
  path: readonly string[],
  opening = false,
): Promise<BuilderScreen> {
  const g = await loadForBuilder(ctx, where, userId, opening ? 'builder.oldPost' : 'builder.stale');
  const view = menuView(g.game, g.state, path);
  if (!view) return refuse('builder.gone');
  if (view.kind === 'none') return refuse('builder.nothing');
  if (view.kind === 'menus') return { g, view };
  const played = g.game.play(g.state, view.move);
  if (!played.ok) return refuseMsg(ruleErrorMsg(played.error), played.error.rule);
  return { g, view, after: played.value };
}

/** Confirm: the move at `path`, played as /move plays it, on the version checked here. */
export async function confirmBuilt(
  ctx: MatchContext,
  where: BuilderAt,
  userId: string,
  path: readonly string[],
  interaction?: LiveInteractionRef,
): Promise<{ label: Msg; typed: string; announcement: Announcement }> {
  const g = await loadForBuilder(ctx, where, userId);
  const view = menuView(g.game, g.state, path);
  if (!view || view.kind !== 'move') return refuse('builder.gone');
  const announcement = await playMove(
    ctx,
    { gameId: g.rec.id },
    { userId, expectVersion: g.rec.version },
    view.text,
    interaction,
  );
  return { label: view.label, typed: view.typed, announcement };
}

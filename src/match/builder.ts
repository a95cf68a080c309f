// The move builder in the match layer, over any position a user is to answer:
// a live game's (for the player to move, at the position it was drawn on —
// the number of moves played, or its positionMark once moves were taken back,
// carried in its custom ids) or a practice session's (practice.ts: the
// session's version). A `BuilderSource` says how to load the position; the
// view at a path of choices is the same for all (menu.ts). Confirm is the
// source's: a game's plays through the same path as /move (playMove with the
// version just checked: compare-and-set, so a second Confirm is stale); a
// practice session's submits the answer.
import type { AnyGame, GameId, Side } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';
import { positionMark, type PracticeSession } from '../model/index.js';
import type { Announcement } from './announce.js';
import type { LiveInteractionRef, MatchContext } from './context.js';
import { ruleErrorMsg } from './describe.js';
import { loadGameById, requirePlayer, type LoadedGame } from './games.js';
import { menuView, type MenuView } from './menu.js';
import { refuse, refuseMsg } from './refusal.js';
import { playMove } from './move.js';

/** Where a builder stands: what it answers (a game's or a session's id) and the mark of its position. */
export interface BuilderAt {
  gameId: string;
  at: number;
}

/** The position a builder offers moves in, whatever it belongs to. */
export interface BuilderPosition {
  /** The id its custom ids carry (a game's, a practice session's) and the position's mark. */
  ref: string;
  at: number;
  gameId: GameId;
  game: AnyGame;
  state: unknown;
  /** The side the user plays here. */
  side: Side;
  /** The names drawn on its pictures (empty for none). */
  players: [string, string];
  /** A practice session's position: the session (its item at `index` is the one asked). */
  session?: PracticeSession;
}

/** How a kind of builder finds its position; refuses when the user may not answer it now. */
export interface BuilderSource {
  load(ctx: MatchContext, where: BuilderAt, userId: string, opening: boolean): Promise<BuilderPosition>;
}

export interface BuilderGame extends LoadedGame {
  side: Side;
}

export type BuilderScreen =
  | { pos: BuilderPosition; view: Extract<MenuView, { kind: 'menus' }> }
  /** The chosen move with the position after it, for the preview. */
  | { pos: BuilderPosition; view: Extract<MenuView, { kind: 'move' }>; after: unknown };

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

const gamePosition = (g: BuilderGame): BuilderPosition => ({
  ref: g.rec.id,
  at: positionMark(g.rec),
  gameId: g.rec.game,
  game: g.game,
  state: g.state,
  side: g.side,
  players: [g.rec.players[0].name, g.rec.players[1].name],
});

/** A live game's builder: the player to move, at the position it was drawn on. */
export const gameBuilder: BuilderSource = {
  async load(ctx, where, userId, opening) {
    return gamePosition(await loadForBuilder(ctx, where, userId, opening ? 'builder.oldPost' : 'builder.stale'));
  },
};

/** What the builder shows after the choices `path`: menus, or the chosen move and the position it leads to. */
export async function builderScreen(
  ctx: MatchContext,
  source: BuilderSource,
  where: BuilderAt,
  userId: string,
  path: readonly string[],
  opening = false,
): Promise<BuilderScreen> {
  const pos = await source.load(ctx, where, userId, opening);
  const view = menuView(pos.game, pos.state, path);
  if (!view) return refuse('builder.gone');
  if (view.kind === 'none') return refuse('builder.nothing');
  if (view.kind === 'menus') return { pos, view };
  const played = pos.game.play(pos.state, view.move);
  if (!played.ok) return refuseMsg(ruleErrorMsg(played.error), played.error.rule);
  return { pos, view, after: played.value };
}

/** The move a Confirm at `path` means in a position, or the refusal of a path not on offer there. */
export function chosenMove(pos: BuilderPosition, path: readonly string[]): Extract<MenuView, { kind: 'move' }> {
  const view = menuView(pos.game, pos.state, path);
  if (!view || view.kind !== 'move') return refuse('builder.gone');
  return view;
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
  const view = chosenMove(gamePosition(g), path);
  const announcement = await playMove(
    ctx,
    { gameId: g.rec.id },
    { userId, expectVersion: g.rec.version },
    view.text,
    interaction,
  );
  return { label: view.label, typed: view.typed, announcement };
}

// Choosing a move by tapping (docs/web.md "Tap to play"), for any game: the moves come from src/render/taps.ts (the
// engine's legal moves, each with the cells that offer it and those that pick it), so an illegal move is never
// offered. A hand first when the game has one (Orion's tiles); a tap on a cell offers the moves starting there, a tap
// on a cell of an offered move chooses it, the same cell again goes to the next one (Orion: turns the tile).
import type { GameId } from '../../src/engine/game.js';
import type { Msg } from '../../src/i18n/msg.js';
import type { BoardMarks } from '../../src/render/painter.js';
import { type HandTile, tapHand, tapMarks, type TapCell, type TapMove, tapMoves } from '../../src/render/taps.js';

export type TapResult = 'chosen' | 'nothing' | 'hand-first';

export class Tapper {
  readonly moves: TapMove[];
  readonly hand: HandTile[] | null;
  handPick: string | null = null;
  /** The moves offered by the last tap on a fresh cell, and which of them is chosen. */
  private offered: TapMove[] = [];
  private index = 0;
  private lastCell: TapCell | null = null;

  constructor(
    readonly game: GameId,
    readonly state: unknown,
  ) {
    this.moves = tapMoves(game, state);
    this.hand = tapHand(game, state, this.moves);
  }

  get chosen(): TapMove | null {
    return this.offered[this.index] ?? null;
  }

  /** Picks a tile of the hand (only one with a legal placement); false when it has none. */
  pickHand(code: string): boolean {
    if (!this.hand?.some((t) => t.code === code && t.playable)) return false;
    this.handPick = code;
    this.clear();
    return true;
  }

  clear(): void {
    this.offered = [];
    this.index = 0;
    this.lastCell = null;
  }

  tap(cell: TapCell): TapResult {
    if (this.hand && !this.handPick) return 'hand-first';
    const n = this.offered.length;
    // A cell of an offered move: the next offered move through it (the same cell again: the one after this).
    for (let k = 1; k <= n; k++) {
      const i = (this.index + (cell === this.lastCell ? k : k - 1)) % n;
      if (this.offered[i].targets.includes(cell)) {
        this.index = i;
        this.lastCell = cell;
        return 'chosen';
      }
    }
    const here = this.moves.filter((m) => (!this.hand || m.hand === this.handPick) && m.origins.includes(cell));
    if (here.length === 0) return 'nothing';
    // Those anchored on the cell first (Orion: the tile's first hex where it was tapped).
    this.offered = [...here.filter((m) => m.origins[0] === cell), ...here.filter((m) => m.origins[0] !== cell)];
    this.index = 0;
    this.lastCell = cell;
    return 'chosen';
  }

  /** The cells a first tap may start from, outlined (not for a game with a hand: nearly every cell would be). */
  private starts(): TapCell[] {
    if (this.hand || this.offered.length > 0) return [];
    return [...new Set(this.moves.flatMap((m) => m.origins))];
  }

  marks(): BoardMarks {
    return tapMarks(this.game, this.starts(), this.offered, this.chosen);
  }

  /** What to do next, in words. */
  hint(): Msg {
    const n = this.offered.length;
    if (n === 0) {
      if (this.hand && !this.handPick) return { key: 'web.play.pickTile' };
      if (this.hand) return { key: 'web.play.pickCell', params: { tile: this.handPick ?? '' } };
      return { key: 'web.play.pickStart' };
    }
    if (n === 1) return { key: 'web.play.ready', params: { label: this.chosen?.label ?? '' } };
    if (this.hand) return { key: 'web.play.turn', params: { n: this.index + 1, total: n } };
    return { key: 'web.play.choose' };
  }
}

// The one interface both rule sets implement (design.md, "Engine").
// The AI, the renderer, the CLI tools and the commands use only this.
// Engine code is pure: no I/O, no clocks, no Math.random (seeded PRNGs only).

export type GameId = 'exxit' | 'orion';

/** Side index: Exxit 0 = red, 1 = black; Orion 0 = orange, 1 = blue. */
export type Side = 0 | 1;

/** A refused move or input, naming the rule broken, e.g. {rule:'EX-11a', message:'a dance is compulsory (3 available)'}. */
export interface RuleError {
  rule: string;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(rule: string, message: string): Result<T> => ({ ok: false, error: { rule, message } });

/** `EX-13d: the target stack is taller than yours` */
export const errorText = (e: RuleError): string => `${e.rule}: ${e.message}`;

export interface Outcome {
  over: boolean;
  /** Winning side, or null while playing or on a draw. */
  winner: Side | null;
  draw: boolean;
  /** Rule id that ended the game (e.g. 'EX-20b', 'OD-18', 'OD-20'), or null while playing. */
  reason: string | null;
}

/** How a move is written: canonical (EX-22 / OD-22) or with labels for people (EX-23; Orion is labelled already). */
export type MoveStyle = 'canonical' | 'label';

export interface Game<S, M> {
  readonly id: GameId;
  /** 'Exxit' | 'Orion Duel' */
  readonly title: string;
  /** Colour names by side index: ['red','black'] or ['orange','blue']. */
  readonly sides: readonly [string, string];
  /** Setup names accepted by initial(): Exxit standard|blitz|short; Orion preset1|preset2|preset3|random:<seed>. */
  readonly setups: readonly string[];
  readonly defaultSetup: string;

  /** The starting position. Refuses an unknown setup. */
  initial(setup?: string): Result<S>;
  toMove(s: S): Side;
  ply(s: S): number;
  /** Every legal move of the position; [] when the game is over. Exxit returns [pass] when a pass is forced. */
  legalMoves(s: S): M[];
  /** Applies a move after checking it is legal; never mutates s. */
  play(s: S, m: M): Result<S>;
  outcome(s: S): Outcome;
  /** Parses any accepted notation (any case and spacing, labels or coordinates) and checks legality. */
  parseMove(s: S, text: string): Result<M>;
  formatMove(s: S, m: M, style?: MoveStyle): string;
  /** The `show` JSON of the engine tool (toMove, ply, over, winner, draw, score/vc, reserves, stock, tilesLeft, cells...). */
  summary(s: S): Record<string, unknown>;
  /** Checks that untrusted data (a stored record) is a well-formed state of this game. */
  fromJSON(data: unknown): Result<S>;
  /** A private mutable fast path for playouts (AI search, benchmarks). */
  position(s: S): Position<M>;
}

/**
 * A mutable position: the engine's fast path behind the pure functions
 * (design.md: "a private mutable fast path is fine behind them"). Moves given
 * to play() must come from legalMoves() of the same position.
 */
export interface Position<M> {
  toMove(): Side;
  ply(): number;
  /** Full legal-move generation, as Game.legalMoves; [] when over. */
  legalMoves(): M[];
  play(m: M): void;
  outcome(): Outcome;
  clone(): Position<M>;
}

/** A game with its types erased, for code that handles either game by id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any>;

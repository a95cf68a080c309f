// The one interface both rule sets implement (design.md, "Engine").
// The AI, the renderer, the CLI tools and the commands use only this.
// Engine code is pure: no I/O, no clocks, no Math.random (seeded PRNGs only).

/** A registered game's id ('exxit', 'orion'; a test may register another). */
export type GameId = string;

/** Side index: Exxit 0 = red, 1 = black; Orion 0 = orange, 1 = blue. */
export type Side = 0 | 1;

/**
 * A refused move or input, without words: the rule broken, a stable `code`
 * (the catalogue key after `refusal.`) and its parameters (cell names,
 * heights, directions, counts), e.g. {rule:'EX-11a', code:'exxit.danceCompulsory',
 * params:{count:3}}. The message catalogues hold the words in every language.
 */
export interface RuleError {
  rule: string;
  /** `<game>.<what>`, e.g. 'exxit.targetTaller'; every code of a game is in its `errorCodes`. */
  code: string;
  params: Record<string, string | number>;
  /** For operators only (a stored state that does not validate): what exactly is wrong, in English, for the logs. */
  detail?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const ruleError = (
  rule: string,
  code: string,
  params: Record<string, string | number> = {},
  detail?: string,
): RuleError => (detail === undefined ? { rule, code, params } : { rule, code, params, detail });
export const fail = <T = never>(
  rule: string,
  code: string,
  params?: Record<string, string | number>,
  detail?: string,
): Result<T> => ({
  ok: false,
  error: ruleError(rule, code, params, detail),
});

/**
 * A refusal as one language-independent line, for logs and thrown errors: `EX-13d exxit.targetTaller
 * {"target":2,"height":1}`.
 */
export const errorText = (e: RuleError): string =>
  `${e.rule} ${e.code}${Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}${e.detail ? `: ${e.detail}` : ''}`;

export interface Outcome {
  over: boolean;
  /** Winning side, or null while playing or on a draw. */
  winner: Side | null;
  draw: boolean;
  /** Rule id that ended the game (e.g. 'EX-20b', 'OD-18', 'OD-20'), or null while playing. */
  reason: string | null;
}

/**
 * What happened, named for people without words: the message catalogues hold
 * the words (`engine.<id>`), in every language, and fill in `params`. The
 * engine tool and tests read the ids and parameters directly.
 */
export interface Note {
  /** e.g. 'exxit.move.exitDance', 'orion.end.blocked'. */
  id: string;
  params: Record<string, string | number>;
}

/** An option of a game's setup, as commands offer it (Exxit `tiles`, Orion `layout`). */
export interface SetupOption {
  name: string;
  type: 'integer' | 'string';
  choices: readonly (string | number)[];
  default: string | number;
}

/**
 * A rules lesson: a topic, the rule ids it explains, and a real position that shows it (words live in the catalogues).
 */
export interface Lesson<T extends string = string> {
  /** The topic, a stable id ('dance', 'black-holes'): the key of its texts and picture. */
  readonly topic: T;
  /** The rule ids the topic explains; each id of a game belongs to exactly one topic. */
  readonly rules: readonly string[];
  /** A setup accepted by the game's initial(). */
  readonly setup: string;
  /** Moves from the setup, in the engine's canonical notation. */
  readonly moves: readonly string[];
}

/**
 * One choice on the way to a move in a step-by-step menu (the bot's move
 * builder): Exxit kind → stack → direction, Orion tile → column → cell →
 * orientation. Words live in the catalogues (`builder.<note id>`).
 */
export interface MoveStep {
  /** What is chosen at this depth ("choose a stack"): the same for every move sharing the earlier steps. */
  level: Note;
  /** The choice's code: 1–4 characters of [0-9A-Za-z], unique among the choices of its level. */
  code: string;
  /** The choice in words ("from B (3 pawns)", "N · E5 E4 E3"). */
  note: Note;
}

/** A legal move as a path of menu choices (at most 6), and how it reads when offered as one choice. */
export interface MovePath {
  steps: MoveStep[];
  /** The whole move in words ("dance from B to NW", "L3 N · E5 E4 E3"). */
  note: Note;
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
  /**
   * The `show` JSON of the engine tool (toMove, ply, over, winner, draw, score/vc, reserves, stock, tilesLeft,
   * cells...).
   */
  summary(s: S): Record<string, unknown>;
  /** Checks that untrusted data (a stored record) is a well-formed state of this game. */
  fromJSON(data: unknown): Result<S>;
  /** A private mutable fast path for playouts (AI search, benchmarks). */
  position(s: S): Position<M>;

  // --- for the match layer and the bot, which never ask which game it is ---

  /** The setup options players choose from, with their defaults. */
  readonly options: readonly SetupOption[];
  /** The setup for chosen option values (missing ones take the default); `seed` draws a random layout. */
  setupFor(values: Readonly<Record<string, string | number>>, seed: number): Result<string>;
  /** How a setup reads (tile count, layout). */
  describeSetup(setup: string): Note;
  /** The move the rules make for the player to move (a forced pass), or null when the player chooses. */
  forcedMove(s: S): M | null;
  /** Whether each side has made a move of its own (a forced move does not count). */
  eachSideMoved(s: S): boolean;
  /** What a move did (`before` is where it was played, `after` what it produced). */
  describeMove(before: S, m: M, after: S): Note;
  /** Notation-only text shown beside a move in a list (Exxit: its coordinates), or ''. */
  moveHint(s: S, m: M): string;
  /** The score or victory conditions as they stand, with their parts. */
  scoreNotes(s: S): Note[];
  /**
   * What decided a finished game (the score, the victory conditions, the tiebreak, a blocked player); null while
   * playing.
   */
  endNote(s: S): Note | null;
  /**
   * What the picture leaves out, for a closer look (`/board detail:true`):
   * each side's score with all its parts, what each side has left to play
   * with, how near the next point is. Without it, callers show scoreNotes.
   */
  detailNotes?(s: S): Note[];
  /** Every Note id this game can produce (the catalogues must hold each). */
  readonly noteIds: readonly string[];
  /** Every RuleError code this game can produce (the catalogues must hold `refusal.<code>` for each). */
  readonly errorCodes: readonly string[];
  /** The rules lessons, in reading order. */
  readonly lessons: readonly Lesson[];
  /** The lesson topic that explains a rule id this game cites, or null. */
  ruleTopic(ruleId: string): string | null;

  // --- optional: playing without typing (the move builder, autocomplete) ---

  /**
   * The menu path of each of `moves` (legal moves of `s`, in that order). Without it the builder offers the moves in
   * one list.
   */
  movePaths?(s: S, moves: readonly M[]): MovePath[];
  /** `moves` (legal moves of `s`) with the useful ones first, for lists that show only some; cheap, never a search. */
  orderMoves?(s: S, moves: readonly M[]): M[];
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

/**
 * A game with its types erased, for code that handles any game by id. Its
 * states and moves are `unknown`: they are only ever handed back to the same
 * game (method parameters are bivariant, so every Game<S, M> is one).
 */
export type AnyGame = Game<unknown, unknown>;

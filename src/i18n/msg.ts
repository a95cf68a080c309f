// A message for people as data: a catalogue key and its parameters. The match
// layer and the commands build these; the edge (src/commands/kit/text.ts)
// turns them into text in the reader's language, once.
import type { MessageKey } from './catalogue.js';

/** A player as a parameter: a mention for people (pings only where allowed), the AI's name in bold. */
export interface PlayerParam {
  player: { id: string; name: string; bot?: string };
}

export type Param =
  | string
  | number
  | Msg
  /** A Discord user mention `<@id>`. */
  | { user: string }
  | PlayerParam
  /** A name people chose (display names): shown as typed, never as markdown or a mention. */
  | { name: string }
  /**
   * Text from outside echoed back (a move someone typed, quoted in a refusal): shown as written, never as markdown or a
   * mention.
   */
  | { typed: string }
  /** A channel or thread mention `<#id>`. */
  | { channel: string }
  /** An instant (ms since epoch) shown by Discord in the reader's time zone; `R` = relative ("in 3 hours"). */
  | { time: number; style?: 'R' | 'f' | 'F' | 'd' | 'D' | 't' | 'T' }
  /** Text shown as code (ids, commands, moves people typed). */
  | { code: string }
  /** Several values joined as the locale joins a list ("A, B and C"). */
  | { list: Param[]; type?: 'conjunction' | 'disjunction' | 'unit' };

export interface Msg {
  key: MessageKey | DynamicKey;
  params?: Readonly<Record<string, Param>>;
}

/** A key built at run time (per game, per rule, per menu step); the catalogue tests check that every one exists. */
export type DynamicKey =
  | `game.${string}`
  | `engine.${string}`
  | `end.${string}`
  | `rules.${string}`
  | `builder.${string}`
  | `refusal.${string}`;

export const isMsg = (p: unknown): p is Msg => typeof p === 'object' && p !== null && 'key' in p;

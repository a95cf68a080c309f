// The custom ids of components (design.md, "Bot"). Ids are short, versioned
// (`hx1`), at most 100 characters, and untrusted on the way back:
// parseCustomId never throws and refuses anything it did not make.
//
// This file is what every kind shares: the frame `hx1:<prefix>:<fields...>`,
// the checks of common fields, the dispatch by prefix. Each kind (its prefix,
// fields and checks, and its handler) is one file of commands/buttons/,
// listed in buttons/index.ts, which registers its codec here. The cards that
// draw the buttons (kit/posts.ts...) encode through this registry instead of
// importing a kind's file: that file's handler imports the card it redraws,
// so the import would be a cycle. The list fills the registry as it loads;
// the router imports it, so that is before any click or post (a test that
// draws cards without the router imports the list itself). CustomId, the
// union of the listed kinds' ids, is only a type here: no cycle at run time.
import type { CustomId } from '../buttons/index.js';

export const CUSTOM_ID_VERSION = 'hx1';
const MAX_LEN = 100;
/** Store ids are short opaque tokens; anything else is not ours. */
const ID_RE = /^[A-Za-z0-9_-]{1,40}$/;
/** A version or a count as the encoder writes it (no sign, no leading zero). */
export const COUNT_RE = /^(0|[1-9][0-9]{0,8})$/;
export const PAGE_RE = /^(0|[1-9][0-9]?)$/;
/** A game id as the registry spells them. */
export const GAME_RE = /^[a-z][a-z0-9-]{0,23}$/;
/** Pages a list button may ask for (0-based). */
export const MAX_LIST_PAGE = 99;

export const isRef = (s: string): boolean => ID_RE.test(s);
export const isCount = (n: number): boolean => Number.isSafeInteger(n) && COUNT_RE.test(String(n));
export const isPage = (n: number): boolean => Number.isInteger(n) && PAGE_RE.test(String(n));

/** A closed set of values written as short codes. */
export function codes<K extends string>(byValue: Record<K, string>) {
  const byCode = new Map(Object.entries(byValue).map(([k, v]) => [v as string, k as K]));
  return { write: (k: K): string => byValue[k], read: (code: string): K | undefined => byCode.get(code) };
}

/**
 * One kind of id: `hx1:<prefix>:<fields...>`. `encode` gives the fields (throwing on a value the decoder would refuse:
 * the encoder makes only what it reads back); `decode` reads them back, or null. `target` names what the id acts on
 * (mayRedraw).
 */
export interface IdCodec<T extends { kind: string }> {
  kind: T['kind'];
  prefix: string;
  fields: number;
  encode(id: T): string[];
  decode(fields: string[]): T | null;
  target(id: T): string;
}

/** An action on a game, as drawn on one of its posts: `<prefix>:<game id>:<version>:<action code>`. */
export type GameActionId<K extends string, A extends string> = { kind: K; gameId: string; version: number; action: A };

/**
 * The fields of a game action's id (draw answers and rematch, takebacks): the game, the version the button was drawn
 * at (any change since makes it stale) and the action's code. The kind adds its prefix and target.
 */
export function gameActionFields<K extends string, A extends string>(
  kind: K,
  byAction: Record<A, string>,
): Pick<IdCodec<GameActionId<K, A>>, 'kind' | 'fields' | 'encode' | 'decode'> {
  const actions = codes<A>(byAction);
  return {
    kind,
    fields: 3,
    encode: (id) => {
      if (!(isRef(id.gameId) && isCount(id.version))) throw new Error('custom id: bad game id or version');
      return [id.gameId, String(id.version), actions.write(id.action)];
    },
    decode: ([ref, version, code]) => {
      const action = actions.read(code);
      return isRef(ref) && COUNT_RE.test(version) && action
        ? { kind, gameId: ref, version: Number(version), action }
        : null;
    },
  };
}

/** A button that names a game and nothing else (Retry on a review, Open board): `<prefix>:<game id>`. */
export type GameRefId<K extends string> = { kind: K; gameId: string };

/** The fields of a game-only id; the kind adds its prefix. Its target is the game. */
export function gameRefFields<K extends string>(kind: K): Omit<IdCodec<GameRefId<K>>, 'prefix'> {
  return {
    kind,
    fields: 1,
    encode: (id) => {
      if (!isRef(id.gameId)) throw new Error('custom id: bad game id');
      return [id.gameId];
    },
    decode: ([ref]) => (isRef(ref) ? { kind, gameId: ref } : null),
    target: (id) => id.gameId,
  };
}

const byKind = new Map<string, IdCodec<CustomId>>();
const byPrefix = new Map<string, IdCodec<CustomId>>();

/** The kinds' codecs, from buttons/index.ts. A kind or prefix taken twice is a mistake, found as the bot loads. */
export function registerIds(codecs: readonly IdCodec<CustomId>[]): void {
  for (const c of codecs) {
    const taken = byKind.get(c.kind) ?? byPrefix.get(c.prefix);
    if (taken === c) continue;
    if (taken || !/^[a-z]{1,2}$/.test(c.prefix))
      throw new Error(`custom id: kind ${c.kind} cannot take prefix ${c.prefix}`);
    byKind.set(c.kind, c);
    byPrefix.set(c.prefix, c);
  }
}

function codecOf(id: CustomId): IdCodec<CustomId> {
  const codec = byKind.get(id.kind);
  // A bug: the list was not loaded (see the top of this file).
  if (!codec) throw new Error(`custom id: no codec for kind ${id.kind}`);
  return codec;
}

export function encodeCustomId(id: CustomId): string {
  const codec = codecOf(id);
  const text = [CUSTOM_ID_VERSION, codec.prefix, ...codec.encode(id)].join(':');
  if (text.length > MAX_LEN) throw new Error('custom id: over 100 characters');
  return text;
}

/** Why a custom id was refused: a catalogue key for the person who clicked. */
export type CustomIdRefusal = 'common.badButton' | 'common.oldButton';

export type ParsedCustomId = { ok: true; value: CustomId } | { ok: false; reason: CustomIdRefusal };

export function parseCustomId(raw: unknown): ParsedCustomId {
  const bad = (reason: CustomIdRefusal): ParsedCustomId => ({ ok: false, reason });
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LEN) return bad('common.badButton');
  const [version, prefix, ...fields] = raw.split(':');
  if (version !== CUSTOM_ID_VERSION) return bad(/^hx\d+$/.test(version) ? 'common.oldButton' : 'common.badButton');
  const codec = byPrefix.get(prefix);
  const value = codec && fields.length === codec.fields ? codec.decode(fields) : null;
  return value ? { ok: true, value } : bad('common.badButton');
}

/** What an id acts on: its kind and the record (or list, or lesson) it names. */
function target(id: CustomId): string {
  const codec = codecOf(id);
  return `${codec.prefix}:${codec.target(id)}`;
}

/** The custom ids of hexmate a message carries (its buttons and menus), parsed; anything else is left out. */
export function carriedIds(message: { components?: readonly unknown[] }): CustomId[] {
  const out: CustomId[] = [];
  const visit = (c: unknown): void => {
    if (!c || typeof c !== 'object') return;
    const o = c as { customId?: unknown; components?: unknown };
    if (typeof o.customId === 'string') {
      const p = parseCustomId(o.customId);
      if (p.ok) out.push(p.value);
    }
    if (Array.isArray(o.components)) o.components.forEach(visit);
  };
  (message.components ?? []).forEach(visit);
  return out;
}

/**
 * Whether a click may redraw the message it came from: the message carries an id acting on the same thing
 * (or, unless `strict`, no id at all: a card whose buttons went on its last change). A forged id clicked on
 * another message (a board post, someone's card) must not redraw that message for everyone.
 */
export function mayRedraw(message: { components?: readonly unknown[] }, id: CustomId, strict = false): boolean {
  const ids = carriedIds(message);
  if (ids.length === 0) return !strict;
  const want = target(id);
  return ids.some((x) => target(x) === want);
}

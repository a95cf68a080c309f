// The custom ids of components (design.md, "Bot"). Ids are short, versioned
// (`hx1`), at most 100 characters, and untrusted on the way back:
// parseCustomId never throws and refuses anything it did not make.
//
// Each kind of id is one `defineId` below: its prefix, its fields and their
// checks, in one place; its handler is a `ComponentHandler` of that kind next
// to its command (commands/index.ts lists them), found from the parsed id.
// The codecs stay here, apart from the handlers, because the cards that draw
// the buttons (kit/posts.ts...) are imported by those handlers: a codec in a
// handler's file would be an import cycle.
import { CODE_RE, MAX_STEPS, MENUS, PATH_SEP } from '../../match/menu.js';

export const CUSTOM_ID_VERSION = 'hx1';
const MAX_LEN = 100;
/** Store ids are short opaque tokens; anything else is not ours. */
const ID_RE = /^[A-Za-z0-9_-]{1,40}$/;
const VERSION_RE = /^(0|[1-9][0-9]{0,8})$/;
const PAGE_RE = /^(0|[1-9][0-9]?)$/;
/** A game id as the registry spells them. */
const GAME_RE = /^[a-z][a-z0-9-]{0,23}$/;
/** Pages a list button may ask for (0-based). */
export const MAX_LIST_PAGE = 99;

const isRef = (s: string): boolean => ID_RE.test(s);
const isCount = (n: number): boolean => Number.isSafeInteger(n) && VERSION_RE.test(String(n));
const isPage = (n: number): boolean => Number.isInteger(n) && PAGE_RE.test(String(n));

/** A closed set of values written as short codes. */
function codes<K extends string>(byValue: Record<K, string>) {
  const byCode = new Map(Object.entries(byValue).map(([k, v]) => [v as string, k as K]));
  return { write: (k: K): string => byValue[k], read: (code: string): K | undefined => byCode.get(code) };
}

/**
 * One kind of id: `hx1:<prefix>:<fields...>`. `encode` gives the fields (throwing on a value the decoder would refuse: the encoder makes only what it reads back);
 * `decode` reads them back, or null. `target` names what the id acts on (mayRedraw).
 */
interface IdCodec<T extends { kind: string }> {
  kind: T['kind'];
  prefix: string;
  fields: number;
  encode(id: T): string[];
  decode(fields: string[]): T | null;
  target(id: T): string;
}
const defineId = <T extends { kind: string }>(c: IdCodec<T>): IdCodec<T> => c;

// ---------------------------------------------------------------------------
// The kinds

export type ChallengeAction = 'accept' | 'decline' | 'cancel';
const challengeActions = codes<ChallengeAction>({ accept: 'a', decline: 'd', cancel: 'x' });
/** Accept / Decline / Cancel on a challenge card. */
const challenge = defineId<{ kind: 'challenge'; challengeId: string; action: ChallengeAction }>({
  kind: 'challenge',
  prefix: 'c',
  fields: 2,
  encode: (id) => {
    if (!isRef(id.challengeId)) throw new Error('custom id: bad challenge id');
    return [id.challengeId, challengeActions.write(id.action)];
  },
  decode: ([ref, code]) => {
    const action = challengeActions.read(code);
    return isRef(ref) && action ? { kind: 'challenge', challengeId: ref, action } : null;
  },
  target: (id) => id.challengeId,
});

export type GameAction = 'draw-accept' | 'draw-decline' | 'rematch';
const gameActions = codes<GameAction>({ 'draw-accept': 'da', 'draw-decline': 'dd', rematch: 'rm' });
/** A draw offer's buttons, Rematch. `version` is the game's version when drawn: a click on an older one is stale. */
const game = defineId<{ kind: 'game'; gameId: string; version: number; action: GameAction }>({
  kind: 'game',
  prefix: 'g',
  fields: 3,
  encode: (id) => {
    if (!(isRef(id.gameId) && isCount(id.version))) throw new Error('custom id: bad game id or version');
    return [id.gameId, String(id.version), gameActions.write(id.action)];
  },
  decode: ([ref, version, code]) => {
    const action = gameActions.read(code);
    return isRef(ref) && VERSION_RE.test(version) && action
      ? { kind: 'game', gameId: ref, version: Number(version), action }
      : null;
  },
  target: (id) => id.gameId,
});

/** `cancel` asks privately; `cancel-confirm` (on that private message) cancels. */
export type TournamentAction = 'join' | 'leave' | 'start' | 'cancel' | 'cancel-confirm';
const tournamentActions = codes<TournamentAction>({
  join: 'j',
  leave: 'l',
  start: 's',
  cancel: 'x',
  'cancel-confirm': 'cx',
});
/** The buttons of a tournament card. */
const tournament = defineId<{ kind: 'tournament'; tournamentId: string; action: TournamentAction }>({
  kind: 'tournament',
  prefix: 't',
  fields: 2,
  encode: (id) => {
    if (!isRef(id.tournamentId)) throw new Error('custom id: bad tournament id');
    return [id.tournamentId, tournamentActions.write(id.action)];
  },
  decode: ([ref, code]) => {
    const action = tournamentActions.read(code);
    return isRef(ref) && action ? { kind: 'tournament', tournamentId: ref, action } : null;
  },
  target: (id) => id.tournamentId,
});

/** Paged lists (the page buttons of /games). */
export type ListName = 'games';
const lists = codes<ListName>({ games: 'g' });
const list = defineId<{ kind: 'list'; list: ListName; page: number }>({
  kind: 'list',
  prefix: 'l',
  fields: 2,
  encode: (id) => {
    if (!(Number.isInteger(id.page) && id.page >= 0 && id.page <= MAX_LIST_PAGE))
      throw new Error('custom id: bad page');
    return [lists.write(id.list), String(id.page)];
  },
  decode: ([code, page]) => {
    const name = lists.read(code);
    return name && PAGE_RE.test(page) ? { kind: 'list', list: name, page: Number(page) } : null;
  },
  target: (id) => id.list,
});

/**
 * The move builder (the Move button and its private menus). `at` is the number of moves played when it was drawn —
 * the position it offers moves for (the record's version also moves on reminders and draw offers); `path` the menu
 * choices so far (codes of src/match/menu.ts); `menu` which select menu of the view.
 */
type BuildId =
  | { kind: 'build'; gameId: string; at: number; action: 'open' | 'view' | 'confirm'; path: string[] }
  | { kind: 'build'; gameId: string; at: number; action: 'select'; menu: number; path: string[] };
const buildActions = codes({ open: 'o', view: 'v', confirm: 'c' } as const);
const SELECT_RE = new RegExp(`^s([0-${MENUS - 1}])$`);
const validPath = (path: readonly string[]): boolean => path.length <= MAX_STEPS && path.every((c) => CODE_RE.test(c));
const build = defineId<BuildId>({
  kind: 'build',
  prefix: 'b',
  fields: 4,
  encode: (id) => {
    if (!(isRef(id.gameId) && isCount(id.at) && validPath(id.path))) throw new Error('custom id: bad builder id');
    if (id.action === 'open' && id.path.length > 0) throw new Error('custom id: the builder opens at the start');
    if (id.action === 'select' && !SELECT_RE.test(`s${id.menu}`)) throw new Error('custom id: bad menu');
    const action = id.action === 'select' ? `s${id.menu}` : buildActions.write(id.action);
    return [id.gameId, String(id.at), action, id.path.join(PATH_SEP)];
  },
  decode: ([ref, at, code, text]) => {
    const path = text === '' ? [] : text.split(PATH_SEP);
    if (!isRef(ref) || !VERSION_RE.test(at) || !validPath(path)) return null;
    const base = { kind: 'build' as const, gameId: ref, at: Number(at), path };
    const menu = SELECT_RE.exec(code);
    if (menu) return { ...base, action: 'select', menu: Number(menu[1]) };
    const action = buildActions.read(code);
    return action && (action !== 'open' || path.length === 0) ? { ...base, action } : null;
  },
  target: (id) => id.gameId,
});

/**
 * The buttons of a /rules lesson: open a page privately (Why?), turn to a page, post the page publicly, jump to the
 * chosen topic (select).
 */
export type RulesAction = 'open' | 'page' | 'post' | 'jump';
const rulesActions = codes<RulesAction>({ open: 'o', page: 'p', post: 's', jump: 'j' });
/** A page of a game's /rules lesson: `page` is the topic's index in the game's lessons. */
const rules = defineId<{ kind: 'rules'; game: string; page: number; action: RulesAction }>({
  kind: 'rules',
  prefix: 'r',
  fields: 3,
  encode: (id) => {
    if (!(GAME_RE.test(id.game) && isPage(id.page))) throw new Error('custom id: bad rules page');
    return [id.game, String(id.page), rulesActions.write(id.action)];
  },
  decode: ([name, page, code]) => {
    const action = rulesActions.read(code);
    return GAME_RE.test(name) && PAGE_RE.test(page) && action
      ? { kind: 'rules', game: name, page: Number(page), action }
      : null;
  },
  target: (id) => id.game,
});

/** Every kind, found by its prefix. */
const KINDS = [challenge, game, tournament, list, build, rules] as const;

// ---------------------------------------------------------------------------
// The codec

type KindOf<C> = C extends IdCodec<infer T> ? T : never;
export type CustomId = KindOf<(typeof KINDS)[number]>;

const byKind = new Map<string, IdCodec<CustomId>>(KINDS.map((c) => [c.kind, c as unknown as IdCodec<CustomId>]));
const byPrefix = new Map<string, IdCodec<CustomId>>(KINDS.map((c) => [c.prefix, c as unknown as IdCodec<CustomId>]));

export function encodeCustomId(id: CustomId): string {
  const codec = byKind.get(id.kind)!;
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
  const codec = byKind.get(id.kind)!;
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

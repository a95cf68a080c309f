// The one codec for component custom ids (design.md, "Bot"). Ids are short,
// versioned (`hx1`), at most 100 characters, and untrusted on the way back:
// parseCustomId never throws and refuses anything it did not make.
import { CODE_RE, MAX_STEPS, MENUS, PATH_SEP } from '../../match/menu.js';

export const CUSTOM_ID_VERSION = 'hx1';
const MAX_LEN = 100;
/** Store ids are short opaque tokens; anything else is not ours. */
const ID_RE = /^[A-Za-z0-9_-]{1,40}$/;
const VERSION_RE = /^(0|[1-9][0-9]{0,8})$/;
const PAGE_RE = /^(0|[1-9][0-9]?)$/;

export type ChallengeAction = 'accept' | 'decline' | 'cancel';
export type GameAction = 'draw-accept' | 'draw-decline' | 'rematch';
/** `cancel` asks privately; `cancel-confirm` (on that private message) cancels. */
export type TournamentAction = 'join' | 'leave' | 'start' | 'cancel' | 'cancel-confirm';
/** Paged lists (the page buttons of /games). */
export type ListName = 'games';
/** Pages a list button may ask for (0-based). */
export const MAX_LIST_PAGE = 99;
/**
 * The buttons of a /rules lesson: open a page privately (Why?), turn to a page, post the page publicly, jump to the
 * chosen topic (select).
 */
export type RulesAction = 'open' | 'page' | 'post' | 'jump';
/** A game id as the registry spells them. */
const GAME_RE = /^[a-z][a-z0-9-]{0,23}$/;

export type CustomId =
  | { kind: 'challenge'; challengeId: string; action: ChallengeAction }
  /** `version` is the game's version when the button was drawn: a click on an older one is stale. */
  | { kind: 'game'; gameId: string; version: number; action: GameAction }
  | { kind: 'list'; list: ListName; page: number }
  /**
   * The move builder (the Move button and its private menus). `at` is the number of moves played when it was
   * drawn — the position it offers moves for (the record's version also moves on reminders and draw offers);
   * `path` the menu choices so far (codes of src/match/menu.ts); `menu` which select menu of the view.
   */
  | { kind: 'build'; gameId: string; at: number; action: 'open' | 'view' | 'confirm'; path: string[] }
  | { kind: 'build'; gameId: string; at: number; action: 'select'; menu: number; path: string[] }
  /** A page of a game's /rules lesson: `page` is the topic's index in the game's lessons. */
  | { kind: 'rules'; game: string; page: number; action: RulesAction }
  | { kind: 'tournament'; tournamentId: string; action: TournamentAction };

const CHALLENGE_CODES: Record<ChallengeAction, string> = { accept: 'a', decline: 'd', cancel: 'x' };
const GAME_CODES: Record<GameAction, string> = { 'draw-accept': 'da', 'draw-decline': 'dd', rematch: 'rm' };
const invert = <K extends string>(m: Record<K, string>): Map<string, K> =>
  new Map(Object.entries(m).map(([k, v]) => [v as string, k as K]));
const CHALLENGE_BY_CODE = invert(CHALLENGE_CODES);
const GAME_BY_CODE = invert(GAME_CODES);
const LIST_CODES: Record<ListName, string> = { games: 'g' };
const LIST_BY_CODE = invert(LIST_CODES);
const BUILD_CODES = { open: 'o', view: 'v', confirm: 'c' } as const;
const BUILD_BY_CODE = invert(BUILD_CODES);
const SELECT_RE = new RegExp(`^s([0-${MENUS - 1}])$`);

const validPath = (path: readonly string[]): boolean => path.length <= MAX_STEPS && path.every((c) => CODE_RE.test(c));
function readPath(text: string): string[] | null {
  const path = text === '' ? [] : text.split(PATH_SEP);
  return validPath(path) ? path : null;
}
const TOURNAMENT_CODES: Record<TournamentAction, string> = {
  join: 'j',
  leave: 'l',
  start: 's',
  cancel: 'x',
  'cancel-confirm': 'cx',
};
const TOURNAMENT_BY_CODE = invert(TOURNAMENT_CODES);
const RULES_CODES: Record<RulesAction, string> = { open: 'o', page: 'p', post: 's', jump: 'j' };
const RULES_BY_CODE = invert(RULES_CODES);

export function encodeCustomId(id: CustomId): string {
  let text: string;
  if (id.kind === 'challenge') {
    if (!ID_RE.test(id.challengeId)) throw new Error(`custom id: bad challenge id`);
    text = `${CUSTOM_ID_VERSION}:c:${id.challengeId}:${CHALLENGE_CODES[id.action]}`;
  } else if (id.kind === 'tournament') {
    if (!ID_RE.test(id.tournamentId)) throw new Error('custom id: bad tournament id');
    text = `${CUSTOM_ID_VERSION}:t:${id.tournamentId}:${TOURNAMENT_CODES[id.action]}`;
  } else if (id.kind === 'list') {
    if (!Number.isInteger(id.page) || id.page < 0 || id.page > MAX_LIST_PAGE) throw new Error('custom id: bad page');
    text = `${CUSTOM_ID_VERSION}:l:${LIST_CODES[id.list]}:${id.page}`;
  } else if (id.kind === 'build') {
    if (
      !ID_RE.test(id.gameId) ||
      !Number.isSafeInteger(id.at) ||
      !VERSION_RE.test(String(id.at)) ||
      !validPath(id.path)
    ) {
      throw new Error('custom id: bad builder id');
    }
    if (id.action === 'open' && id.path.length > 0) throw new Error('custom id: the builder opens at the start');
    if (id.action === 'select' && !SELECT_RE.test(`s${id.menu}`)) throw new Error('custom id: bad menu');
    const action = id.action === 'select' ? `s${id.menu}` : BUILD_CODES[id.action];
    text = `${CUSTOM_ID_VERSION}:b:${id.gameId}:${id.at}:${action}:${id.path.join(PATH_SEP)}`;
  } else if (id.kind === 'rules') {
    if (!GAME_RE.test(id.game) || !Number.isInteger(id.page) || !PAGE_RE.test(String(id.page)))
      throw new Error('custom id: bad rules page');
    text = `${CUSTOM_ID_VERSION}:r:${id.game}:${id.page}:${RULES_CODES[id.action]}`;
  } else {
    if (!ID_RE.test(id.gameId) || !Number.isSafeInteger(id.version) || !VERSION_RE.test(String(id.version))) {
      throw new Error(`custom id: bad game id or version`);
    }
    text = `${CUSTOM_ID_VERSION}:g:${id.gameId}:${id.version}:${GAME_CODES[id.action]}`;
  }
  if (text.length > MAX_LEN) throw new Error('custom id: over 100 characters');
  return text;
}

/** Why a custom id was refused: a catalogue key for the person who clicked. */
export type CustomIdRefusal = 'common.badButton' | 'common.oldButton';

export type ParsedCustomId = { ok: true; value: CustomId } | { ok: false; reason: CustomIdRefusal };

export function parseCustomId(raw: unknown): ParsedCustomId {
  const bad = (reason: CustomIdRefusal): ParsedCustomId => ({ ok: false, reason });
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LEN) return bad('common.badButton');
  const parts = raw.split(':');
  if (parts[0] !== CUSTOM_ID_VERSION) {
    return bad(/^hx\d+$/.test(parts[0]) ? 'common.oldButton' : 'common.badButton');
  }
  if (parts[1] === 'c' && parts.length === 4) {
    const action = CHALLENGE_BY_CODE.get(parts[3]);
    if (!ID_RE.test(parts[2]) || !action) return bad('common.badButton');
    return { ok: true, value: { kind: 'challenge', challengeId: parts[2], action } };
  }
  if (parts[1] === 'g' && parts.length === 5) {
    const action = GAME_BY_CODE.get(parts[4]);
    if (!ID_RE.test(parts[2]) || !VERSION_RE.test(parts[3]) || !action) return bad('common.badButton');
    return { ok: true, value: { kind: 'game', gameId: parts[2], version: Number(parts[3]), action } };
  }
  if (parts[1] === 't' && parts.length === 4) {
    const action = TOURNAMENT_BY_CODE.get(parts[3]);
    if (!ID_RE.test(parts[2]) || !action) return bad('common.badButton');
    return { ok: true, value: { kind: 'tournament', tournamentId: parts[2], action } };
  }
  if (parts[1] === 'l' && parts.length === 4) {
    const list = LIST_BY_CODE.get(parts[2]);
    if (!list || !PAGE_RE.test(parts[3])) return bad('common.badButton');
    return { ok: true, value: { kind: 'list', list, page: Number(parts[3]) } };
  }
  if (parts[1] === 'b' && parts.length === 6) {
    const path = readPath(parts[5]);
    if (!ID_RE.test(parts[2]) || !VERSION_RE.test(parts[3]) || !path) return bad('common.badButton');
    const base = { kind: 'build' as const, gameId: parts[2], at: Number(parts[3]), path };
    const menu = SELECT_RE.exec(parts[4]);
    if (menu) return { ok: true, value: { ...base, action: 'select', menu: Number(menu[1]) } };
    const action = BUILD_BY_CODE.get(parts[4]);
    if (!action || (action === 'open' && path.length > 0)) return bad('common.badButton');
    return { ok: true, value: { ...base, action } };
  }
  if (parts[1] === 'r' && parts.length === 5) {
    const action = RULES_BY_CODE.get(parts[4]);
    if (!GAME_RE.test(parts[2]) || !PAGE_RE.test(parts[3]) || !action) return bad('common.badButton');
    return { ok: true, value: { kind: 'rules', game: parts[2], page: Number(parts[3]), action } };
  }
  return bad('common.badButton');
}

/** What an id acts on: its kind and the record (or list, or lesson) it names. */
function target(id: CustomId): string {
  switch (id.kind) {
    case 'challenge':
      return `c:${id.challengeId}`;
    case 'game':
      return `g:${id.gameId}`;
    case 'build':
      return `b:${id.gameId}`;
    case 'tournament':
      return `t:${id.tournamentId}`;
    case 'list':
      return `l:${id.list}`;
    case 'rules':
      return `r:${id.game}`;
  }
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

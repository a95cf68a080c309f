// Validation of a stored record (untrusted JSON) as an Orion Duel state: the
// shape first, then a replay of every placement from the layout's start, then
// every stored field compared with the replay. What comes back is the replay.
import { errorText, ok, type Result } from '../game.js';
import { refused } from './errors.js';
import { CELL_COUNT, cellLabel } from './board.js';
import { placementIdOf } from './legal.js';
import { formatMove } from './notation.js';
import { applyId, checkMove, initialState } from './state.js';
import { PLACEMENTS } from './tiles.js';
import { TILE_CODES, TILE_COUNTS, type OrionState } from './types.js';
import { groupsOf, victoryConditions } from './victory.js';

const KEYS = [
  'game',
  'layout',
  'galaxies',
  'blackHoles',
  'cells',
  'tileAt',
  'placements',
  'hands',
  'toMove',
  'ply',
  'vc',
  'end',
];
/** A stored state that does not validate: one code for players (a damaged record), the details for operators. */
const bad = (detail: string): Result<OrionState> => refused('state', 'orion.badState', {}, detail);
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown): x is number => Number.isInteger(x);
/** Deep equality of plain JSON values, key order ignored. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k]));
  }
  return false;
}

export function fromJSON(data: unknown): Result<OrionState> {
  if (!isObj(data)) return bad('an Orion Duel state must be an object');
  if (data.game !== 'orion') return bad(`game is ${JSON.stringify(data.game)}, not "orion"`);
  for (const k of Object.keys(data)) if (!KEYS.includes(k)) return bad(`unexpected field "${k}"`);
  for (const k of KEYS) if (!(k in data)) return bad(`missing field "${k}"`);
  if (typeof data.layout !== 'string') return bad('layout must be a string');
  const start = initialState(data.layout);
  if (!start.ok) return bad(`layout: ${errorText(start.error)}`);
  let s = start.value;
  // OD-10/OD-11: tokens as the layout puts them.
  if (!same(data.galaxies, s.galaxies)) return bad(`galaxies do not match layout ${data.layout} (OD-11)`);
  if (!same(data.blackHoles, s.blackHoles)) return bad(`black holes do not match layout ${data.layout} (OD-11)`);
  // Shapes of the board arrays.
  const cells = data.cells;
  if (!Array.isArray(cells) || cells.length !== CELL_COUNT || !cells.every((c) => c === -1 || c === 0 || c === 1))
    return bad(`cells must be ${CELL_COUNT} values, each -1, 0 or 1 (OD-2)`);
  const tileAt = data.tileAt;
  if (!Array.isArray(tileAt) || tileAt.length !== CELL_COUNT || !tileAt.every((t) => isInt(t) && t >= -1))
    return bad(`tileAt must be ${CELL_COUNT} integers ≥ -1`);
  // OD-3: each hand holds 0..count of each kind, and nothing else.
  if (!Array.isArray(data.hands) || data.hands.length !== 2) return bad('hands must be two records');
  for (let side = 0; side < 2; side++) {
    const h: unknown = data.hands[side];
    if (!isObj(h) || Object.keys(h).length !== TILE_CODES.length)
      return bad(`hands[${side}] must have exactly ${TILE_CODES.join(', ')}`);
    for (const t of TILE_CODES)
      if (!isInt(h[t]) || h[t] < 0 || h[t] > TILE_COUNTS[t])
        return bad(`hands[${side}].${t} must be an integer 0..${TILE_COUNTS[t]} (OD-8)`);
  }
  // Replay (OD-12: sides alternate, Orange first; every placement legal when laid).
  const pls = data.placements;
  if (!Array.isArray(pls) || pls.length > 28) return bad('placements must be a list of at most 28 tiles');
  for (let i = 0; i < pls.length; i++) {
    const p: unknown = pls[i];
    const at = `placement ${i + 1}`;
    if (!isObj(p) || !same(Object.keys(p).sort(), ['cells', 'colors', 'move', 'side']))
      return bad(`${at}: must be {side, move, cells, colors}`);
    if (p.side !== s.toMove)
      return bad(
        `${at}: side ${JSON.stringify(p.side)}, but ${s.toMove === 0 ? 'orange' : 'blue'} was to move (OD-12)`,
      );
    const id = placementIdOf(p.move);
    if (typeof id !== 'number') return bad(`${at}: ${errorText(id)}`);
    const legal = checkMove(s, p.move);
    if (!legal.ok) return bad(`${at} (${formatMove(PLACEMENTS[id].move)}) is illegal: ${errorText(legal.error)}`);
    s = applyId(s, id);
    const made = s.placements[i];
    if (!same(p.move, made.move)) return bad(`${at}: move is not in canonical form (${formatMove(made.move)})`);
    if (!same(p.cells, made.cells)) return bad(`${at}: cells do not match ${formatMove(made.move)}`);
    if (!same(p.colors, made.colors)) return bad(`${at}: colours do not match ${formatMove(made.move)}`);
  }
  // The board must be exactly what the placements made.
  for (let c = 0; c < CELL_COUNT; c++) {
    if (cells[c] !== s.cells[c])
      return bad(`cell ${cellLabel(c)} is ${cells[c]}, but the placements make it ${s.cells[c]} (OD-15)`);
    if (tileAt[c] !== s.tileAt[c])
      return bad(`tileAt of ${cellLabel(c)} is ${tileAt[c]}, but the placements make it ${s.tileAt[c]}`);
  }
  for (let side = 0; side < 2; side++)
    for (const t of TILE_CODES)
      if ((data.hands[side] as Record<string, number>)[t] !== s.hands[side][t])
        return bad(
          `hands[${side}].${t} is ${(data.hands[side] as Record<string, number>)[t]}, but 14 tiles less those laid leave ${s.hands[side][t]} (OD-3)`,
        );
  if (data.toMove !== s.toMove) return bad(`toMove is ${JSON.stringify(data.toMove)}, expected ${s.toMove} (OD-12)`);
  if (data.ply !== s.ply) return bad(`ply is ${JSON.stringify(data.ply)}, expected ${s.ply}`);
  if (!same(data.vc, s.vc)) return bad(`vc does not match the board (OD-17): expected ${JSON.stringify(s.vc)}`);
  if (!same(data.end, s.end)) return bad(`end does not match the board: expected ${JSON.stringify(s.end)}`);
  // Independent recount of the victory conditions (flood fill, not the fast path).
  if (!same(victoryConditions(groupsOf(s.cells, s.galaxies, s.blackHoles)), s.vc))
    return bad('internal: victory conditions disagree');
  return ok(s);
}

// OD-22 move text: short form `TILE CELL [DIR] [R|L]` (canonical output) and
// the long input form listing the cells, the X hex first (`L3 E5,E4,E3`).
import { ok, type Result } from '../game.js';
import { MOVE_FORM, refused } from './errors.js';
import { CELL_COUNT, cellLabel, parseCellLabel } from './board.js';
import { HAS_X, LOOKUP, PLACEMENTS, TILE_SIZE, kindIndex, lookupIndex, placementOf, shapeCells } from './tiles.js';
import { ORION_DIRS, TILE_CODES, type CellIndex, type OrionDir, type OrionMove, type TileCode } from './types.js';

const LABEL_RE = /^[A-Z]\d{1,3}$/;

/** What the player typed, quoted in a refusal: at most 40 characters (a refusal must stay short). */
const shown = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Canonical short text of a move (OD-22); P2 is written from its N/NE/SE anchor. */
export function formatMove(m: OrionMove): string {
  const id = placementOf(m);
  const c = id >= 0 ? PLACEMENTS[id].move : m;
  // A malformed move still gets a readable text rather than a crash.
  const cell = Number.isInteger(c.cell) && c.cell >= 0 && c.cell < CELL_COUNT ? cellLabel(c.cell) : String(c.cell);
  let text = `${c.tile} ${cell}`;
  if (c.dir) text += ` ${c.dir}`;
  if (c.tile === 'V3' && c.turn) text += ` ${c.turn}`;
  return text;
}

function readCell(word: string, whole: string): Result<CellIndex> {
  const c = parseCellLabel(word);
  if (c >= 0) return ok(c);
  if (LABEL_RE.test(word)) return refused('OD-6', 'orion.noCell', { cell: word });
  return refused('OD-22', 'orion.cannotRead', { text: whole, form: MOVE_FORM });
}

/**
 * Parses move text into a placement id (the board is not consulted: legality
 * is checked by the caller). Geometry errors (off the board, wrong shape) are
 * reported here.
 */
export function parseMoveText(input: string): Result<number> {
  const typed = String(input).trim();
  const whole = shown(typed);
  const text = typed.toUpperCase().replace(/\s*,\s*/g, ',');
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 2) return refused('OD-22', 'orion.cannotRead', { text: whole, form: MOVE_FORM });
  const tile = words[0];
  const kind = kindIndex(tile as TileCode);
  if (kind < 0) {
    if (/^[A-Z]\d$/.test(tile))
      return refused('OD-22', 'orion.unknownTile', { tile: words[0], tiles: TILE_CODES.join(' ') });
    return refused('OD-22', 'orion.cannotRead', { text: whole, form: MOVE_FORM });
  }
  const code = tile as TileCode;
  if (words[1].includes(',')) return parseLong(code, kind, words, whole);

  const cell = readCell(words[1], whole);
  if (!cell.ok) return cell;
  const rest = words.slice(2);
  if (code === 'S1') {
    if (rest.length > 0) return refused('OD-22', 'orion.s1NoDirectionWrite', { move: `S1 ${words[1]}` });
    return ok(LOOKUP[lookupIndex(kind, cell.value, 0, 0)]);
  }
  if (rest.length === 0) return refused('OD-22', 'orion.needsDirection', { tile: code, dirs: ORION_DIRS.join(', ') });
  const dir = ORION_DIRS.indexOf(rest[0] as OrionDir);
  if (dir < 0) {
    if (rest[0] === 'R' || rest[0] === 'L')
      return refused('OD-22', 'orion.directionBeforeTurn', { tile: code, dirs: ORION_DIRS.join(', ') });
    if (parseCellLabel(rest[0]) >= 0)
      return refused('OD-22', 'orion.joinWithCommas', { move: shown(`${code} ${words.slice(1).join(',')}`) });
    return refused('OD-22', 'orion.noDirection', { dir: shown(rest[0]), dirs: ORION_DIRS.join(', ') });
  }
  let turn = 0;
  if (code === 'V3') {
    if (rest.length < 2 || (rest[1] !== 'R' && rest[1] !== 'L')) return refused('OD-22', 'orion.v3NeedsTurn');
    if (rest.length > 2) return refused('OD-22', 'orion.tooManyWords', { text: whole, form: MOVE_FORM });
    turn = rest[1] === 'R' ? 0 : 1;
  } else if (rest.length > 1) {
    if (rest[1] === 'R' || rest[1] === 'L') return refused('OD-22', 'orion.onlyV3Turns', { tile: code });
    return refused('OD-22', 'orion.tooManyWords', { text: whole, form: MOVE_FORM });
  }
  const id = LOOKUP[lookupIndex(kind, cell.value, dir, turn)];
  return id < 0 ? refused('OD-13', 'orion.offBoard') : ok(id);
}

/** Long form: `L3 E5,E4,E3` — the X hex first, the others in any order (OD-22). */
function parseLong(code: TileCode, kind: number, words: string[], whole: string): Result<number> {
  if (words.length > 2)
    return refused('OD-22', 'orion.tooManyWordsLong', { text: whole, form: 'TILE CELL,CELL[,CELL]' });
  const parts = words[1].split(',');
  const cells: CellIndex[] = [];
  for (const p of parts) {
    if (!p) return refused('OD-22', 'orion.emptyCell', { text: whole });
    const c = readCell(p, whole);
    if (!c.ok) return c;
    cells.push(c.value);
  }
  if (cells.length !== TILE_SIZE[code])
    return refused('OD-22', 'orion.wrongCellCount', { tile: code, size: TILE_SIZE[code], count: cells.length });
  if (new Set(cells).size !== cells.length) return refused('OD-22', 'orion.cellTwice');
  const want = [...cells].sort((a, b) => a - b).join(',');
  const anchors = HAS_X[code] ? [cells[0]] : cells; // S1/P2 have no X hex: any order
  for (const anchor of anchors)
    for (let dir = 0; dir < 6; dir++)
      for (let turn = 0; turn < (code === 'V3' ? 2 : 1); turn++) {
        const sc = shapeCells(kind, anchor, dir, turn);
        if (sc && [...sc].sort((a, b) => a - b).join(',') === want)
          return ok(LOOKUP[lookupIndex(kind, anchor, dir, turn)]);
      }
  // Same shape with another hex as X? Then only the order is wrong.
  if (HAS_X[code])
    for (const anchor of cells.slice(1))
      for (let dir = 0; dir < 6; dir++)
        for (let turn = 0; turn < 2; turn++) {
          const sc = shapeCells(kind, anchor, dir, turn);
          if (sc && [...sc].sort((a, b) => a - b).join(',') === want)
            return refused('OD-22', 'orion.xFirst', {
              move: `${code} ${[anchor, ...cells.filter((c) => c !== anchor)].map(cellLabel).join(',')}`,
            });
        }
  return refused('OD-22', 'orion.notShape', { cells: cells.map(cellLabel).join(','), tile: code });
}

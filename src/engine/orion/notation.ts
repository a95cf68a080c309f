// OD-22 move text: short form `TILE CELL [DIR] [R|L]` (canonical output) and
// the long input form listing the cells, the X hex first (`L3 E5,E4,E3`).
import { fail, ok, type Result } from '../game.js';
import { CELL_COUNT, cellLabel, parseCellLabel } from './board.js';
import { HAS_X, LOOKUP, PLACEMENTS, TILE_SIZE, kindIndex, lookupIndex, placementOf, shapeCells } from './tiles.js';
import { ORION_DIRS, TILE_CODES, type CellIndex, type OrionDir, type OrionMove, type TileCode } from './types.js';

const EXPECTED = 'expected TILE CELL [DIR] [R|L]';
const LABEL_RE = /^[A-Z]\d{1,3}$/;

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
  if (LABEL_RE.test(word)) return fail('OD-6', `no cell "${word}"`);
  return fail('OD-22', `cannot read "${whole}" (${EXPECTED})`);
}

/**
 * Parses move text into a placement id (the board is not consulted: legality
 * is checked by the caller). Geometry errors (off the board, wrong shape) are
 * reported here.
 */
export function parseMoveText(input: string): Result<number> {
  const whole = String(input).trim();
  const text = whole.toUpperCase().replace(/\s*,\s*/g, ',');
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 2) return fail('OD-22', `cannot read "${whole}" (${EXPECTED})`);
  const tile = words[0];
  const kind = kindIndex(tile as TileCode);
  if (kind < 0) {
    if (/^[A-Z]\d$/.test(tile)) return fail('OD-22', `unknown tile "${words[0]}" (tiles: ${TILE_CODES.join(' ')})`);
    return fail('OD-22', `cannot read "${whole}" (${EXPECTED})`);
  }
  const code = tile as TileCode;
  if (words[1].includes(',')) return parseLong(code, kind, words, whole);

  const cell = readCell(words[1], whole);
  if (!cell.ok) return cell;
  const rest = words.slice(2);
  if (code === 'S1') {
    if (rest.length > 0) return fail('OD-22', `S1 takes no direction: write "S1 ${words[1]}"`);
    return ok(LOOKUP[lookupIndex(kind, cell.value, 0, 0)]);
  }
  if (rest.length === 0) return fail('OD-22', `${code} needs a direction (${ORION_DIRS.join(', ')})`);
  const dir = ORION_DIRS.indexOf(rest[0] as OrionDir);
  if (dir < 0) {
    if (rest[0] === 'R' || rest[0] === 'L') return fail('OD-22', `${code} needs a direction before R or L (${ORION_DIRS.join(', ')})`);
    if (parseCellLabel(rest[0]) >= 0)
      return fail('OD-22', `to list the cells, join them with commas: "${code} ${words.slice(1).join(',')}"`);
    return fail('OD-22', `no direction "${rest[0]}" (${ORION_DIRS.join(', ')})`);
  }
  let turn = 0;
  if (code === 'V3') {
    if (rest.length < 2 || (rest[1] !== 'R' && rest[1] !== 'L')) return fail('OD-22', 'V3 needs R or L');
    if (rest.length > 2) return fail('OD-22', `too many words in "${whole}" (${EXPECTED})`);
    turn = rest[1] === 'R' ? 0 : 1;
  } else if (rest.length > 1) {
    if (rest[1] === 'R' || rest[1] === 'L') return fail('OD-22', `only V3 takes R or L, not ${code}`);
    return fail('OD-22', `too many words in "${whole}" (${EXPECTED})`);
  }
  const id = LOOKUP[lookupIndex(kind, cell.value, dir, turn)];
  return id < 0 ? fail('OD-13', 'the tile would leave the board') : ok(id);
}

/** Long form: `L3 E5,E4,E3` — the X hex first, the others in any order (OD-22). */
function parseLong(code: TileCode, kind: number, words: string[], whole: string): Result<number> {
  if (words.length > 2) return fail('OD-22', `too many words in "${whole}" (the long form is TILE CELL,CELL[,CELL])`);
  const parts = words[1].split(',');
  const cells: CellIndex[] = [];
  for (const p of parts) {
    if (!p) return fail('OD-22', `cannot read "${whole}" (an empty cell in the list)`);
    const c = readCell(p, whole);
    if (!c.ok) return c;
    cells.push(c.value);
  }
  if (cells.length !== TILE_SIZE[code])
    return fail('OD-22', `${code} covers ${TILE_SIZE[code]} cell${TILE_SIZE[code] > 1 ? 's' : ''}, not ${cells.length}`);
  if (new Set(cells).size !== cells.length) return fail('OD-22', 'a cell is listed twice');
  const want = [...cells].sort((a, b) => a - b).join(',');
  const anchors = HAS_X[code] ? [cells[0]] : cells; // S1/P2 have no X hex: any order
  for (const anchor of anchors)
    for (let dir = 0; dir < 6; dir++)
      for (let turn = 0; turn < (code === 'V3' ? 2 : 1); turn++) {
        const sc = shapeCells(kind, anchor, dir, turn);
        if (sc && [...sc].sort((a, b) => a - b).join(',') === want) return ok(LOOKUP[lookupIndex(kind, anchor, dir, turn)]);
      }
  // Same shape with another hex as X? Then only the order is wrong.
  if (HAS_X[code])
    for (const anchor of cells.slice(1))
      for (let dir = 0; dir < 6; dir++)
        for (let turn = 0; turn < 2; turn++) {
          const sc = shapeCells(kind, anchor, dir, turn);
          if (sc && [...sc].sort((a, b) => a - b).join(',') === want)
            return fail('OD-22', `the X (opponent-colour) hex comes first: did you mean "${code} ${[anchor, ...cells.filter((c) => c !== anchor)].map(cellLabel).join(',')}"?`);
        }
  return fail('OD-22', `${cells.map(cellLabel).join(',')} is not the shape of ${code}`);
}

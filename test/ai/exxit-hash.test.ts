// The Exxit alpha-beta's position key (exxit-alphabeta.ts, exxitHash): the transposition table trusts it, so each of
// its two halves must tell apart the positions a search meets, and every field of the position must reach both.
// exxit-alphabeta.test.ts checks the incremental key against the key from scratch; a key that forgot a field, or
// mixed it into nothing, passes that check (both ways forget it alike) and fails these.
import { describe, expect, it } from 'vitest';
import { exxitHash } from '../../src/engine/ai/exxit-alphabeta.js';
import { Board } from '../../src/engine/exxit/board.js';
import { exxit } from '../../src/engine/exxit/index.js';
import { generate } from '../../src/engine/exxit/legal.js';
import { applyMove } from '../../src/engine/exxit/position.js';
import { boardFromState } from '../../src/engine/exxit/state.js';
import type { ExxitVariant } from '../../src/engine/exxit/types.js';
import { makeRng, randInt } from '../../src/engine/rng.js';

/** What the key stands for: the occupied cells and their stacks, side, reserves, stock, passes, end, the window. */
function identity(b: Board): string {
  const cells: string[] = [];
  for (let i = 0; i < b.nTiles; i++) cells.push(`${b.tiles[i]}:${b.cells[b.tiles[i]]}`);
  for (let i = 0; i < b.nPris; i++) cells.push(`${b.pris[i]}:${b.cells[b.pris[i]]}`);
  const win: string[] = [];
  for (let j = 0; j < b.winLen; j++) win.push(`${b.winHash[j]}x${b.winCount[j]}`);
  const scalars = [b.side, b.reserves[0], b.reserves[1], b.stock, b.passes, b.end];
  return `${scalars.join(',')}|${cells.sort().join(' ')}|${win.sort().join(' ')}`;
}

/** Every position of `games` seeded random games of a variant, the start and the end included. */
function positions(variant: ExxitVariant, games: number): Board[] {
  const out: Board[] = [];
  for (let g = 0; g < games; g++) {
    const s = exxit.initial(variant);
    if (!s.ok) throw new Error('no start');
    let b = boardFromState(s.value);
    out.push(b);
    const rng = makeRng(1000 + g);
    while (b.end === 0) {
      const ms = generate(b);
      const child = new Board(b);
      applyMove(child, ms[randInt(rng, ms.length)]);
      out.push(child);
      b = child;
    }
  }
  return out;
}

const boards = [...positions('standard', 25), ...positions('short', 25)];

describe('the alpha-beta position key', () => {
  it('each half tells apart every distinct position of fifty random games', () => {
    const seen = [new Map<number, string>(), new Map<number, string>()];
    const distinct = new Set<string>();
    for (const b of boards) {
      const id = identity(b);
      distinct.add(id);
      exxitHash(b).forEach((h, half) => {
        const before = seen[half].get(h);
        if (before !== undefined && before !== id) expect.fail(`half ${half + 1} gives ${h} to two positions`);
        seen[half].set(h, id);
      });
    }
    // Enough positions for a key that collapses some field to meet two that differ only there.
    expect(distinct.size).toBeGreaterThan(2_000);
    expect(seen[0].size).toBe(distinct.size);
    expect(seen[1].size).toBe(distinct.size);
  });

  // Each change makes another position (a field one step away); both halves must see it.
  const changes: [string, (b: Board) => boolean][] = [
    ['the side to move', (b) => ((b.side ^= 1), true)],
    ["Red's reserve", (b) => (b.reserves[0] > 0 ? (b.reserves[0] -= 1) : (b.reserves[0] += 1), true)],
    ["Black's reserve", (b) => (b.reserves[1] > 0 ? (b.reserves[1] -= 1) : (b.reserves[1] += 1), true)],
    ['the stock', (b) => (b.stock > 0 ? (b.stock -= 1) : (b.stock += 1), true)],
    ['the passes in a row', (b) => ((b.passes = b.passes > 0 ? b.passes - 1 : 1), true)],
    ['the end', (b) => ((b.end = b.end === 0 ? 2 : 0), true)],
    ['a window entry’s count', (b) => b.winLen > 0 && ((b.winCount[b.winLen - 1] += 1), true)],
    ['a window entry', (b) => b.winLen > 0 && ((b.winHash[0] ^= 1 << 9), true)],
    ['a tile’s stack', (b) => ((b.cells[b.tiles[b.nTiles - 1]] ^= 1 << 2), true)],
    ['a tile’s colour', (b) => ((b.cells[b.tiles[0]] ^= 1), true)],
    ['a prisoner cell’s stack', (b) => b.nPris > 0 && ((b.cells[b.pris[b.nPris - 1]] += 1 << 2), true)],
  ];
  const sample = boards.filter((_, i) => i % 37 === 0);

  it.each(changes)('both halves change with %s', (_, change) => {
    let changed = 0;
    for (const b of sample) {
      const other = new Board(b);
      if (!change(other)) continue;
      changed++;
      const [a1, a2] = exxitHash(b);
      const [b1, b2] = exxitHash(other);
      expect(b1, identity(b)).not.toBe(a1);
      expect(b2, identity(b)).not.toBe(a2);
    }
    expect(changed).toBeGreaterThan(5);
  });
});

// What a move did, told from the position it left (lastMoveNote, which
// describeMove and the picture's footer both use): the worked opening, and
// over random games the exit dances are exactly the moves that made a new
// prisoner cell (EX-13f, EX-14) and a free names the tiles it laid.
import { describe, expect, it } from 'vitest';
import { lastMoveNote } from '../../../src/engine/exxit/describe.js';
import { exxit } from '../../../src/engine/exxit/index.js';
import type { ExxitState } from '../../../src/engine/exxit/types.js';
import { errorText } from '../../../src/engine/game.js';
import { replay } from '../../../src/engine/replay.js';
import { makeRng, randInt } from '../../../src/engine/rng.js';

describe('Exxit: what the last move did', () => {
  it('says the worked opening’s exit dance: the move as typed, the cells sown, the new prisoner cell', () => {
    const r = replay(exxit, 'standard', ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW']);
    if (!r.ok) throw new Error('replay');
    const [before, after] = r.states.slice(4) as ExxitState[];
    const note = {
      id: 'exxit.move.exitDance',
      params: { label: 'D B NW', sowed: 'C', sown: 1, prisoners: 'X1', count: 1 },
    };
    expect(lastMoveNote(after, after.last!)).toEqual(note);
    expect(exxit.describeMove(before, after.last!.move, after)).toEqual(note);
    // A record without its label (hand-built) is written from the position.
    expect(lastMoveNote(after, { ...after.last!, label: undefined }).params.label).toBe('D B NW');
  });

  it('in random games: an exit dance is a dance that made a prisoner cell, a free names every tile it laid', () => {
    const seen = new Set<string>();
    for (const seed of [1, 2, 3]) {
      const rng = makeRng(seed);
      let s = exxit.initial('standard');
      if (!s.ok) throw new Error('setup');
      for (let ms = exxit.legalMoves(s.value); ms.length; ms = exxit.legalMoves(s.value)) {
        const before: ExxitState = s.value;
        const next = exxit.play(before, ms[randInt(rng, ms.length)]);
        if (!next.ok) throw new Error(errorText(next.error));
        const after = next.value;
        const last = after.last!;
        const note = lastMoveNote(after, last);
        seen.add(note.id);
        expect(note.params.label ?? '').toBe(last.move.kind === 'pass' ? '' : last.label);
        const made = after.prisoners.filter((p) => !before.prisoners.some((b) => b.label === p.label));
        if (last.move.kind === 'dance') {
          expect(note.id).toBe(made.length > 0 ? 'exxit.move.exitDance' : 'exxit.move.dance');
          if (made.length > 0) expect(note.params.prisoners).toBe(made[0].label);
          expect(note.params.sown).toBe(last.sown.length - made.length);
        }
        if (last.move.kind === 'free') {
          expect(note.params.tiles).toBe(last.freed.length);
          expect(String(note.params.cells).split(' ')).toHaveLength(last.freed.length);
        }
        s = next;
      }
    }
    expect([...seen].sort()).toEqual(
      ['exxit.move.dance', 'exxit.move.exitDance', 'exxit.move.free', 'exxit.move.pass', 'exxit.move.place'].sort(),
    );
  });
});

// fromJSON: stored records are checked for shape and invariants; JSON round trip.
import { describe, expect, it } from 'vitest';
import { exxit } from '../../../src/engine/exxit/index.js';
import type { ExxitState } from '../../../src/engine/exxit/types.js';
import { B, build, init, move, R } from './helpers.js';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

function opening(): ExxitState {
  let s = init();
  for (const t of ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW']) s = move(s, t);
  return s;
}

/** Every state of the opening, one per ply. */
function openingStates(): ExxitState[] {
  const out = [init()];
  for (const t of ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW']) out.push(move(out[out.length - 1], t));
  return out;
}

describe('the EX-20c keys in seen', () => {
  // Stored games keep these strings: a change of their form would make every stored window unreadable.
  it('are side | tile stacks bottom to top, by label | reserves | stock | prisoner cells', () => {
    expect(openingStates().map((s) => s.seen)).toEqual([
      { 'r|...|8,8|35|': 1 },
      { 'b|r...|7,8|35|': 1 },
      { 'r|r.b..|7,7|35|': 1 },
      { 'r|r.b..|7,7|35|': 1, 'b|.br..|7,7|35|': 1 },
      { 'r|.br.b.|7,6|35|': 1 },
      { 'b|..bb.|7,6|35|1,-2:r': 1 },
    ]);
  });
});

describe('fromJSON', () => {
  it('accepts engine states and returns an equal copy', () => {
    for (const s of [init('short'), ...openingStates()]) {
      const v = exxit.fromJSON(clone(s));
      expect(v).toEqual({ ok: true, value: s });
      expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    }
  });

  const base = opening();
  const mutations: [string, (s: any) => unknown, RegExp][] = [
    ['not an object', () => 'hello', /not an object/],
    ['null', () => null, /not an object/],
    ['another game', (s) => ({ ...s, game: 'orion' }), /not an Exxit state/],
    ['unknown variant', (s) => ({ ...s, variant: 'pro' }), /unknown variant/],
    ['toMove', (s) => ({ ...s, toMove: 2 }), /toMove/],
    ['ply', (s) => ({ ...s, ply: -1 }), /ply/],
    ['side to move out of turn', (s) => ({ ...s, ply: 6 }), /even plies/],
    ['reserves shape', (s) => ({ ...s, reserves: [7] }), /reserves/],
    ['a pawn too many', (s) => ({ ...s, reserves: [8, 6] }), /8 pawns/],
    [
      'a pawn lost',
      (s) => {
        s.tiles[2].stack = [B];
        return s;
      },
      /8 pawns/,
    ],
    [
      'stack colour',
      (s) => {
        s.tiles[2].stack = [B, 2];
        return s;
      },
      /bad stack/,
    ],
    ['tiles + stock', (s) => ({ ...s, stock: 34 }), /plus stock must be 39/],
    [
      'wrong label',
      (s) => {
        s.tiles[1].label = 'Z';
        return s;
      },
      /label must be B/,
    ],
    [
      'core moved',
      (s) => {
        s.tiles[0].q = 5;
        return s;
      },
      /core tile/,
    ],
    [
      'core recoloured',
      (s) => {
        s.tiles[3].color = 0;
        return s;
      },
      /core tile/,
    ],
    [
      'prisoner on a tile',
      (s) => {
        s.prisoners[0].q = 0;
        s.prisoners[0].r = 0;
        return s;
      },
      /used twice/,
    ],
    [
      'prisoner far away',
      (s) => {
        s.prisoners[0].q = 10;
        return s;
      },
      /touches no tile/,
    ],
    [
      'prisoner out of the world',
      (s) => {
        s.prisoners[0].q = 1e6;
        return s;
      },
      /bad coordinates/,
    ],
    [
      'empty prisoner stack',
      (s) => {
        s.prisoners[0].stack = [];
        s.reserves = [8, 6];
        return s;
      },
      /bad stack/,
    ],
    ['prisoner label reused', (s) => ({ ...s, nextPrisoner: 1 }), /labels must rise/],
    ['score', (s) => ({ ...s, score: [5, 3] }), /score must be 4-3/],
    ['seen missing the position', (s) => ({ ...s, seen: {} }), /missing from seen/],
    ['seen garbage key', (s) => ({ ...s, seen: { ...s.seen, nonsense: 1 } }), /bad repetition key/],
    [
      'seen count 3 while playing',
      (s) => ({ ...s, seen: Object.fromEntries(Object.keys(s.seen).map((k) => [k, 3])) }),
      /repetition count/,
    ],
    ['last move missing', (s) => ({ ...s, last: null }), /last move missing/],
    ['last move by the side to move', (s) => ({ ...s, last: { ...s.last, by: 1 } }), /bad last move/],
    ['passes without a pass', (s) => ({ ...s, passes: 1 }), /no pass/],
    ['end with no reason', (s) => ({ ...s, end: { reason: 'EX-99', winner: 0, draw: false } }), /bad end/],
    ['end that did not happen', (s) => ({ ...s, end: { reason: 'EX-20a', winner: 0, draw: false } }), /empty stock/],
    [
      'a tile that touches one tile',
      (s) => {
        s.tiles.push({ q: 3, r: 0, color: 0, label: 'E', stack: [] });
        s.stock = 34;
        return s;
      },
      /does not touch two earlier tiles/,
    ],
    // Each key of seen must be one of the current window's (EX-20c): same side letters, tile count and context.
    ...(
      [
        ['a key with another side letter', 'x|..bb.|7,6|35|1,-2:r'],
        ['a key with two side letters', 'rb|..bb.|7,6|35|1,-2:r'],
        ['a key with no side', '|..bb.|7,6|35|1,-2:r'],
        ['a key with one bar', 'r|..bb.'],
        ['a key of other reserves', 'r|..bb.|7,7|35|1,-2:r'],
        ['a key of another stock', 'r|..bb.|7,6|34|1,-2:r'],
        ['a key of other prisoner cells', 'r|..bb.|7,6|35|'],
        ['a key with a tile too few', 'r|..bb|7,6|35|1,-2:r'],
        ['a key with a tile too many', 'r|..bb..|7,6|35|1,-2:r'],
        ['a key with a pawn of no colour', 'r|..bxb.|7,6|35|1,-2:r'],
        ['a key with a stack of 17', `r|..${'b'.repeat(17)}.|7,6|35|1,-2:r`],
      ] as const
    ).map(([name, key]): [string, (s: any) => unknown, RegExp] => [
      name,
      (s) => ({ ...s, seen: { ...s.seen, [key]: 1 } }),
      /bad repetition key/,
    ]),
  ];
  it('takes a well-formed key of the window, up to a stack of all 16 pawns', () => {
    const s = clone(base);
    const seen = { ...s.seen, 'r|r.rrbrrbrrbrrbrrbr..|7,6|35|1,-2:r': 2 };
    const v = exxit.fromJSON({ ...s, seen });
    expect(v.ok && v.value.seen).toEqual(seen);
  });

  it.each(mutations)('refuses %s', (_name, mutate, message) => {
    const v = exxit.fromJSON(mutate(clone(base)));
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.error.rule).toBe('EX-STATE');
      expect(v.error.code).toBe('exxit.badState');
      expect(v.error.detail).toMatch(message);
    }
  });

  it('refuses a game that should be over', () => {
    const s = build({ core: { A: [B], B: [R] }, toMove: B, ply: 999 });
    const over = move(s, 'D A E');
    expect(exxit.fromJSON(clone(over)).ok).toBe(true);
    expect(exxit.fromJSON({ ...clone(over), end: null }).ok).toBe(false);
    expect(exxit.fromJSON({ ...clone(over), end: { ...over.end, winner: 1 } }).ok).toBe(false);
  });

  it('does not mutate its input and drops nothing the engine needs', () => {
    const raw = clone(base);
    const frozen = JSON.stringify(raw);
    const v = exxit.fromJSON(raw);
    expect(JSON.stringify(raw)).toBe(frozen);
    expect(v.ok && exxit.legalMoves(v.value)).toEqual(exxit.legalMoves(base));
  });

  it('play never mutates its input', () => {
    const s = base;
    const before = JSON.stringify(s);
    for (const m of exxit.legalMoves(s)) exxit.play(s, m);
    expect(JSON.stringify(s)).toBe(before);
  });
});

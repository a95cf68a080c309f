// fromJSON: stored records are checked for shape and invariants; JSON round trip.
import { describe, expect, it } from 'vitest';
import { exxit } from '../../../src/engine/exxit/index.js';
import type { ExxitMove, ExxitState } from '../../../src/engine/exxit/types.js';
import { B, build, init, move, R, strip } from './helpers.js';
import { CORE } from '../../../src/engine/exxit/position.js';
import { AXIAL_VECTORS } from '../../../src/engine/hex.js';
import { makeRng, randInt } from '../../../src/engine/rng.js';
import { getGame } from '../../../src/engine/index.js';
import { replay } from '../../../src/engine/replay.js';
import { boardFromState, stateFromBoard } from '../../../src/engine/exxit/state.js';
import { EXXIT_REPETITION } from '../../support/scripted-games.js';

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

  it('list several prisoner cells in creation order, each q,r:stack, separated by semicolons', () => {
    // The first state of a seeded random game with three prisoner cells.
    const rng = makeRng('three prisoner cells');
    let s = init();
    while (s.prisoners.length < 3) {
      const ms = exxit.legalMoves(s);
      const next = exxit.play(s, ms[randInt(rng, ms.length)]);
      s = next.ok ? next.value : init();
      if (exxit.outcome(s).over) s = init();
    }
    const side = (x: 0 | 1) => (x === 0 ? 'r' : 'b');
    const pris = s.prisoners.map((p) => `${p.q},${p.r}:${p.stack.map(side).join('')}`).join(';');
    const current = Object.keys(s.seen).filter((k) => k.endsWith(`|${s.stock}|${pris}`));
    expect(current).toHaveLength(Object.keys(s.seen).length);
    expect(pris.split(';')).toHaveLength(3);
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
  const mutations: [string, (s: any) => unknown, RegExp | string][] = [
    // Each check's own words (the detail operators read), so that a check that lets the damage through to another
    // is seen.
    ['toMove not a side', (s) => ({ ...s, toMove: 3, ply: 5 }), 'toMove must be 0 or 1'],
    ['nextPrisoner 0', (s) => ({ ...s, nextPrisoner: 0 }), 'nextPrisoner must be a positive integer'],
    ['nextPrisoner not whole', (s) => ({ ...s, nextPrisoner: 2.5 }), 'nextPrisoner must be a positive integer'],
    ['a reserve above 8', (s) => ({ ...s, reserves: [7, 9] }), 'reserves must be two integers 0..8'],
    ['a stock above the tiles left', (s) => ({ ...s, stock: 36 }), 'stock out of range'],
    ['three passes', (s) => ({ ...s, passes: 3 }), 'passes must be 0, 1 or 2'],
    ['no tiles', (s) => ({ ...s, tiles: [] }), 'bad tile list'],
    ['tiles not a list', (s) => ({ ...s, tiles: 'ABCD' }), 'bad tile list'],
    ['more tiles than the game has', (s) => ({ ...s, tiles: Array(40).fill(s.tiles[0]) }), 'bad tile list'],
    [
      'a tile between cells',
      (s) => {
        s.tiles[1].q = 0.5;
        return s;
      },
      'tile 1: bad coordinates',
    ],
    [
      'a tile of no colour',
      (s) => {
        s.tiles[1].color = 2;
        return s;
      },
      'tile 1: colour must be 0 or 1',
    ],
    [
      'a laid tile on a core cell',
      (s) => {
        s.tiles.push({ q: 0, r: 0, color: 0, label: 'E', stack: [] });
        s.stock = 34;
        return s;
      },
      'tile E: cell 0,0 used twice',
    ],
    ['prisoners not a list', (s) => ({ ...s, prisoners: {} }), 'bad prisoner list'],
    [
      'more prisoner cells than pawns',
      (s) => ({ ...s, prisoners: Array(17).fill(s.prisoners[0]) }),
      'bad prisoner list',
    ],
    ...['X0', 'AX1', 'X1A', 'x1', 'X'].map((label): [string, (s: any) => unknown, string] => [
      `a prisoner labelled ${label}`,
      (s) => {
        s.prisoners[0].label = label;
        return s;
      },
      'prisoner cell: bad label',
    ]),
    [
      'a prisoner label twice',
      (s) => {
        s.prisoners.push({ ...s.prisoners[0], q: 2, r: -2 });
        return s;
      },
      'prisoner cell X1: labels must rise and stay below nextPrisoner (EX-23)',
    ],
    ['sown cells not a list', (s) => ({ ...s, last: { ...s.last, sown: 'B' } }), 'bad last move cells'],
    ['a sown cell of text', (s) => ({ ...s, last: { ...s.last, sown: [{ q: 'a', r: 0 }] } }), 'bad last move cells'],
    ['a sown cell of no object', (s) => ({ ...s, last: { ...s.last, sown: [5] } }), 'bad last move cells'],
    ['a freed cell half given', (s) => ({ ...s, last: { ...s.last, freed: [{ q: 1 }] } }), 'bad last move cells'],
    [
      '41 sown cells',
      (s) => ({ ...s, last: { ...s.last, sown: Array(41).fill({ q: 1, r: -1 }) } }),
      'bad last move cells',
    ],
    ['a label of 41 characters', (s) => ({ ...s, last: { ...s.last, label: 'D'.repeat(41) } }), 'bad last move label'],
    ['a label not text', (s) => ({ ...s, last: { ...s.last, label: 7 } }), 'bad last move label'],
    ['no score', (s) => ({ ...s, score: 'x' }), 'bad score'],
    ['a score of one side', (s) => ({ ...s, score: [4] }), 'bad score'],
    ['a score one side off', (s) => ({ ...s, score: [4, 4] }), 'score must be 4-3 (EX-21)'],
    ['seen not an object', (s) => ({ ...s, seen: [] }), 'bad seen'],
    [
      'more repetition entries than plies',
      (s) => ({ ...s, seen: Object.fromEntries(Array.from({ length: 1002 }, (_, i) => [`k${i}`, 1])) }),
      'too many repetition entries',
    ],
    [
      'a repetition count of 0',
      (s) => ({ ...s, seen: { ...s.seen, [Object.keys(s.seen)[0]]: 0 } }),
      'bad repetition count',
    ],
    [
      'an end by the ply cap before it',
      (s) => ({ ...s, end: { reason: 'EX-20d', winner: 0, draw: false } }),
      'EX-20d needs 1000 plies',
    ],
    [
      'an end by two passes without them',
      (s) => ({ ...s, end: { reason: 'EX-20b', winner: 0, draw: false } }),
      'EX-20b needs two passes',
    ],
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
  it('takes up to 40 sown cells and a label of 40 characters', () => {
    const s = clone(base);
    const last = { ...s.last, sown: Array(40).fill({ q: 1, r: -1 }), label: 'D'.repeat(40) };
    const v = exxit.fromJSON({ ...s, last });
    expect(v.ok && v.value.last).toEqual(last);
  });

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
      if (typeof message === 'string') expect(v.error.detail).toBe(message);
      else expect(v.error.detail).toMatch(message);
    }
  });

  it('refuses a game that should be over, and an end that does not match the game', () => {
    const s = build({ core: { A: [B], B: [R] }, toMove: B, ply: 999 });
    const over = move(s, 'D A E');
    expect(over.end).toEqual({ reason: 'EX-20d', winner: R, draw: false });
    expect(exxit.fromJSON(clone(over))).toEqual({ ok: true, value: over });
    const detail = (x: unknown) => {
      const v = exxit.fromJSON(x);
      return v.ok ? 'accepted' : v.error.detail;
    };
    expect(detail({ ...clone(over), end: null })).toBe('the game should be over (EX-20)');
    expect(detail({ ...clone(over), end: { ...over.end, winner: 1 } })).toBe(
      'end winner/draw disagree with the score (EX-21)',
    );
    expect(detail({ ...clone(over), end: { ...over.end, draw: true } })).toBe(
      'end winner/draw disagree with the score (EX-21)',
    );
    expect(detail({ ...clone(over), end: { ...over.end, reason: 'EX-20b' } })).toBe('EX-20b needs two passes');
    expect(detail({ ...clone(over), end: { ...over.end, reason: 'EX-20a' } })).toBe('EX-20a needs an empty stock');
    // Two passes end the game (EX-20b): stored without its end, or with another, it is refused.
    const stuck = build({
      prisoners: [
        { q: -1, r: 0, stack: [R, R, R, R, R, R, R, R] },
        { q: 2, r: 0, stack: [B, B, B, B, B, B, B, B] },
      ],
    });
    const passed = move(move(stuck, 'pass'), 'pass');
    expect(passed.end?.reason).toBe('EX-20b');
    expect(exxit.fromJSON(clone(passed))).toEqual({ ok: true, value: passed });
    expect(detail({ ...clone(passed), end: null })).toBe('the game should be over (EX-20)');
    expect(detail({ ...clone(passed), end: { ...passed.end, reason: 'EX-20c' } })).toBe(
      'EX-20c needs a third occurrence',
    );
  });

  it('accepts 16 prisoner cells of one pawn each: every pawn a prisoner is the most there can be (EX-2)', () => {
    const tiles = strip(6);
    const onTiles = new Set([...CORE, ...tiles].map((t) => `${t.q},${t.r}`));
    const voids: { q: number; r: number }[] = [];
    for (const t of [...CORE, ...tiles])
      for (const [dq, dr] of AXIAL_VECTORS) {
        const key = `${t.q + dq},${t.r + dr}`;
        if (!onTiles.has(key) && !voids.some((v) => `${v.q},${v.r}` === key)) voids.push({ q: t.q + dq, r: t.r + dr });
      }
    const prisoners = voids.slice(0, 16).map((v, i) => ({ ...v, stack: [i % 2 === 0 ? R : B] }));
    expect(prisoners).toHaveLength(16);
    const s = build({ tiles, prisoners });
    expect(s.prisoners).toHaveLength(16);
    expect(s.reserves).toEqual([0, 0]);
    expect(exxit.fromJSON(clone(s))).toEqual({ ok: true, value: s });
  });

  it('does not mutate its input and drops nothing the engine needs', () => {
    const raw = clone(base);
    const frozen = JSON.stringify(raw);
    const v = exxit.fromJSON(raw);
    expect(JSON.stringify(raw)).toBe(frozen);
    expect(v.ok && exxit.legalMoves(v.value)).toEqual(exxit.legalMoves(base));
  });

  it('refuses data that is not JSON as a damaged record', () => {
    const cyclic: Record<string, unknown> = { ...clone(base) };
    cyclic.self = cyclic;
    for (const data of [cyclic, { ...clone(base), ply: 10n }, undefined])
      expect(exxit.fromJSON(data)).toEqual({
        ok: false,
        error: { rule: 'EX-22', code: 'exxit.badState', params: {}, detail: 'the stored state is not JSON' },
      });
  });

  it('names an unknown setup in at most 40 characters', () => {
    const v = exxit.initial('p'.repeat(100));
    expect(v).toMatchObject({ ok: false, error: { rule: 'EX-3', code: 'exxit.unknownSetup' } });
    if (!v.ok) expect(v.error.params?.setup).toBe('p'.repeat(40));
  });

  it('play never mutates its input', () => {
    const s = base;
    const before = JSON.stringify(s);
    for (const m of exxit.legalMoves(s)) exxit.play(s, m);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('summary (the engine tool’s `show` JSON)', () => {
  it('names every cell, stack, side and count of the position', () => {
    const tile = (label: string, q: number, r: number, color: string, stack: string[] = []) => ({
      label,
      q,
      r,
      color,
      stack,
      height: stack.length,
      owner: stack.at(-1) ?? null,
    });
    expect(exxit.summary(opening())).toEqual({
      game: 'exxit',
      variant: 'standard',
      toMove: 'black',
      ply: 5,
      over: false,
      winner: null,
      draw: false,
      reason: null,
      score: { red: 4, black: 3 },
      reserves: { red: 7, black: 6 },
      stock: 35,
      tiles: [
        tile('A', 0, 0, 'red'),
        tile('B', 1, 0, 'red'),
        tile('C', 1, -1, 'black', ['black', 'black']),
        tile('D', 0, 1, 'black'),
      ],
      prisoners: [{ label: 'X1', q: 1, r: -2, stack: ['red'] }],
      cells: {
        '0,0': { kind: 'tile', label: 'A', color: 'red', stack: [] },
        '1,0': { kind: 'tile', label: 'B', color: 'red', stack: [] },
        '1,-1': { kind: 'tile', label: 'C', color: 'black', stack: ['black', 'black'] },
        '0,1': { kind: 'tile', label: 'D', color: 'black', stack: [] },
        '1,-2': { kind: 'prisoner', label: 'X1', stack: ['red'] },
      },
      lastMove: 'D 1,0 NW',
      lastMoveLabel: 'D B NW',
      lastBy: 'red',
      legalMoves: ['P 0,0', 'P 1,0', 'P 0,1'],
    });
  });
});

describe('the shared scratch board', () => {
  // The pure functions load each state into one board (state.ts, scratchBoard): nothing of the state read before
  // may remain, or a game would see a prisoner cell of another game.
  it('keeps nothing of the state read before', () => {
    // Red's dance B NW sows a pawn on C and the last, red, on the void (1,-2): a new prisoner cell X1 (EX-14).
    const before = openingStates()[4];
    const dance: ExxitMove = { kind: 'dance', q: 1, r: 0, dir: 'NW' };
    const alone = exxit.play(before, dance);
    expect(alone.ok && alone.value.prisoners).toEqual([{ q: 1, r: -2, label: 'X1', stack: [R] }]);
    // Another game with a prisoner cell of two black pawns on that same cell.
    const other = build({ toMove: B, core: { C: [B] }, prisoners: [{ q: 1, r: -2, stack: [B, B] }] });
    for (const read of [() => exxit.legalMoves(other), () => exxit.play(other, exxit.legalMoves(other)[0])]) {
      read();
      expect(exxit.play(before, dance)).toEqual(alone);
    }
  });
});

describe('the EX-20c window through a state', () => {
  // A loaded state's window is grown as it is read (its first capacity is 8 positions): a window of more positions,
  // as in the last plies of this game (18 since the last irreversible move), comes back whole, and the third
  // occurrence that ends the game is still seen from a position loaded one ply before it.
  it('keeps every position of a window longer than its first capacity, and the third occurrence', () => {
    const r = replay(getGame('exxit'), 'standard', [...EXXIT_REPETITION]);
    if (!r.ok) throw new Error('fixture does not replay');
    const states = r.states as ExxitState[];
    const long = states.filter((s) => Object.keys(s.seen).length > 8);
    expect(long.length).toBeGreaterThan(0);
    for (const s of long) expect(stateFromBoard(boardFromState(s), s.last).seen).toEqual(s.seen);
    const before = states.at(-2)!;
    expect(Object.keys(before.seen).length).toBeGreaterThan(8);
    const pos = exxit.position(before);
    const last = exxit.parseMove(before, EXXIT_REPETITION.at(-1)!);
    if (!last.ok) throw new Error('fixture: the last move is not legal');
    pos.play(last.value);
    expect(pos.outcome()).toMatchObject({ over: true, reason: 'EX-20c' });
  });
});

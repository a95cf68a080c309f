// One table of small hand-built positions per rule of rules/exxit.md.
import { describe, expect, it } from 'vitest';
import { exxit } from '../../../src/engine/exxit/index.js';
import type { RuleError, Side } from '../../../src/engine/game.js';
import type { ExxitState } from '../../../src/engine/exxit/types.js';
import { B, build, equalScoresAtTheLastPly, init, legal, move, parse, R, refusal, stackAt, strip } from './helpers.js';
import type { Spec } from './helpers.js';
import { refused } from '../refused.js';
import { EXXIT_REPETITION } from '../../support/scripted-games.js';

/** The coordinates of the cell named in a move text (label or q,r). */
function parseCell(s: ExxitState, text: string): { q: number; r: number } {
  const at = text.split(' ')[1];
  const t = s.tiles.find((x) => x.label === at);
  if (t) return { q: t.q, r: t.r };
  const [q, r] = at.split(',').map(Number);
  return { q, r };
}

describe('EX-3/EX-4 variants', () => {
  it.each([
    ['standard', 35],
    ['blitz', 25],
    ['short', 15],
  ])('%s starts with a stock of %i and 8 pawns each', (v, stock) => {
    const s = exxit.initial(v);
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(s.value.stock).toBe(stock);
    expect(s.value.tiles.length + s.value.stock).toBe(stock + 4);
    expect(s.value.reserves).toEqual([8, 8]);
    expect(s.value.variant).toBe(v);
  });

  it('refuses an unknown setup', () => {
    const s = exxit.initial('pro');
    expect(s.ok ? null : s.error).toEqual(
      refused('EX-3', 'exxit.unknownSetup', { setup: 'pro', setups: 'standard, blitz, short' }),
    );
  });

  it('EX-8: the core', () => {
    const s = init();
    expect(s.tiles.map((t) => [t.label, t.q, t.r, t.color])).toEqual([
      ['A', 0, 0, R],
      ['B', 1, 0, R],
      ['C', 1, -1, B],
      ['D', 0, 1, B],
    ]);
  });
});

describe('EX-1 Red moves first', () => {
  it.each(['standard', 'blitz', 'short'])(
    'EX-1: %s starts with Red to move; the first pawn laid is red, the second black',
    (v) => {
      const s = init(v);
      expect(exxit.toMove(s)).toBe(R);
      expect(exxit.position(s).toMove()).toBe(R);
      expect(exxit.summary(s)).toMatchObject({ toMove: 'red', ply: 0 });
      const t = move(s, 'P A');
      expect(stackAt(t, 0, 0)).toEqual([R]);
      expect(t.reserves).toEqual([7, 8]);
      expect(t.last?.by).toBe(R);
      const u = move(t, 'P B');
      expect(stackAt(u, 1, 0)).toEqual([B]);
      expect(u.reserves).toEqual([7, 7]);
      expect(exxit.toMove(u)).toBe(R);
    },
  );

  it('EX-1: a stored record with Black to move at ply 0 is refused', () => {
    const s = JSON.parse(JSON.stringify(init()));
    expect(exxit.fromJSON({ ...s, toMove: B })).toMatchObject({
      ok: false,
      error: { rule: 'EX-STATE', code: 'exxit.badState', detail: expect.stringMatching(/Red on even plies/) },
    });
  });
});

describe('EX-5 directions', () => {
  // Each direction joins two core tiles S -> T (EX-8). A red [R, R] on S and a black pawn on T:
  // the only dance is S d; it sows onto S + d and exits to the void S + 2d.
  it.each([
    ['E', 1, 0, 'A', 'B'],
    ['NE', 1, -1, 'A', 'C'],
    ['NW', 0, -1, 'B', 'C'],
    ['W', -1, 0, 'B', 'A'],
    ['SW', -1, 1, 'B', 'D'],
    ['SE', 0, 1, 'A', 'D'],
  ] as const)('EX-5: %s is (%i, %i): %s to %s', (dir, dq, dr, from, to) => {
    const s = build({ core: { [from]: [R, R], [to]: [B] } });
    const { q, r } = s.tiles.find((t) => t.label === from)!;
    expect(legal(s)).toEqual([`D ${q},${r} ${dir}`]);
    const t = move(s, `D ${from} ${dir}`);
    expect(t.last?.sown).toEqual([
      { q: q + dq, r: r + dr },
      { q: q + 2 * dq, r: r + 2 * dr },
    ]);
    expect(stackAt(t, q + dq, r + dr)).toEqual([B, R]);
    expect(t.tiles.find((x) => x.q === q + dq && x.r === r + dr)?.label).toBe(to);
    expect(t.prisoners).toEqual([{ q: q + 2 * dq, r: r + 2 * dr, label: 'X1', stack: [R] }]);
  });
});

describe('EX-7 the world and its empty tiles', () => {
  // Place (EX-17) goes on exactly the empty tiles of the world: tiles of either
  // colour with no pawn; never on a stack, a prisoner cell or a void. The
  // oracle is read from the state; each position has no dance for the mover.
  const cases: [string, Spec][] = [
    ['the core at the start', {}],
    [
      'black stacks, Red to move',
      { core: { B: [B], C: [R, B] }, tiles: strip(4, B).map((t, i) => (i === 1 ? { ...t, stack: [B, B] } : t)) },
    ],
    [
      'red stacks and prisoners, Black to move',
      {
        toMove: B,
        core: { A: [R], D: [B, R] },
        tiles: [
          { q: 2, r: -1, color: R },
          { q: 2, r: 0, color: B, stack: [R] },
        ],
        prisoners: [
          { q: 0, r: -1, stack: [B] },
          { q: -1, r: 0, stack: [R] },
        ],
      },
    ],
  ];
  it.each(cases)('EX-7: places are the empty tiles: %s', (_name, spec) => {
    const s = build(spec);
    const empty = s.tiles.filter((t) => t.stack.length === 0).map((t) => `P ${t.q},${t.r}`);
    expect(empty.length).toBeGreaterThan(0);
    expect(legal(s).filter((m) => m.startsWith('P '))).toEqual(empty.sort());
    expect(legal(s).some((m) => m.startsWith('D '))).toBe(false);
  });

  it('EX-7: a dance leaves S an empty tile, and a freed cell joins the world as one', () => {
    const s = move(build({ core: { A: [R], B: [B] } }), 'D A E');
    expect(legal(s)).toContain('P 0,0');
    const t = move(build({ toMove: B, prisoners: [{ q: 0, r: -1, stack: [R] }] }), 'F X1');
    expect(legal(t)).toContain('P 0,-1');
  });
});

describe('EX-9 stacks', () => {
  /** 'BBR' = [Black, Black, Red], bottom to top. */
  const pawns = (text: string): Side[] => [...text].map((c) => (c === 'R' ? R : B));

  it('EX-9: the worked opening lists stacks bottom to top, owned by the top pawn', () => {
    let s = init();
    for (const t of ['P 0,0', 'P 1,0', 'D 0,0 E']) s = move(s, t);
    // Step 3: (1,0) holds [Black, Red], owned by Red, height 2.
    expect(exxit.summary(s).tiles).toContainEqual({
      label: 'B',
      q: 1,
      r: 0,
      color: 'red',
      stack: ['black', 'red'],
      height: 2,
      owner: 'red',
    });
    for (const t of ['P 1,-1', 'D 1,0 NW']) s = move(s, t);
    // Step 5: the bottom (black) pawn went first, onto (1,-1).
    expect(exxit.summary(s).tiles).toContainEqual({
      label: 'C',
      q: 1,
      r: -1,
      color: 'black',
      stack: ['black', 'black'],
      height: 2,
      owner: 'black',
    });
    expect(s.prisoners).toEqual([{ q: 1, r: -2, label: 'X1', stack: [R] }]);
  });

  // The stack on A, one pawn of the other colour on B: the owner has exactly the dance A E.
  it.each([
    ['R', 'red'],
    ['B', 'black'],
    ['BR', 'red'],
    ['RB', 'black'],
    ['BBR', 'red'],
    ['RRB', 'black'],
    ['RBBR', 'red'],
  ])('EX-9b: the stack %s (bottom to top) belongs to %s, its top pawn', (text, name) => {
    const stack = pawns(text);
    const owner = name === 'red' ? R : B;
    const other = owner === R ? B : R;
    const s = build({ toMove: owner, core: { A: stack, B: [other] } });
    expect(legal(s)).toEqual(['D 0,0 E']);
    expect(exxit.summary(s).tiles).toContainEqual(
      expect.objectContaining({ label: 'A', height: stack.length, owner: name }),
    );
    const t = build({ toMove: other, core: { A: stack, B: [other] } });
    expect(refusal(t, 'D A E')).toEqual(refused('EX-12', 'exxit.notYourStack'));
  });

  // EX-9a: the height counts the pawns of both colours, not the tile; it is the
  // dance's reach (EX-13a) and what EX-13d compares. A line of tiles (0,0)..(4,0),
  // a black pawn on (k,0), the red stack on A.
  const line = strip(6);
  it.each([
    ['BR', 2, 'legal'],
    ['BR', 3, refused('EX-13a', 'exxit.noReach', { dir: 'E', cell: 'A', height: 2 })],
    ['RBR', 3, 'legal'],
    ['BBR', 4, refused('EX-13a', 'exxit.noReach', { dir: 'E', cell: 'A', height: 3 })],
    ['BRBR', 4, 'legal'],
  ])('EX-9a: %s on A and a black pawn %i cells east: %s', (text, k, expected) => {
    const s = build({
      core: { A: pawns(text) },
      tiles: line.map((t) => (t.q === k && t.r === 0 ? { ...t, stack: [B] } : t)),
    });
    if (expected === 'legal') expect(legal(s)).toEqual(['D 0,0 E']);
    else expect(refusal(s, 'D A E')).toEqual(expected);
  });

  it('EX-9a: a mixed target stack counts both colours against the mover (EX-13d)', () => {
    expect(refusal(build({ core: { A: [R], B: [R, B] } }), 'D A E')).toEqual(
      refused('EX-13d', 'exxit.targetTaller', { target: 2, height: 1 }),
    );
    expect(legal(build({ core: { A: [B, R], B: [R, B] } }))).toEqual(['D 0,0 E']);
  });
});

describe('EX-13 dance legality', () => {
  const line = strip(4); // (2,-1) E, (2,0) F, (3,-1) G, (3,0) H
  const cases: [string, ExxitState, string, RuleError | null][] = [
    // (a) target out of reach: height 1, first stack two cells away
    [
      'a: out of reach',
      build({ core: { A: [R] }, tiles: [line[0], { ...line[1], stack: [B] }] }),
      'D A E',
      refused('EX-13a', 'exxit.noReach', { dir: 'E', cell: 'A', height: 1 }),
    ],
    // empty tiles before the target are fine when within reach
    [
      'a: within reach over an empty tile',
      build({ core: { A: [R, R] }, tiles: [line[0], { ...line[1], stack: [B] }] }),
      'D A E',
      null,
    ],
    // (b) a void, or prisoners, before the target
    [
      'b: void first',
      build({ core: { B: [R, R] } }),
      'D B E',
      refused('EX-13b', 'exxit.targetVoid', { dir: 'E', cell: 'B', target: '2,0' }),
    ],
    // the target is the first cell that is not an empty tile, however far within reach
    [
      'b: a void beyond an empty tile',
      build({ core: { A: [R, R] } }),
      'D A E',
      refused('EX-13b', 'exxit.targetVoid', { dir: 'E', cell: 'A', target: '2,0' }),
    ],
    [
      'd: taller beyond an empty tile',
      build({ core: { A: [R, R] }, tiles: [line[0], { ...line[1], stack: [B, B, B] }] }),
      'D A E',
      refused('EX-13d', 'exxit.targetTaller', { target: 3, height: 2 }),
    ],
    [
      'b: prisoners first',
      build({ core: { B: [R] }, prisoners: [{ q: 2, r: 0, stack: [B] }] }),
      'D B E',
      refused('EX-13b', 'exxit.targetPrisoners', { dir: 'E', cell: 'B', target: 'X1' }),
    ],
    // (c) own stack
    [
      'c: own stack',
      build({ core: { A: [R], B: [B, R] } }),
      'D A E',
      refused('EX-13c', 'exxit.targetOwn', { dir: 'E', cell: 'A' }),
    ],
    // (d) taller target; equal height allowed
    [
      'd: taller',
      build({ core: { A: [R], B: [B, B] } }),
      'D A E',
      refused('EX-13d', 'exxit.targetTaller', { target: 2, height: 1 }),
    ],
    ['d: equal height', build({ core: { A: [R], B: [B] } }), 'D A E', null],
    // (e) sowing would leave the world onto prisoners
    [
      'e: ends on prisoners',
      build({ core: { A: [R, R], B: [B] }, prisoners: [{ q: 2, r: 0, stack: [B] }] }),
      'D A E',
      refused('EX-13e', 'exxit.endsOnPrisoners', { cell: 'X1' }),
    ],
    // (f) exit dance
    ['f: exit', build({ core: { A: [R, R], B: [B] } }), 'D A E', null],
    // EX-12: only the mover's stacks
    ['EX-12: not yours', build({ core: { A: [R], B: [B] } }), 'D B W', refused('EX-12', 'exxit.notYourStack')],
    [
      'EX-12: no stack',
      build({ core: { A: [R], B: [B] } }),
      'D D NE',
      refused('EX-12', 'exxit.noStack', { cell: 'D' }),
    ],
    [
      'EX-13: not a tile',
      build({ core: { A: [R], B: [B] } }),
      'D 5,5 E',
      refused('EX-13', 'exxit.danceNotTile', { cell: '5,5' }),
    ],
  ];
  it.each(cases)('%s', (_name, s, text, error) => {
    if (error === null) {
      expect(exxit.parseMove(s, text).ok).toBe(true);
      expect(legal(s)).toContain(exxit.formatMove(s, parse(s, text)));
    } else {
      expect(refusal(s, text)).toEqual(error);
      expect(exxit.play(s, { kind: 'dance', ...parseCell(s, text), dir: text.split(' ')[2] as 'E' })).toMatchObject({
        ok: false,
        error: { rule: error.rule },
      });
    }
  });

  it('(g) inside dance: one pawn on each cell, bottom pawn first (EX-14, EX-15)', () => {
    const s = build({ core: { A: [R, B, R], B: [B] }, tiles: strip(4) });
    const t = move(s, 'D A E');
    expect(stackAt(t, 0, 0)).toEqual([]);
    expect(stackAt(t, 1, 0)).toEqual([B, R]);
    expect(stackAt(t, 2, 0)).toEqual([B]);
    expect(stackAt(t, 3, 0)).toEqual([R]);
    expect(t.prisoners).toEqual([]);
    expect(t.last?.sown).toEqual([
      { q: 1, r: 0 },
      { q: 2, r: 0 },
      { q: 3, r: 0 },
    ]);
  });

  it('a (S, d) pair names one dance; every other direction of A is refused for its own reason', () => {
    const s = build({ core: { A: [R, R], B: [B] } });
    expect(legal(s)).toEqual(['D 0,0 E']);
  });
});

describe('EX-14 exit dance sowing', () => {
  it('all remaining pawns go to the first void cell as one prisoner stack, order kept', () => {
    const s = build({ core: { A: [B, R, B, R], B: [B] }, reserves: [6, 5] });
    const t = move(s, 'D A E');
    expect(stackAt(t, 0, 0)).toEqual([]);
    expect(stackAt(t, 1, 0)).toEqual([B, B]);
    expect(t.prisoners).toEqual([{ q: 2, r: 0, label: 'X1', stack: [R, B, R] }]);
    expect(t.nextPrisoner).toBe(2);
    expect(t.last?.sown).toEqual([
      { q: 1, r: 0 },
      { q: 2, r: 0 },
    ]);
  });

  it('EX-23: prisoner numbers are never reused', () => {
    const s = build({ core: { A: [R, R], B: [B] }, prisoners: [{ q: -1, r: 0, stack: [B], no: 4 }] });
    const t = move(s, 'D A E');
    expect(t.prisoners.map((p) => p.label)).toEqual(['X4', 'X5']);
    expect(refusal(t, 'F X2')).toEqual(refused('EX-23', 'exxit.prisonerCellGone', { label: 'X2' }));
    expect(refusal(t, 'F X9')).toEqual(refused('EX-23', 'exxit.noPrisonerCell', { label: 'X9' }));
  });
});

describe('EX-16 one dance per turn', () => {
  it('EX-16: a dance that opens another dance for the mover ends the turn; the new dance waits for the next one', () => {
    // A E puts Red on B at height 2, within reach of the black pawn on (3,0).
    const s = build({ core: { A: [R], B: [B] }, tiles: [...strip(3), { ...strip(4)[3], stack: [B] }] });
    expect(legal(s)).toEqual(['D 0,0 E']);
    const t = move(s, 'D A E');
    expect(t.last?.sown).toEqual([{ q: 1, r: 0 }]);
    expect(stackAt(t, 1, 0)).toEqual([B, R]);
    expect([t.ply, t.toMove]).toEqual([1, B]);
    // Black has no dance: it places freely, and Red's new dance is not Black's.
    expect(legal(t)).toEqual(['P 0,0', 'P 0,1', 'P 1,-1', 'P 2,-1', 'P 2,0', 'P 3,-1']);
    // At Red's next turn it is there, and compulsory (EX-11a).
    const u = move(t, 'P 3,-1');
    expect(legal(u)).toEqual(['D 1,0 E']);
    expect(refusal(u, 'P A')).toEqual(refused('EX-11a', 'exxit.danceCompulsory', { count: 1 }));
  });

  it('EX-16: a dance that opens a dance for the opponent makes it compulsory at the start of their turn', () => {
    // A [B, R] E: the black pawn tops B ([B, B]), the red one lands on (2,0) next to it.
    const s = build({ core: { A: [B, R], B: [B] }, tiles: strip(2) });
    const t = move(s, 'D A E');
    expect(stackAt(t, 1, 0)).toEqual([B, B]);
    expect(stackAt(t, 2, 0)).toEqual([R]);
    expect([t.ply, t.toMove]).toEqual([1, B]);
    expect(legal(t)).toEqual(['D 1,0 E']);
    expect(refusal(t, 'P A')).toEqual(refused('EX-11b', 'exxit.exitDanceCompulsory', { count: 1 }));
  });
});

describe('EX-11 priority', () => {
  // A E is an inside dance; D NE is an exit dance (B, then the void (2,-1)).
  const s = build({ core: { A: [R], B: [B], D: [R, R] } });
  it('(b) only exit dances when one exists', () => {
    expect(legal(s)).toEqual(['D 0,1 NE']);
    expect(refusal(s, 'D A E')).toEqual(refused('EX-11b', 'exxit.onlyExitDances'));
    expect(refusal(s, 'P C')).toEqual(refused('EX-11b', 'exxit.exitDanceCompulsory', { count: 1 }));
  });
  // A dance's place in tile order (A, B, C, D, then laying order) and direction
  // order (E, NE, NW, W, SW, SE) must not matter: exits before, between and after
  // the inside dances, on other tiles and on the same tile. The inside dances are
  // legal on their own (EX-13), so their refusal can only be EX-11b.
  const exitCases: [string, Spec, string[], string[]][] = [
    ['exit on A before an inside dance on D', { core: { A: [R, R], B: [B], D: [R] } }, ['D 0,0 E'], ['D D NE']],
    [
      'exits on A and C before an inside dance on D',
      { core: { A: [R, R], B: [B], C: [R, R], D: [R] } },
      ['D 0,0 E', 'D 1,-1 SE'],
      ['D D NE'],
    ],
    [
      'an exit on C between inside dances on A and D',
      { core: { A: [R], B: [B], C: [R, R], D: [R] } },
      ['D 1,-1 SE'],
      ['D A E', 'D D NE'],
    ],
    [
      'same tile, inside E before exit SE',
      { core: { A: [R, R], B: [B], D: [B] }, tiles: strip(2) },
      ['D 0,0 SE'],
      ['D A E'],
    ],
    [
      'same tile, exit E before inside SE',
      {
        core: { A: [R, R], B: [B], D: [B] },
        tiles: [
          { q: 1, r: 1, color: R },
          { q: 0, r: 2, color: B },
        ],
      },
      ['D 0,0 E'],
      ['D A SE'],
    ],
    [
      'Black: exit on A before an inside dance on D',
      { toMove: B, core: { A: [B, B], B: [R], D: [B] } },
      ['D 0,0 E'],
      ['D D NE'],
    ],
  ];
  it.each(exitCases)('EX-11b: only the exit dances: %s', (_name, spec, exits, inside) => {
    const s = build(spec);
    expect(legal(s)).toEqual(exits);
    expect(
      exxit
        .position(s)
        .legalMoves()
        .map((m) => exxit.formatMove(s, m))
        .sort(),
    ).toEqual(exits);
    for (const text of inside) {
      expect(refusal(s, text)).toEqual(refused('EX-11b', 'exxit.onlyExitDances'));
      expect(exxit.play(s, { kind: 'dance', ...parseCell(s, text), dir: text.split(' ')[2] as 'E' })).toMatchObject({
        ok: false,
        error: { rule: 'EX-11b' },
      });
    }
    expect(refusal(s, 'P 0,1')).toMatchObject({ rule: 'EX-11b', code: 'exxit.exitDanceCompulsory' });
    // Each listed dance is an exit: it makes a new prisoner cell (EX-13f, EX-14).
    for (const text of exits) expect(move(s, text).prisoners.length).toBe(s.prisoners.length + 1);
  });

  it('(a) a dance is compulsory', () => {
    const t = build({ core: { A: [R], B: [B] } });
    expect(legal(t)).toEqual(['D 0,0 E']);
    expect(refusal(t, 'P C')).toEqual(refused('EX-11a', 'exxit.danceCompulsory', { count: 1 }));
    expect(refusal(t, 'pass')).toEqual(refused('EX-10', 'exxit.passNotVoluntary', { moves: 1 }));
  });
  it('(d) Place and Free together when no dance', () => {
    const t = build({ toMove: B, prisoners: [{ q: 0, r: -1, stack: [R] }] });
    expect(legal(t)).toEqual(['F 0,-1', 'P 0,0', 'P 0,1', 'P 1,-1', 'P 1,0']);
  });
});

describe('EX-17 place', () => {
  it('needs a pawn in reserve and an empty tile', () => {
    // Red's 8 pawns are prisoners next to A only: no dance, no place, no free.
    const s = build({ core: { C: [B] }, prisoners: [{ q: -1, r: 0, stack: [R, R, R, R, R, R, R, R] }] });
    expect(s.reserves).toEqual([0, 7]);
    expect(refusal(s, 'P A')).toEqual(refused('EX-17', 'exxit.reserveEmpty'));
    const t = build({ core: { C: [B] }, toMove: B });
    expect(legal(t)).toEqual(['P 0,0', 'P 0,1', 'P 1,0']);
    expect(refusal(t, 'P C')).toEqual(refused('EX-17', 'exxit.placeNotEmpty', { cell: 'C' }));
    expect(refusal(t, 'P 3,3')).toEqual(refused('EX-17', 'exxit.placeNotTile', { cell: '3,3' }));
    const u = move(t, 'P D');
    expect(stackAt(u, 0, 1)).toEqual([B]);
    expect(u.reserves).toEqual([8, 6]);
  });
});

describe('EX-10 forced pass', () => {
  it('is the only legal move and counts as a ply', () => {
    const s = build({ core: { C: [B] }, prisoners: [{ q: -1, r: 0, stack: [R, R, R, R, R, R, R, R] }] });
    expect(legal(s)).toEqual(['pass']);
    const t = move(s, 'PASS');
    expect(t.ply).toBe(1);
    expect(t.toMove).toBe(B);
    expect(t.passes).toBe(1);
    expect(exxit.outcome(t).over).toBe(false);
    // Black then places; the pass counter starts again.
    expect(move(t, 'P A').passes).toBe(0);
  });
});

describe('EX-18/EX-19 free and the chain', () => {
  // Prisoners around the core: X1 (0,-1) touches C and A; X2 (-1,0) touches A;
  // X3 (-1,1) touches A and D; X4 (1,-2) touches C. Freeing X1 frees, depth
  // first in the order E, NE, NW, W, SW, SE: X4 (NE of X1), then X2 (SW of X1),
  // then X3 (SE of X2, now touching A, D and X2).
  const prisoners = [
    { q: 0, r: -1, stack: [R] },
    { q: -1, r: 0, stack: [B] },
    { q: -1, r: 1, stack: [R, B] },
    { q: 1, r: -2, stack: [B] },
  ];
  const order = [
    { q: 0, r: -1 },
    { q: 1, r: -2 },
    { q: -1, r: 0 },
    { q: -1, r: 1 },
  ];

  it('sends each pawn of a tall freed stack home by its colour (EX-18)', () => {
    // Eight pawns, the four black ones on top: their colours sit in the high bits of the stack.
    const s = build({ prisoners: [{ q: 0, r: -1, stack: [R, R, R, R, B, B, B, B] }] });
    expect(s.reserves).toEqual([4, 4]);
    for (const stack of [
      [R, R, R, R, B, B, B, B],
      [B, B, B, B, R, R, R, R],
      [R, B, R, B, B, B, R, B],
    ]) {
      const t = move(build({ prisoners: [{ q: 0, r: -1, stack }] }), 'F X1');
      expect(t.reserves).toEqual([8, 8]);
    }
    const u = move(build({ prisoners: [{ q: 0, r: -1, stack: [B, B, B, B, B, R] }] }), 'F X1');
    expect(u.reserves).toEqual([8, 8]);
  });

  it("frees the whole chain in direction order, tiles in the mover's colour, pawns home by colour", () => {
    const s = build({ toMove: B, prisoners });
    expect(legal(s)).toContain('F 0,-1');
    expect(legal(s)).toContain('F -1,1');
    expect(refusal(s, 'F X2')).toEqual(refused('EX-18', 'exxit.freeTooFewTiles', { tiles: 1, cell: 'X2' }));
    expect(refusal(s, 'F A')).toEqual(refused('EX-18', 'exxit.freeNotPrisoner', { cell: 'A' }));
    const t = move(s, 'F X1');
    expect(t.last?.freed).toEqual(order);
    expect(t.last?.label).toBe('F X1');
    expect(exxit.summary(t)).toMatchObject({ lastMove: 'F 0,-1', lastMoveLabel: 'F X1' });
    expect(t.prisoners).toEqual([]);
    expect(t.tiles.slice(4).map((x) => [x.label, x.q, x.r, x.color, x.stack])).toEqual([
      ['E', 0, -1, B, []],
      ['F', 1, -2, B, []],
      ['G', -1, 0, B, []],
      ['H', -1, 1, B, []],
    ]);
    expect(t.reserves).toEqual([8, 8]);
    expect(t.stock).toBe(31);
    expect(exxit.outcome(t).over).toBe(false);
  });

  it('EX-20a: the game ends the moment the stock runs out, mid-chain', () => {
    // short: 19 tiles; 4 core + 12 in a strip leaves a stock of 3.
    const s = build({ variant: 'short', toMove: B, tiles: strip(12), prisoners });
    expect(s.stock).toBe(3);
    const t = move(s, 'F 0,-1');
    expect(t.last?.freed).toEqual(order.slice(0, 3));
    expect(t.stock).toBe(0);
    expect(t.prisoners).toEqual([{ q: -1, r: 1, label: 'X3', stack: [R, B] }]);
    // X1 [R], X4 [B] and X2 [B] went home: Red 6 + 1, Black 5 + 2.
    expect(t.reserves).toEqual([7, 7]);
    expect(t.tiles.length).toBe(19);
    expect(exxit.outcome(t)).toMatchObject({ over: true, reason: 'EX-20a' });
    expect(exxit.legalMoves(t)).toEqual([]);
    expect(refusal(t, 'P A')).toEqual(refused('EX-20a', 'exxit.over.stockEmpty'));
  });

  it('with a stock of 2 the order decides: NE before SW', () => {
    const s = build({ variant: 'short', toMove: B, tiles: strip(13), prisoners });
    const t = move(s, 'F 0,-1');
    expect(t.last?.freed).toEqual(order.slice(0, 2));
    expect(t.prisoners.map((p) => p.label)).toEqual(['X2', 'X3']);
    expect(exxit.outcome(t).reason).toBe('EX-20a');
  });
});

describe('EX-20 ends', () => {
  // Each side's 8 pawns are prisoners touching one tile: both must pass.
  const stuck = (): Spec => ({
    prisoners: [
      { q: -1, r: 0, stack: [R, R, R, R, R, R, R, R] },
      { q: 2, r: 0, stack: [B, B, B, B, B, B, B, B] },
    ],
  });

  it('(b) two passes in a row', () => {
    const s = build(stuck());
    const t = move(s, 'pass');
    expect(exxit.outcome(t).over).toBe(false);
    expect(legal(t)).toEqual(['pass']);
    const u = move(t, 'pass');
    // EX-21: red A+B joined (2 + 2), black C and D apart (2 + 1).
    expect(exxit.outcome(u)).toEqual({ over: true, winner: R, draw: false, reason: 'EX-20b' });
    expect(u.score).toEqual([4, 3]);
    expect(exxit.summary(u)).toMatchObject({
      over: true,
      winner: 'red',
      reason: 'EX-20b',
      score: { red: 4, black: 3 },
    });
  });

  it('(c) the third occurrence of a position ends the game, scored normally', () => {
    const s = build(stuck());
    // Give the position after Red's pass two earlier occurrences.
    const after = move(s, 'pass');
    const key = Object.keys(after.seen).find((k) => k.startsWith('b|'))!;
    const primed = exxit.fromJSON({ ...s, seen: { ...s.seen, [key]: 2 } });
    expect(primed.ok).toBe(true);
    if (!primed.ok) return;
    const t = move(primed.value, 'pass');
    expect(exxit.outcome(t)).toEqual({ over: true, winner: R, draw: false, reason: 'EX-20c' });
    expect(t.seen[key]).toBe(3);
    // The AI's fast position starts from the same window: it sees the repetition too.
    const fast = exxit.position(primed.value);
    fast.play({ kind: 'pass' });
    expect(fast.outcome()).toEqual({ over: true, winner: R, draw: false, reason: 'EX-20c' });
    // Stored, the game ended by a third occurrence reads back whole; a third occurrence it does not have is refused.
    expect(exxit.fromJSON(JSON.parse(JSON.stringify(t)))).toEqual({ ok: true, value: t });
    expect(exxit.fromJSON({ ...JSON.parse(JSON.stringify(t)), seen: { ...t.seen, [key]: 2 } })).toMatchObject({
      ok: false,
      error: { detail: 'EX-20c needs a third occurrence' },
    });
  });

  it("(c) a third occurrence found past the window's first eight entries (the window grows)", () => {
    // A seeded random game (standard, 176 plies): 18 positions since the last irreversible move, the one seen a
    // third time is the 11th of them. The window starts with room for 8 and must grow without losing any.
    const record = EXXIT_REPETITION;
    let s = init('standard');
    const states = [s];
    for (const t of record) {
      expect(exxit.outcome(s).over).toBe(false);
      s = move(s, t);
      states.push(s);
    }
    expect(exxit.outcome(s)).toMatchObject({ over: true, reason: 'EX-20c' });
    const keys = Object.keys(s.seen);
    expect(keys).toHaveLength(18);
    expect(keys.findIndex((k) => s.seen[k] === 3)).toBe(10);
    // Stored, every state of the loop reads back whole: no window entry was dropped or miscounted as it grew.
    for (const x of states.slice(-20))
      expect(exxit.fromJSON(JSON.parse(JSON.stringify(x)))).toEqual({ ok: true, value: x });
    // Counted without the window: the last position, by colours, is the third of the game's states to be it.
    const pos = (x: ExxitState) =>
      JSON.stringify([x.toMove, x.tiles.map((t) => t.stack), x.prisoners, x.reserves, x.stock]);
    expect(states.filter((x) => pos(x) === pos(s))).toHaveLength(3);
    // The AI's fast position, played from the start, ends there too.
    const fast = exxit.position(init('standard'));
    let t = init('standard');
    for (const text of record) {
      const m = exxit.legalMoves(t).find((x) => exxit.formatMove(t, x, 'canonical') === text)!;
      fast.play(m);
      t = move(t, text);
    }
    expect(fast.outcome()).toMatchObject({ over: true, reason: 'EX-20c' });
  });

  it('(c) a natural loop of dances and passes, compared by colour', () => {
    // A short game found by random play: from move 40 the same eight plies
    // (three dances each way and a forced pass) go round until a position occurs a third time.
    const record = [
      'P 0,1',
      'P 0,0',
      'D 0,1 NW',
      'P 1,-1',
      'D 0,0 NE',
      'P 0,1',
      'P 0,0',
      'D 1,-1 SW',
      'F -1,1',
      'P 1,-1',
      'P 1,0',
      'D 0,0 E',
      'D 1,0 NW',
      'P 1,0',
      'D 1,-1 SE',
      'P 1,-1',
      'P 0,0',
      'D 1,0 W',
      'P -1,1',
      'D 0,0 SW',
      'D -1,1 NE',
      'D 0,1 NW',
      'D 1,-1 SW',
      'P 0,1',
      'D -1,1 E',
      'D 0,0 SE',
      'P 1,-1',
      'F 1,1',
      'P 0,0',
      'P 0,2',
      'D 0,1 SE',
      'D 0,2 NW',
      'P 0,2',
      'D 0,1 SE',
      'P 1,1',
      'D 0,2 NE',
      'D 1,1 NE',
      'D 0,0 E',
      'F -1,0',
      'D 2,0 W',
      'D 0,0 W',
      'D 1,0 W',
      'pass',
      'D -1,0 E',
      'D 1,0 E',
      'D 0,0 E',
      'pass',
      'D 2,0 W',
      'D 0,0 W',
      'D 1,0 W',
      'pass',
      'D -1,0 E',
      'D 1,0 E',
      'D 0,0 E',
      'pass',
    ];
    let s = init('short');
    const after: ExxitState[] = [];
    for (const t of record) {
      expect(exxit.outcome(s).over).toBe(false);
      s = move(s, t);
      after.push(s);
    }
    expect(exxit.outcome(s)).toMatchObject({ over: true, reason: 'EX-20c' });
    // The position after F -1,0 (ply 39) recurs after plies 47 and 55.
    const pos = (x: ExxitState) =>
      JSON.stringify([x.toMove, x.tiles.map((t) => t.stack), x.prisoners, x.reserves, x.stock]);
    const same = after
      .map((x, i) => [i + 1, pos(x)] as const)
      .filter(([, k]) => k === pos(s))
      .map(([i]) => i);
    expect(same).toEqual([39, 47, 55]);
  });

  it('(d) the 1,000-ply cap', () => {
    const s = build({ core: { A: [B], B: [R] }, toMove: B, ply: 999 });
    const t = move(s, 'D A E');
    expect(t.ply).toBe(1000);
    expect(exxit.outcome(t)).toMatchObject({ over: true, reason: 'EX-20d' });
    expect(exxit.legalMoves(t)).toEqual([]);
  });
});

describe('EX-21 scoring', () => {
  it.each([
    // core only: red A-B joined 2+2; black C, D apart 2+1
    [[], [4, 3]],
    // black (2,-1) joins C: black 3 + 2; red (2,0) joins B: red 3 + 3
    [
      [
        { q: 2, r: -1, color: B },
        { q: 2, r: 0, color: R },
      ],
      [6, 5],
    ],
    // a red strip of 4 joined to A-B: 6 + 6
    [strip(4, R), [12, 3]],
  ] as const)('tiles %j score %j', (tiles, score) => {
    const s = build({ tiles: tiles.map((t) => ({ ...t })) });
    expect(s.score).toEqual(score);
  });

  it.each([
    // black (2,-1) joins C, (-1,1) joins D: black 4 + 2; red 2 + 2
    [
      [
        { q: 2, r: -1, color: B },
        { q: -1, r: 1, color: B },
      ],
      [4, 6],
    ],
    // red (0,-1) joins A: 3 + 3; black C-(2,-1) and D: 3 + 2
    [
      [
        { q: 0, r: -1, color: R },
        { q: 2, r: -1, color: B },
      ],
      [6, 5],
    ],
    // red A-B-(2,0)-(3,-1): 4 + 4; black C-(2,-1) and D: 3 + 2
    [
      [
        { q: 2, r: -1, color: B },
        { q: 2, r: 0, color: R },
        { q: 3, r: -1, color: R },
      ],
      [8, 5],
    ],
  ] as const)('more tiles %j score %j', (tiles, score) => {
    expect(build({ tiles: tiles.map((t) => ({ ...t })) }).score).toEqual(score);
  });

  it('equal scores are a draw', () => {
    const s = equalScoresAtTheLastPly();
    expect(s.score).toEqual([6, 6]);
    const t = move(s, 'D A E');
    expect(exxit.outcome(t)).toEqual({ over: true, winner: null, draw: true, reason: 'EX-20d' });
    expect(t.end).toEqual({ reason: 'EX-20d', winner: null, draw: true });
    // The same draw as stored (fromJSON), as the AI's fast position sees it, and as the engine tool shows it.
    expect(exxit.fromJSON(JSON.parse(JSON.stringify(t)))).toEqual({ ok: true, value: t });
    const fast = exxit.position(s);
    fast.play({ kind: 'dance', q: 0, r: 0, dir: 'E' });
    expect(fast.outcome()).toEqual({ over: true, winner: null, draw: true, reason: 'EX-20d' });
    expect(exxit.summary(t)).toMatchObject({ over: true, winner: null, draw: true, reason: 'EX-20d' });
  });
});

describe('EX-23 labels', () => {
  it('grow past Z to AA, and a freed cell takes the next tile label', () => {
    const s = build({ toMove: B, tiles: strip(22), prisoners: [{ q: 0, r: -1, stack: [R] }] });
    expect(s.tiles.map((t) => t.label).slice(-3)).toEqual(['X', 'Y', 'Z']);
    const t = move(s, 'F X1');
    expect(t.tiles.at(-1)).toMatchObject({ label: 'AA', q: 0, r: -1, color: B });
    expect(parse(t, 'P AA')).toEqual({ kind: 'place', q: 0, r: -1 });
    expect(exxit.formatMove(t, { kind: 'place', q: 0, r: -1 }, 'label')).toBe('P AA');
    const full = build({ tiles: strip(34), prisoners: [{ q: 0, r: -1, stack: [B] }], toMove: B });
    expect(full.tiles.at(-1)!.label).toBe('AL');
    expect(full.stock).toBe(1);
    const last = move(full, 'F X1');
    expect(last.tiles.at(-1)!.label).toBe('AM');
    expect(exxit.outcome(last).reason).toBe('EX-20a');
  });
});

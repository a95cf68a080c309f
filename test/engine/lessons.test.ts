// The rules lessons (src/engine/*/lessons.ts): every position replays legally
// through replay(), shows what its topic is about, and every rule id the
// engine can cite maps to a topic.
import { describe, expect, it } from 'vitest';
import { exxit, type ExxitState } from '../../src/engine/exxit/index.js';
import { EXXIT_LESSONS, EXXIT_TOPICS, ruleTopic as exxitRuleTopic } from '../../src/engine/exxit/lessons.js';
import type { GameId } from '../../src/engine/game.js';
import { getGame } from '../../src/engine/index.js';
import { lessonOf, lessonsOf, topicOfRule, type Lesson } from '../../src/engine/lessons.js';
import { orion, type OrionState } from '../../src/engine/orion/index.js';
import { ORION_LESSONS, ORION_TOPICS, ruleTopic as orionRuleTopic } from '../../src/engine/orion/lessons.js';
import { replay } from '../../src/engine/replay.js';
import { citedRuleIds } from './cited-rules.js';
import { errorText } from '../../src/engine/game.js';

const GAMES = ['exxit', 'orion'] as const satisfies readonly GameId[];
const RULE_TOPIC = { exxit: exxitRuleTopic, orion: orionRuleTopic } as const;

/** The states of a lesson, start included; fails the test if it does not replay. */
function statesOf(game: GameId, lesson: Lesson): unknown[] {
  const r = replay(getGame(game), lesson.setup, lesson.moves);
  if (!r.ok) throw new Error(`${game} ${lesson.topic}: move ${r.index + 1} "${r.text}": ${errorText(r.error)}`);
  return r.states;
}
const exxitStates = (topic: string) => statesOf('exxit', lessonOf('exxit', topic)!) as ExxitState[];
const orionStates = (topic: string) => statesOf('orion', lessonOf('orion', topic)!) as OrionState[];
const last = <T>(xs: T[]): T => xs[xs.length - 1];

describe('lessons: the data', () => {
  it('lists the topics of each game once, in the order of the topic list, with the required ones', () => {
    expect(EXXIT_LESSONS.map((l) => l.topic)).toEqual([...EXXIT_TOPICS]);
    expect(ORION_LESSONS.map((l) => l.topic)).toEqual([...ORION_TOPICS]);
    expect(getGame('exxit').lessons).toBe(EXXIT_LESSONS);
    expect(getGame('orion').lessons).toBe(ORION_LESSONS);
    const required = {
      exxit: [
        'goal-and-end',
        'place',
        'dance',
        'exit-dance',
        'free-and-chain',
        'pass',
        'scoring',
        'reading-the-board',
        'entering-a-move',
      ],
      orion: [
        'goal-and-end',
        'tiles',
        'placement-and-tokens',
        'constellations',
        'galaxies',
        'black-holes',
        'blocking',
        'tiebreak',
        'reading-the-board',
        'entering-a-move',
      ],
    };
    for (const game of GAMES)
      expect(lessonsOf(game).map((l) => l.topic)).toEqual(expect.arrayContaining(required[game]));
  });

  it('is plain data: a JSON round trip changes nothing', () => {
    for (const game of GAMES) expect(JSON.parse(JSON.stringify(lessonsOf(game)))).toEqual(lessonsOf(game));
  });

  it('gives each rule id of a game to exactly one topic, and only ids of that game', () => {
    for (const game of GAMES) {
      const prefix = game === 'exxit' ? /^EX-\d+[a-z]?$/ : /^OD-\d+[a-z]?$/;
      const all = lessonsOf(game).flatMap((l) => l.rules);
      for (const id of all) expect(id).toMatch(prefix);
      expect(new Set(all).size).toBe(all.length);
      for (const l of lessonsOf(game)) expect(l.rules.length, `${game} ${l.topic}`).toBeGreaterThan(0);
    }
  });

  it('covers every numbered rule of each game (EX-1…EX-23, OD-1…OD-22) with a topic', () => {
    for (let n = 1; n <= 23; n++) expect(exxitRuleTopic(`EX-${n}`), `EX-${n}`).not.toBeNull();
    for (let n = 1; n <= 22; n++) expect(orionRuleTopic(`OD-${n}`), `OD-${n}`).not.toBeNull();
  });

  it('writes every move in the engine canonical notation (EX-22, OD-22)', () => {
    for (const game of GAMES) {
      const g = getGame(game);
      for (const l of lessonsOf(game)) {
        const r = replay(g, l.setup, l.moves);
        expect(r.ok, `${game} ${l.topic}`).toBe(true);
        if (!r.ok) continue;
        const texts = r.moves.map((m, i) => g.formatMove(r.states[i], m));
        expect(texts, `${game} ${l.topic}`).toEqual([...l.moves]);
      }
    }
  });
});

describe('lessons: every rule id the engine can cite maps to a topic', () => {
  for (const game of GAMES) {
    it(`${game}: every id in src/engine/${game}`, () => {
      const { ids, files } = citedRuleIds(game);
      expect(files).toBeGreaterThan(5);
      // The end reasons and the refusals the players see most are among them.
      const sample =
        game === 'exxit'
          ? ['EX-11a', 'EX-13d', 'EX-13e', 'EX-17', 'EX-18', 'EX-20a', 'EX-20b', 'EX-22', 'EX-23']
          : ['OD-3', 'OD-6', 'OD-13', 'OD-14', 'OD-18', 'OD-19', 'OD-20', 'OD-22'];
      expect(ids).toEqual(expect.arrayContaining(sample));
      const unmapped = ids.filter((id) => RULE_TOPIC[game](id) === null);
      expect(unmapped).toEqual([]);
      for (const id of ids) {
        const topic = RULE_TOPIC[game](id)!;
        expect(lessonOf(game, topic), `${id} → ${topic}`).toBeDefined();
        expect(topicOfRule(id)).toEqual({ game, topic });
      }
    });
  }

  it('maps the ids the refusals and end reasons cite to the topic that explains them', () => {
    expect(exxitRuleTopic('EX-13d')).toBe('dance');
    expect(exxitRuleTopic('EX-11a')).toBe('dance');
    expect(exxitRuleTopic('EX-11b')).toBe('exit-dance');
    expect(exxitRuleTopic('EX-13e')).toBe('exit-dance');
    expect(exxitRuleTopic('EX-17')).toBe('place');
    expect(exxitRuleTopic('EX-18')).toBe('free-and-chain');
    expect(exxitRuleTopic('EX-10')).toBe('pass');
    expect(exxitRuleTopic('EX-20a')).toBe('goal-and-end');
    expect(exxitRuleTopic('EX-21')).toBe('scoring');
    expect(exxitRuleTopic('EX-23')).toBe('entering-a-move');
    expect(orionRuleTopic('OD-14')).toBe('placement-and-tokens');
    expect(orionRuleTopic('OD-3')).toBe('tiles');
    expect(orionRuleTopic('OD-18')).toBe('goal-and-end');
    expect(orionRuleTopic('OD-19')).toBe('tiebreak');
    expect(orionRuleTopic('OD-20')).toBe('blocking');
    expect(orionRuleTopic('OD-17c')).toBe('black-holes');
    expect(orionRuleTopic('OD-6')).toBe('entering-a-move');
  });

  it('falls back from an unlisted letter to its numbered rule, and knows nothing else', () => {
    expect(exxitRuleTopic('EX-13h')).toBe('dance');
    expect(orionRuleTopic('OD-18z')).toBe('goal-and-end');
    expect(exxitRuleTopic('EX-99')).toBeNull();
    expect(exxitRuleTopic('OD-20')).toBeNull();
    expect(orionRuleTopic('EX-13d')).toBeNull();
    expect(orionRuleTopic('state')).toBeNull();
    expect(topicOfRule('state')).toBeNull();
    expect(topicOfRule('ex-13d')).toBeNull();
    expect(topicOfRule(undefined as unknown as string)).toBeNull();
  });
});

describe('lessons: every position replays legally', () => {
  for (const game of GAMES)
    for (const l of lessonsOf(game))
      it(`${game} ${l.topic} (${l.setup}, ${l.moves.length} moves)`, () => {
        const states = statesOf(game, l);
        expect(states.length).toBe(l.moves.length + 1);
      });
});

describe('lessons: Exxit positions show their point', () => {
  it('setup: the core before the first move', () => {
    const [s] = exxitStates('setup');
    expect(s.ply).toBe(0);
    expect(s.tiles.map((t) => t.label)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('goal-and-end: the game is over because the stock ran out (EX-20a), with a winner', () => {
    const s = last(exxitStates('goal-and-end'));
    expect(exxit.outcome(s)).toMatchObject({ over: true, draw: false, reason: 'EX-20a' });
    expect(s.stock).toBe(0);
  });

  it('reading-the-board: mixed stacks, a stack of 3, prisoner cells, empty tiles of both colours', () => {
    const s = last(exxitStates('reading-the-board'));
    expect(exxit.outcome(s).over).toBe(false);
    expect(s.tiles.filter((t) => new Set(t.stack).size === 2).length).toBeGreaterThanOrEqual(2);
    expect(s.tiles.some((t) => t.stack.length >= 3)).toBe(true);
    expect(s.prisoners.length).toBeGreaterThanOrEqual(2);
    for (const color of [0, 1]) expect(s.tiles.some((t) => t.color === color && t.stack.length === 0)).toBe(true);
  });

  it('place: the last move put a pawn from the reserve on an empty tile', () => {
    const states = exxitStates('place');
    const [before, after] = states.slice(-2);
    const m = after.last!.move;
    expect(m.kind).toBe('place');
    if (m.kind !== 'place') return;
    expect(before.tiles.find((t) => t.q === m.q && t.r === m.r)!.stack).toEqual([]);
    expect(after.reserves[before.toMove]).toBe(before.reserves[before.toMove] - 1);
  });

  it('dance: the last move is an inside dance of 3 pawns past an empty tile and the target', () => {
    const [before, after] = exxitStates('dance').slice(-2);
    const m = after.last!.move;
    expect(m.kind).toBe('dance');
    expect(after.prisoners.length).toBe(before.prisoners.length);
    if (m.kind !== 'dance') return;
    expect(before.tiles.find((t) => t.q === m.q && t.r === m.r)!.stack.length).toBe(3);
    expect(after.last!.sown.length).toBe(3);
    const [first] = after.last!.sown;
    expect(before.tiles.find((t) => t.q === first.q && t.r === first.r)!.stack).toEqual([]);
  });

  it('exit-dance: the last move is a dance that created a prisoner cell of 2 pawns', () => {
    const [before, after] = exxitStates('exit-dance').slice(-2);
    expect(after.last!.move.kind).toBe('dance');
    expect(after.prisoners.length).toBe(before.prisoners.length + 1);
    const made = last(after.prisoners);
    expect(made.label).toBe(`X${before.nextPrisoner}`);
    expect(made.stack.length).toBe(2);
    expect(last(after.last!.sown)).toEqual({ q: made.q, r: made.r });
  });

  it('free-and-chain: the last move is a free whose chain laid 3 tiles', () => {
    const [before, after] = exxitStates('free-and-chain').slice(-2);
    expect(after.last!.move.kind).toBe('free');
    expect(after.last!.freed.length).toBeGreaterThanOrEqual(2);
    expect(after.tiles.length - before.tiles.length).toBe(after.last!.freed.length);
    expect(before.stock - after.stock).toBe(after.last!.freed.length);
  });

  it('pass: the last move is a forced pass and the game goes on', () => {
    const states = exxitStates('pass');
    const after = last(states);
    expect(after.last!.move.kind).toBe('pass');
    expect(exxit.outcome(after).over).toBe(false);
    expect(exxit.legalMoves(states[states.length - 2]).map((m) => m.kind)).toEqual(['pass']);
  });

  it('scoring: a finished game where each colour has a tile outside its largest group', () => {
    const s = last(exxitStates('scoring'));
    const o = exxit.outcome(s);
    expect(o).toMatchObject({ over: true, draw: false });
    for (const color of [0, 1] as const) {
      const tiles = s.tiles.filter((t) => t.color === color).length;
      const largest = s.score[color] - tiles; // EX-21: tiles + largest group
      expect(largest).toBeGreaterThan(0);
      expect(largest).toBeLessThan(tiles);
    }
    expect(o.winner).toBe(s.score[0] > s.score[1] ? 0 : 1);
  });

  it('entering-a-move: the worked opening, with tile labels A-D and the prisoner cell X1', () => {
    const s = last(exxitStates('entering-a-move'));
    expect(s.tiles.map((t) => t.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(s.prisoners.map((p) => p.label)).toEqual(['X1']);
    expect(
      exxit
        .legalMoves(s)
        .map((m) => exxit.formatMove(s, m, 'label'))
        .sort(),
    ).toEqual(['P A', 'P B', 'P D']);
  });
});

describe('lessons: Orion Duel positions show their point', () => {
  const tokens = (s: OrionState) => [...s.galaxies, ...s.blackHoles];
  const lastTile = (s: OrionState) => last(s.placements);

  it('setup: the empty board of a preset layout', () => {
    const [s] = orionStates('setup');
    expect(s.ply).toBe(0);
    expect(s.galaxies.length).toBe(8);
    expect(s.blackHoles.length).toBe(7);
  });

  it('goal-and-end: won at once on more victory conditions (OD-18), by the player who did not move', () => {
    const s = last(orionStates('goal-and-end'));
    const o = orion.outcome(s);
    expect(o).toMatchObject({ over: true, draw: false, reason: 'OD-18' });
    expect(o.winner).not.toBe(lastTile(s).side);
    expect(s.vc[o.winner!].total).toBeGreaterThan(s.vc[1 - o.winner!].total);
  });

  it('reading-the-board: play going on, galaxies and black holes covered', () => {
    const s = last(orionStates('reading-the-board'));
    expect(orion.outcome(s).over).toBe(false);
    expect(s.galaxies.filter((c) => s.cells[c] !== -1).length).toBeGreaterThanOrEqual(2);
    expect(s.blackHoles.filter((c) => s.cells[c] !== -1).length).toBeGreaterThanOrEqual(2);
  });

  it('tiles: the six shapes, one each', () => {
    const s = last(orionStates('tiles'));
    expect(s.placements.map((p) => p.move.tile).sort()).toEqual(['D2', 'L3', 'P2', 'S1', 'T3', 'V3']);
  });

  it('placement-and-tokens: the last tile covers a token with each of its colours', () => {
    const s = last(orionStates('placement-and-tokens'));
    const p = lastTile(s);
    const onTokens = new Set(p.cells.map((c, i) => (tokens(s).includes(c) ? p.colors[i] : -1)).filter((c) => c >= 0));
    expect([...onTokens].sort()).toEqual([0, 1]);
  });

  it('constellations: the mover joins two opposite sides and wins on that alone', () => {
    const s = last(orionStates('constellations'));
    const o = orion.outcome(s);
    expect(o).toMatchObject({ over: true, reason: 'OD-18', winner: lastTile(s).side });
    expect(s.vc[o.winner!]).toMatchObject({ constellations: 1, total: 1 });
  });

  it('galaxies: a galaxy point (four galaxies in one group)', () => {
    const s = last(orionStates('galaxies'));
    expect(s.vc[0].galaxies + s.vc[1].galaxies).toBeGreaterThanOrEqual(1);
  });

  it('black-holes: black holes covered, and a black-hole point for the other colour', () => {
    const s = last(orionStates('black-holes'));
    expect(s.blackHoles.filter((c) => s.cells[c] !== -1).length).toBeGreaterThanOrEqual(3);
    expect(s.vc[0].blackHoles + s.vc[1].blackHoles).toBeGreaterThanOrEqual(1);
  });

  it('blocking: the player to move has tiles left and none fits (OD-20)', () => {
    const s = last(orionStates('blocking'));
    const o = orion.outcome(s);
    expect(o).toMatchObject({ over: true, reason: 'OD-20', winner: 1 - s.toMove });
    expect(Object.values(s.hands[s.toMove]).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('tiebreak: all 28 tiles down, victory conditions equal, decided by OD-19', () => {
    const s = last(orionStates('tiebreak'));
    const o = orion.outcome(s);
    expect(s.placements.length).toBe(28);
    expect(o).toMatchObject({ over: true, reason: 'OD-19', draw: false });
    expect(s.vc[0].total).toBe(s.vc[1].total);
    expect(s.end!.tiebreak).toBeDefined();
  });

  it('entering-a-move: short tiles, a direction, and a bent tile with its R', () => {
    const l = lessonOf('orion', 'entering-a-move')!;
    expect(l.moves.some((m) => /^S1 [A-K]\d+$/.test(m))).toBe(true);
    expect(l.moves.some((m) => /^V3 [A-K]\d+ (N|NE|SE|S|SW|NW) [RL]$/.test(m))).toBe(true);
    expect(orion.outcome(last(orionStates('entering-a-move'))).over).toBe(false);
  });
});

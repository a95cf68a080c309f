// A finished game's result in words (src/match/describe.ts), from its record:
// aborted (on time or not), a draw, a win on time, a win by the rules or by a
// player's act; the rating lines of a rated game or the casual note, the
// replay hint; and the one-line summary the page and text files show.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { detailLines, durationMsg, resultLines, resultSummary, toMoveLine, waitMsg } from '../../src/match/describe.js';
import type { GameResult, StoredGame } from '../../src/model/index.js';
import { replay } from '../../src/engine/replay.js';
import { ORION_WIN_IN_ONE } from '../support/puzzle-positions.js';
import { gameRecord } from './harness.js';

const init = getGame('orion').initial('preset1');
if (!init.ok) throw new Error('setup');
const STATE = JSON.parse(JSON.stringify(init.value)) as unknown;

const game = (status: StoredGame['status'], result: GameResult | null, over: Partial<StoredGame> = {}): StoredGame =>
  gameRecord({
    players: [
      { id: 'u1', name: 'Ann' },
      { id: 'u2', name: 'Ben' },
    ],
    moves: ['S1 K2'],
    version: 3,
    status,
    result,
    ...over,
  });
const ann = { player: { id: 'u1', name: 'Ann', bot: undefined } };
const ben = { player: { id: 'u2', name: 'Ben', bot: undefined } };
const side = (n: 0 | 1) => ({ key: `game.orion.side.${n}` });
const keys = (lines: { key: string }[]) => lines.map((l) => l.key);

describe('the result lines', () => {
  it('none while the game is on', () => {
    expect(resultLines(game('active', null), STATE)).toEqual([]);
    expect(resultLines(game('over', null), STATE)).toEqual([]);
    // A result written before the status (a record mid-update): still none while the status says active.
    expect(resultLines(game('active', { winner: 0, draw: false, reason: 'resign' }), STATE)).toEqual([]);
    expect(resultSummary(game('active', { winner: 0, draw: false, reason: 'resign' }), STATE)).toEqual({
      key: 'result.summary.inProgress',
      params: { moves: 1 },
    });
  });

  it('aborted on time, or otherwise: no casual note, no replay hint', () => {
    expect(resultLines(game('aborted', { winner: null, draw: false, reason: 'time' }), STATE)).toEqual([
      { key: 'result.abortedOnTime' },
    ]);
    expect(resultLines(game('aborted', { winner: null, draw: false, reason: 'abort' }), STATE)).toEqual([
      { key: 'result.aborted' },
    ]);
  });

  it('a draw agreed, a win on time, a win by resignation, each with the casual note and the replay hint', () => {
    const tail = [{ key: 'result.casual' }, { key: 'result.replayHint', params: { id: 'g0000001' } }];
    expect(resultLines(game('over', { winner: null, draw: true, reason: 'draw-agreed' }), STATE)).toEqual([
      { key: 'result.draw', params: { why: { key: 'end.draw-agreed' } } },
      ...tail,
    ]);
    expect(resultLines(game('over', { winner: 1, draw: false, reason: 'time' }), STATE)).toEqual([
      { key: 'result.winsOnTime', params: { winner: ben, winnerSide: side(1), loser: ann, loserSide: side(0) } },
      ...tail,
    ]);
    expect(resultLines(game('over', { winner: 0, draw: false, reason: 'resign' }), STATE)).toEqual([
      { key: 'result.wins', params: { winner: ann, side: side(0), why: { key: 'end.resign' } } },
      ...tail,
    ]);
  });

  it("a win by a rule names the rule when the position has no note of its own, and adds the position's score", () => {
    const lines = resultLines(game('over', { winner: 1, draw: false, reason: 'OD-19' }), STATE);
    expect(lines[0]).toEqual({
      key: 'result.wins',
      params: { winner: ben, side: side(1), why: { key: 'end.rule', params: { rule: 'OD-19' } } },
    });
    const notes = getGame('orion').scoreNotes(STATE);
    expect(lines.slice(1, 1 + notes.length).map((l) => l.key)).toEqual(notes.map((n) => `engine.${n.id}`));
    expect(keys(lines.slice(1 + notes.length))).toEqual(['result.casual', 'result.replayHint']);
    // No winner is a draw, whatever the flag says.
    expect(resultLines(game('over', { winner: null, draw: false, reason: 'OD-19' }), undefined)[0]).toEqual({
      key: 'result.draw',
      params: { why: { key: 'end.rule', params: { rule: 'OD-19' } } },
    });
    // Without the position: no score.
    expect(keys(resultLines(game('over', { winner: 1, draw: false, reason: 'OD-19' }), undefined))).toEqual([
      'result.wins',
      'result.casual',
      'result.replayHint',
    ]);
  });

  it('a rated game: each player’s rating change, rounded, instead of the casual note', () => {
    const snap = (rating: number) => ({
      rating,
      rd: 80,
      vol: 0.06,
      games: 9,
      wins: 4,
      draws: 0,
      losses: 5,
      streak: 1,
      lastPlayed: 0,
    });
    const change = (userId: string, before: number, after: number) => ({
      userId,
      global: { before: snap(before), after: snap(after) },
    });
    const r: GameResult = {
      winner: 0,
      draw: false,
      reason: 'resign',
      ratingChanges: [change('u1', 1500.4, 1512.6), change('gone', 1490, 1479.5)],
    } as GameResult;
    const lines = resultLines(game('over', r, { rated: true }), STATE);
    expect(lines.slice(1)).toEqual([
      { key: 'result.rating', params: { player: ann, before: 1500, after: 1513, delta: 13 } },
      { key: 'result.rating', params: { player: { user: 'gone' }, before: 1490, after: 1480, delta: -10 } },
      { key: 'result.replayHint', params: { id: 'g0000001' } },
    ]);
    // Rated but no changes recorded (yet): neither the casual note nor rating lines.
    expect(
      keys(resultLines(game('over', { winner: 0, draw: false, reason: 'resign' }, { rated: true }), STATE)),
    ).toEqual(['result.wins', 'result.replayHint']);
  });
});

describe('the one-line summary', () => {
  it.each([
    ['in progress', game('active', null), { key: 'result.summary.inProgress', params: { moves: 1 } }],
    ['aborted', game('aborted', { winner: null, draw: false, reason: 'time' }), { key: 'result.summary.aborted' }],
    [
      'a draw',
      game('over', { winner: null, draw: false, reason: 'draw-agreed' }),
      { key: 'result.summary.draw', params: { why: { key: 'end.draw-agreed' } } },
    ],
    [
      'a win',
      game('over', { winner: 1, draw: false, reason: 'OD-19' }),
      {
        key: 'result.summary.wins',
        params: { winner: { name: 'Ben' }, side: side(1), why: { key: 'end.rule', params: { rule: 'OD-19' } } },
      },
    ],
  ])('%s', (_name, rec, want) => {
    expect(resultSummary(rec, STATE)).toEqual(want);
  });
});

describe('durations, waits and the line of who is to move', () => {
  it('a time per move in whole hours, else in minutes, rounded', () => {
    expect(durationMsg(3_600_000)).toEqual({ key: 'common.hours', params: { n: 1 } });
    expect(durationMsg(24 * 3_600_000)).toEqual({ key: 'common.hours', params: { n: 24 } });
    expect(durationMsg(90 * 60_000)).toEqual({ key: 'common.minutes', params: { n: 90 } });
    expect(durationMsg(150_000)).toEqual({ key: 'common.minutes', params: { n: 3 } });
  });

  it('a wait in fives of seconds (never under five) below two minutes, else in minutes rounded up', () => {
    const said = (ms: number) => {
      const m = waitMsg(ms);
      return `${m.key} ${String((m.params as { n: number }).n)}`;
    };
    expect([0, 12_400, 12_600, 119_999, 120_000, 130_000, 180_000].map(said)).toEqual([
      'common.seconds 5',
      'common.seconds 10',
      'common.seconds 15',
      'common.seconds 120',
      'common.minutes 2',
      'common.minutes 3',
      'common.minutes 3',
    ]);
  });

  it('the AI thinking (with its place in the queue when it waits), a player to move, with the clock when it runs', () => {
    const ai = { id: 'ai', name: 'hexmate AI', bot: 'hard' as const };
    const playing = (over: Partial<StoredGame>) =>
      gameRecord({ players: [{ id: 'u1', name: 'Ann' }, ai], moves: [], status: 'active', result: null, ...over });
    const aiWho = { player: { player: ai }, side: side(1) };
    expect(toMoveLine(playing({}), 1, { ms: 12_000, ahead: 2 })).toEqual({
      key: 'turn.aiThinkingQueued',
      params: { ...aiWho, wait: { key: 'common.seconds', params: { n: 10 } }, ahead: 2 },
    });
    expect(toMoveLine(playing({}), 1)).toEqual({ key: 'turn.aiThinking', params: aiWho });
    // A wait says nothing about a person.
    const annWho = { player: ann, side: side(0) };
    expect(toMoveLine(playing({}), 0, { ms: 12_000, ahead: 2 })).toEqual({ key: 'turn.toMove', params: annWho });
    const clock = { perMoveMs: 24 * 3_600_000, deadline: 1_800_000_000_000 };
    expect(toMoveLine(playing({ clock: { ...clock, reminded: false, wakeAt: null } }), 0)).toEqual({
      key: 'turn.toMoveClock',
      params: { ...annWho, per: { key: 'common.hours', params: { n: 24 } }, deadline: { time: clock.deadline } },
    });
    // A clock stopped (no deadline now): no deadline said.
    expect(toMoveLine(playing({ clock: { ...clock, deadline: null, reminded: false, wakeAt: null } }), 0)).toEqual({
      key: 'turn.toMove',
      params: annWho,
    });
  });
});

describe('the words of a position', () => {
  it('a win by a rule whose position has an end note says that note; the closer look is the game’s detail notes', () => {
    const g = getGame('orion');
    const r = replay(g, 'preset1', [...ORION_WIN_IN_ONE, 'S1 J2']);
    if (!r.ok) throw new Error('the fixture does not replay');
    const s = r.states.at(-1);
    const note = g.endNote(s);
    expect(note).not.toBeNull();
    const lines = resultLines(game('over', { winner: 1, draw: false, reason: 'OD-18' }), s);
    expect(lines[0]).toMatchObject({ key: 'result.wins', params: { why: { key: `engine.${note!.id}` } } });
    expect(resultSummary(game('over', { winner: 1, draw: false, reason: 'OD-18' }), s)).toMatchObject({
      params: { why: { key: `engine.${note!.id}` } },
    });
    expect(detailLines('orion', s)).toEqual(
      g.detailNotes!(s).map((n) => ({ key: `engine.${n.id}`, params: n.params })),
    );
    expect(g.detailNotes!(s)).not.toEqual(g.scoreNotes(s));
  });
});

// The pure steps of a tournament over its record: the pairing games' fixed
// ids, what an ended game gives its pairing, the start, the advance through
// rounds (byes, leavers' forfeits, the end), the winners.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import {
  advanceEvent,
  enterResults,
  nameOf,
  pairingOf,
  pairingGameId,
  pairingResult,
  parsePairingGameId,
  roundPairings,
  roundsFor,
  standingsOf,
  RECHECK_MS,
  startEvent,
  wakeOf,
  withdraw,
} from '../../src/match/tournament/event.js';
import { isRecordId, type StoredGame, type StoredTournament } from '../../src/model/index.js';
import { gameRecord } from './harness.js';

function event(n: number, over: Partial<StoredTournament> = {}): StoredTournament {
  return {
    id: 'abcdefghij',
    version: 1,
    name: null,
    guildId: 'g',
    channelId: 'c',
    messageId: null,
    organiser: { id: 'o', name: 'O' },
    game: 'orion',
    setup: 'preset1',
    format: 'swiss',
    roundsWanted: null,
    rounds: null,
    clockMs: 1000,
    roundMs: 10_000,
    rated: false,
    locale: 'en',
    status: 'signup',
    createdAt: 0,
    startsAt: null,
    startedAt: null,
    finishedAt: null,
    players: Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` })),
    withdrawals: [],
    round: 0,
    roundDeadline: null,
    pairings: [],
    seed: 11,
    winners: [],
    endNote: null,
    announced: false,
    wakeAt: null,
    ...over,
  };
}

/** Enters `first wins` for every open pairing of the round being played. */
const firstWins = (t: StoredTournament, now: number) =>
  enterResults(
    t,
    new Map(
      roundPairings(t)
        .filter((p) => p.result === null)
        .map((p) => [p.board, { result: 'first' as const }]),
    ),
    now,
  );

const game = (over: Partial<StoredGame>): StoredGame => gameRecord(over);

describe('pairing games', () => {
  it('have a fixed store id naming the event, round and board; random ids are not pairings', () => {
    const id = pairingGameId('abcdefghij', 3, 17);
    expect(id).toHaveLength(15);
    expect(isRecordId(id)).toBe(true);
    expect(parsePairingGameId(id)).toEqual({ tournamentId: 'abcdefghij', round: 3, board: 17 });
    expect(parsePairingGameId('k3j9x0a2bq')).toBeNull();
    expect(() => pairingGameId('ABC', 1, 1)).toThrow();
  });

  it('give their pairing the result on the board, or a forfeit for an absence', () => {
    expect(pairingResult(game({ result: { winner: 0, draw: false, reason: 'resign' } }))).toEqual({ result: 'first' });
    expect(pairingResult(game({ result: { winner: 1, draw: false, reason: 'time' } }))).toEqual({ result: 'second' });
    expect(pairingResult(game({ result: { winner: null, draw: true, reason: 'draw-agreed' } }))).toEqual({
      result: 'draw',
    });
    expect(pairingResult(game({ status: 'active' }))).toBeNull();
    // Nobody moved before the clock ran out: both forfeit.
    expect(pairingResult(game({ status: 'aborted', result: { winner: null, draw: false, reason: 'time' } }))).toEqual({
      result: 'double-forfeit',
      forfeit: true,
    });
    // Orange moved, Blue never answered: Orange wins by forfeit.
    const g = getGame('orion');
    const init = g.initial('preset1');
    if (!init.ok) throw new Error('setup');
    const move = g.parseMove(init.value, 'S1 K2');
    if (!move.ok) throw new Error('move');
    const after = g.play(init.value, move.value);
    if (!after.ok) throw new Error('play');
    const oneMove = {
      status: 'aborted' as const,
      moves: ['S1 K2'],
      state: JSON.parse(JSON.stringify(after.value)),
      result: { winner: null, draw: false, reason: 'time' },
    };
    expect(pairingResult(game(oneMove))).toEqual({ result: 'first', forfeit: true });
    // An admin's end is no result for either.
    expect(pairingResult(game({ ...oneMove, result: { winner: null, draw: false, reason: 'admin' } }))).toEqual({
      result: 'double-forfeit',
      forfeit: true,
    });
    // Nor is the end of a game of a cancelled event (the event takes no more results anyway).
    expect(pairingResult(game({ ...oneMove, result: { winner: null, draw: false, reason: 'cancelled' } }))).toEqual({
      result: 'double-forfeit',
      forfeit: true,
    });
  });
});

describe('a pairing result at its edges', () => {
  const g = getGame('orion');
  const init = g.initial('preset1');
  if (!init.ok) throw new Error('setup');
  /** The state after the first `n` moves of a fixed line (S1 K2, then the first legal move each ply). */
  function after(n: number): { moves: string[]; state: unknown } {
    let st: unknown = init.ok ? init.value : null;
    const moves: string[] = [];
    for (let i = 0; i < n; i++) {
      const mv = i === 0 ? g.parseMove(st, 'S1 K2') : { ok: true as const, value: g.legalMoves(st)[0] };
      if (!mv.ok) throw new Error('move');
      moves.push(g.formatMove(st, mv.value, 'canonical'));
      const next = g.play(st, mv.value);
      if (!next.ok) throw new Error('play');
      st = next.value;
    }
    return { moves, state: JSON.parse(JSON.stringify(st)) };
  }
  const timeUp = { winner: null, draw: false, reason: 'time' };

  it.each([
    [
      'over, no winner and no draw flag: a draw',
      { result: { winner: null, draw: false, reason: 'OD-19' } },
      { result: 'draw' },
    ],
    [
      'over, a draw flag beside a winner: a draw',
      { result: { winner: 0, draw: true, reason: 'OD-19' } },
      { result: 'draw' },
    ],
    ['over with no result: none yet', { result: null }, null],
    ['aborted with no result: none yet', { status: 'aborted', result: null }, null],
    [
      'aborted as damaged, after moves: a double forfeit',
      { status: 'aborted', ...after(1), result: { ...timeUp, reason: 'damaged' } },
      { result: 'double-forfeit', forfeit: true },
    ],
    [
      'aborted after two moves, the first player to move: the second wins',
      { status: 'aborted', ...after(2), result: timeUp },
      { result: 'second', forfeit: true },
    ],
    [
      'aborted after moves, a state that does not read: a double forfeit',
      { status: 'aborted', moves: ['S1 K2'], state: { board: 'junk' }, result: timeUp },
      { result: 'double-forfeit', forfeit: true },
    ],
    [
      'aborted after moves, an unknown game: a double forfeit',
      { status: 'aborted', ...after(1), game: 'chess', result: timeUp },
      { result: 'double-forfeit', forfeit: true },
    ],
  ])('%s', (_name, over, want) => {
    expect(pairingResult(game(over as Partial<StoredGame>))).toEqual(want);
  });

  it('names a player, and finds their pairing in the round being played (as first or second), or none', () => {
    const t = event(4, {
      status: 'running',
      round: 2,
      pairings: [
        { round: 1, board: 1, first: 'p1', second: 'p2', result: 'first' },
        { round: 2, board: 1, first: 'p3', second: 'p1', result: null },
        { round: 2, board: 2, first: 'p2', second: null, result: null },
      ],
    });
    expect(nameOf(t, 'p3')).toBe('P3');
    expect(nameOf(t, 'nobody')).toBe('?');
    expect(pairingOf(t, 'p1')).toMatchObject({ round: 2, board: 1 });
    expect(pairingOf(t, 'p3')).toMatchObject({ round: 2, board: 1 });
    expect(pairingOf(t, 'p2')).toMatchObject({ round: 2, board: 2 });
    expect(pairingOf(t, 'p4')).toBeUndefined();
  });
});

describe('an event whose next round cannot be paired', () => {
  it('ends with that note after the round played, its winners ranked as they stand', () => {
    // Two players who have met: Swiss never pairs them again, so a second round has no legal pairing.
    const t = event(2, {
      status: 'running',
      rounds: 2,
      round: 1,
      roundDeadline: 50,
      pairings: [{ round: 1, board: 1, first: 'p1', second: 'p2', result: 'second' }],
    });
    const done = advanceEvent(t, 7);
    expect(done).toMatchObject({
      status: 'finished',
      endNote: 'no-pairing',
      finishedAt: 7,
      roundDeadline: null,
      round: 1,
      winners: ['p2'],
      wakeAt: 7,
    });
    expect(done.pairings).toEqual(t.pairings);
  });
});

describe('the life of an event', () => {
  it('Swiss rounds: as asked, never past the pairing limit; a round robin plays everyone', () => {
    expect(roundsFor({ format: 'swiss', roundsWanted: 3 }, 8)).toBe(3);
    expect(roundsFor({ format: 'swiss', roundsWanted: 12 }, 8)).toBe(5);
    expect(roundsFor({ format: 'swiss', roundsWanted: null }, 8)).toBe(4);
    expect(roundsFor({ format: 'round-robin', roundsWanted: null }, 5)).toBe(5);
    expect(roundsFor({ format: 'round-robin', roundsWanted: null }, 6)).toBe(5);
  });

  it('a start seeds Swiss players by rating and pairs round 1 with a deadline', () => {
    const t = startEvent(
      event(4),
      new Map([
        ['p3', 1800],
        ['p1', 1600],
      ]),
      100,
    );
    expect(t.status).toBe('running');
    expect(t.players.map((p) => p.id)).toEqual(['p3', 'p1', 'p2', 'p4']);
    expect(t.round).toBe(1);
    expect(t.roundDeadline).toBe(100 + 10_000);
    expect(roundPairings(t)).toHaveLength(2);
    expect(t.wakeAt).toBe(100 + 10_000);
  });

  it('a round robin of 5: every bye awarded as it is paired (1 point), a leaver’s later games forfeited, then the end', () => {
    let t = startEvent(event(5, { format: 'round-robin' }), new Map(), 0);
    expect(t.rounds).toBe(5);
    const bye1 = roundPairings(t).find((p) => p.second === null)!;
    expect(bye1.result).toBe('first');
    t = firstWins(t, 1);
    expect(t.round).toBe(2);
    const leaver = roundPairings(t).find((p) => p.second !== null)!.first;
    t = withdraw(t, leaver);
    t = firstWins(t, 2);
    // From round 3 on, the leaver's games are forfeits (the bye of theirs lapses), entered at once.
    for (const p of t.pairings.filter((x) => x.round >= 3 && (x.first === leaver || x.second === leaver))) {
      expect(p.second).not.toBeNull();
      expect(p.forfeit).toBe(true);
      expect(p.result).toBe(p.first === leaver ? 'second' : 'first');
    }
    while (t.status === 'running') t = firstWins(t, 3);
    expect(t.status).toBe('finished');
    expect(t.round).toBe(5);
    const rows = standingsOf(t);
    expect(t.winners).toEqual(rows.filter((r) => r.rank === 1).map((r) => r.player));
    expect(rows.find((r) => r.player === leaver)?.withdrawn).toBe(true);
    // Everyone met everyone once; four byes awarded to the four who stayed... and each bye scored 1.
    expect(rows.reduce((s, r) => s + r.byes, 0)).toBeGreaterThanOrEqual(4);
    expect(t.wakeAt).toBe(3); // the winners are to be posted
  });

  it('results of another round, or of a pairing already decided, change nothing', () => {
    const t = startEvent(event(4), new Map(), 0);
    const same = enterResults(t, new Map([[9, { result: 'first' as const }]]), 1);
    expect(same.pairings).toEqual(t.pairings);
    const once = enterResults(t, new Map([[1, { result: 'draw' as const }]]), 1);
    const twice = enterResults(once, new Map([[1, { result: 'first' as const }]]), 2);
    expect(twice.pairings[0].result).toBe('draw');
  });

  it('an event ends early when fewer than two players are left', () => {
    let t = startEvent(event(3), new Map(), 0);
    t = withdraw(withdraw(t, 'p1'), 'p2');
    t = firstWins(t, 5);
    expect(t.status).toBe('finished');
    expect(t.endNote).toBe('too-few-left');
    expect(advanceEvent(t, 6)).toMatchObject({ status: 'finished', round: 1 });
  });

  it('the sweep looks again when something is due: sign-up closing, the deadline or the regular look, a post still to make', () => {
    const now = 50_000;
    expect(wakeOf(event(3, { status: 'signup', startsAt: 90_000 }), now)).toBe(90_000);
    expect(wakeOf(event(3, { status: 'signup' }), now)).toBeNull();
    expect(wakeOf(event(3, { status: 'running', roundDeadline: now + 5 }), now)).toBe(now + 5);
    expect(wakeOf(event(3, { status: 'running', roundDeadline: now + 2 * RECHECK_MS }), now)).toBe(now + RECHECK_MS);
    // The winners' post, or a cancelled event's note (and the closing of its games), until made.
    expect(wakeOf(event(3, { status: 'finished', announced: false }), now)).toBe(now);
    expect(wakeOf(event(3, { status: 'cancelled', announced: false }), now)).toBe(now);
    expect(wakeOf(event(3, { status: 'finished', announced: true }), now)).toBeNull();
    expect(wakeOf(event(3, { status: 'cancelled', announced: true }), now)).toBeNull();
  });
});

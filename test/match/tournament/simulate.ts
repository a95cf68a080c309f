// Simulated Swiss events, for the figures in docs/tournaments.md ("What
// the order costs"): first-move balance and score groups over random events
// of 4–64 players (or all of one size), default rounds, results 45%
// first-mover wins, 45% second-mover wins, 10% draws.
//   npx tsx test/match/tournament/simulate.ts [events=200] [players]
import { makeRng } from '../../../src/engine/rng.js';
import { defaultSwissRounds, pairSwissRound, type GameRecord } from '../../../src/match/tournament/index.js';
import { ids } from './helpers.js';

export interface Figures {
  events: number;
  players: number;
  /** Largest |first moves − second moves| of anyone at any time. */
  maxDifference: number;
  /** Players who at some point had the same role three games running, or a difference of 3. */
  brokeAbsolute: number;
  /** Players whose difference was 2 at some point. */
  reachedTwo: number;
  /** Players who finished within one. */
  finishedWithinOne: number;
  games: number;
  sameScore: number;
  moreThanAPointApart: number;
}

export function simulate(events: number, size?: number): Figures {
  const f: Figures = {
    events,
    players: 0,
    maxDifference: 0,
    brokeAbsolute: 0,
    reachedTwo: 0,
    finishedWithinOne: 0,
    games: 0,
    sameScore: 0,
    moreThanAPointApart: 0,
  };
  for (let ev = 0; ev < events; ev++) {
    const rng = makeRng(1000 + ev);
    const drawn = 4 + Math.floor(rng() * 61);
    const n = size ?? drawn;
    const players = ids(n);
    const history: GameRecord[] = [];
    const points = new Map(players.map((p) => [p, 0]));
    const roles = new Map(players.map((p) => [p, [] as number[]]));
    const two = new Set<string>();
    const three = new Set<string>();
    for (let round = 1; round <= defaultSwissRounds(n); round++) {
      for (const g of pairSwissRound({ players, history, round, rounds: defaultSwissRounds(n) }).games) {
        if (g.second === null) {
          history.push(g);
          points.set(g.first, points.get(g.first)! + 1);
          continue;
        }
        const gap = Math.abs(points.get(g.first)! - points.get(g.second)!);
        f.games++;
        if (gap === 0) f.sameScore++;
        if (gap > 1) f.moreThanAPointApart++;
        const x = rng();
        const result = x < 0.45 ? 'first' : x < 0.9 ? 'second' : 'draw';
        history.push({ ...g, result });
        points.set(g.first, points.get(g.first)! + (result === 'first' ? 1 : result === 'draw' ? 0.5 : 0));
        points.set(g.second, points.get(g.second)! + (result === 'second' ? 1 : result === 'draw' ? 0.5 : 0));
        roles.get(g.first)!.push(1);
        roles.get(g.second)!.push(-1);
      }
      for (const [p, r] of roles) {
        const d = Math.abs(r.reduce((a, b) => a + b, 0));
        f.maxDifference = Math.max(f.maxDifference, d);
        if (d >= 2) two.add(p);
        if (d >= 3) three.add(p);
        for (let k = 2; k < r.length; k++) if (r[k] === r[k - 1] && r[k] === r[k - 2]) three.add(p);
      }
    }
    f.players += n;
    f.reachedTwo += two.size;
    f.brokeAbsolute += three.size;
    for (const r of roles.values()) if (Math.abs(r.reduce((a, b) => a + b, 0)) <= 1) f.finishedWithinOne++;
  }
  return f;
}

if (process.argv[1]?.endsWith('simulate.ts')) {
  const f = simulate(Number(process.argv[2] ?? 200), process.argv[3] ? Number(process.argv[3]) : undefined);
  const pct = (x: number, of: number) => `${((100 * x) / of).toFixed(2)}%`;
  console.log(f);
  console.log(
    `finished within one ${pct(f.finishedWithinOne, f.players)}, reached two ${pct(f.reachedTwo, f.players)}, ` +
      `broke an absolute rule ${pct(f.brokeAbsolute, f.players)}, ` +
      `same score ${pct(f.sameScore, f.games)}, more than a point apart ${pct(f.moreThanAPointApart, f.games)}`,
  );
}

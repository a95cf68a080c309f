// Round robin by the Berger tables (FIDE C.05 Annex 1), computed rather than
// looked up, so any number of players works.
//
// Players are numbered 1..N in the order given (N = n, or n + 1 with an odd
// number of players, number N then being the bye). In round r (1..N-1):
// - players i < j < N meet when i + j ≡ r + 1 (mod N - 1); the smaller number
//   moves first when i + j is odd, the larger when it is even;
// - player N meets the i < N with 2i ≡ r + 1 (mod N - 1); i moves first when
//   i ≤ N/2, player N otherwise.
// Boards come in the tables' order: board 1 is player N's game, and a pair's
// board follows the players' places on the rotating circle.
// Every pair meets exactly once; with N players every player moves first in
// N/2 or N/2 - 1 of their N - 1 games; with an odd number of players (N - 1
// real ones) every player sits out exactly one round and moves first in
// exactly half of their games.
import { makeRng, randInt } from '../../engine/rng.js';
import { checkPlayers } from './history.js';
import { TournamentError, type GameRecord, type PlayerId, type Round } from './types.js';

const mod = (a: number, m: number) => ((a % m) + m) % m;

/** The whole schedule, round 1 first. Byes (odd n) come with result null: the caller awards them. */
export function roundRobinSchedule(players: readonly PlayerId[]): Round[] {
  checkPlayers(players);
  const n = players.length;
  if (n < 2) throw new TournamentError('invalid-input', 'a round robin needs at least 2 players');
  const N = n % 2 === 0 ? n : n + 1;
  const at = (berger: number): PlayerId | null => (berger <= n ? players[berger - 1] : null);
  const rounds: Round[] = [];
  for (let r = 1; r <= N - 1; r++) {
    const target = mod(r + 1, N - 1);
    // Place on the circle in round r (0 = board 1, facing player N).
    const place = (x: number) => mod(x - 1 - (r - 1) * (N / 2), N - 1);
    const games: { board: number; rec: GameRecord }[] = [];
    let bye: GameRecord | null = null;
    // Player N's opponent: 2i ≡ r + 1 (mod N - 1), i in 1..N-1.
    let i = 1;
    while (mod(2 * i, N - 1) !== target) i++;
    const top = at(N);
    if (top === null) bye = { round: r, first: at(i)!, second: null, result: null };
    else if (i <= N / 2) games.push({ board: -1, rec: { round: r, first: at(i)!, second: top, result: null } });
    else games.push({ board: -1, rec: { round: r, first: top, second: at(i)!, result: null } });
    for (let a = 1; a < N; a++) {
      for (let b = a + 1; b < N; b++) {
        if (mod(a + b, N - 1) !== target) continue;
        const [f, s] = (a + b) % 2 === 1 ? [a, b] : [b, a];
        games.push({
          board: Math.min(place(a), place(b)),
          rec: { round: r, first: at(f)!, second: at(s)!, result: null },
        });
      }
    }
    games.sort((x, y) => x.board - y.board);
    rounds.push({ round: r, games: [...games.map((g) => g.rec), ...(bye ? [bye] : [])] });
  }
  return rounds;
}

/** The players in an order drawn by lot from `seed` (Berger numbers by lot); the same seed gives the same order. */
export function drawLots(players: readonly PlayerId[], seed: string | number): PlayerId[] {
  checkPlayers(players);
  const rng = makeRng(seed);
  const out = [...players];
  for (let k = out.length - 1; k > 0; k--) {
    const j = randInt(rng, k + 1);
    [out[k], out[j]] = [out[j], out[k]];
  }
  return out;
}

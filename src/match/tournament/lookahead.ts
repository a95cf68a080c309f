// One round of look-ahead for first moves (Swiss). A pair in which neither
// player needs a colour (both have moved first as often as second, and not
// twice running the same way) may take either orientation: both end the round
// at a difference of one whichever way. That choice decides who will need
// which colour next round, and so whether the next round can still be paired
// with every player kept within one. Left to the alternation wishes it can
// fail (8 players: after round 3, three players who have to move second next
// can all have met the only two players left who have to move first).
//
// So, once the round is paired: if the next round (all of this round's games
// played, any results: colours do not depend on them) can be paired without a
// repeat and without two players needing the same colour meeting, nothing
// changes. Otherwise a pairing of the next round is sought in which the free
// pairs' players count as "either" (a matching), and the free pairs are then
// oriented to fit it: each free pair and each pair of that pairing between
// two players who will need a colour must get opposite needs, a 2-colouring
// of paths and even cycles (only a path between two players whose need is
// already fixed can conflict; a few other pairings are tried then). Where
// nothing fixes a part, the orientation the wishes gave is kept as far as it
// goes. When no player's need is fixed before the choice — every player even,
// as before each odd round of an event with an even number of players and no
// forfeits — it always succeeds if the next round can be paired at all.
import { preference, type Colour } from './colour.js';
import { matchedPairs, maxWeightMatching } from './matching.js';
import type { PlayerId } from './types.js';

export interface LookaheadPlayer {
  id: PlayerId;
  colours: readonly Colour[];
  opponents: ReadonlySet<PlayerId>;
  hadBye: boolean;
}

/** +1: will need to move second next round; −1: first; 0: free either way. */
type Need = -1 | 0 | 1;

const needOf = (colours: readonly Colour[]): Need => {
  const p = preference(colours);
  if (p.strength < 2) return 0;
  return p.colour === 'second' ? 1 : -1;
};

/**
 * The pairs (each [moves first, moves second]) with the free ones oriented
 * so that the next round can be paired within one, when that is possible
 * and the given orientation does not already allow it.
 */
export function orientForNextRound<P extends LookaheadPlayer>(
  active: readonly P[],
  bye: P | null,
  pairs: readonly [P, P][],
): [P, P][] {
  const out = pairs.map(([a, b]) => [a, b] as [P, P]);
  const free = out.map(([a, b]) => preference(a.colours).strength <= 1 && preference(b.colours).strength <= 1);
  if (!free.includes(true)) return out;
  const n = active.length;
  const at = new Map(active.map((p, i) => [p, i]));
  const partner = new Array<number>(n).fill(-1);
  for (const [a, b] of out) {
    partner[at.get(a)!] = at.get(b)!;
    partner[at.get(b)!] = at.get(a)!;
  }
  const met = (i: number, j: number) => partner[i] === j || active[i].opponents.has(active[j].id);
  /** Needs after this round with these orientations; free pairs as 0 when `wild`. */
  const needs = (wild: boolean): Need[] => {
    const w = new Array<Need>(n).fill(0);
    if (bye) w[at.get(bye)!] = needOf(bye.colours);
    out.forEach(([f, s], k) => {
      if (wild && free[k]) return;
      w[at.get(f)!] = needOf([...f.colours, 'first']);
      w[at.get(s)!] = needOf([...s.colours, 'second']);
    });
    return w;
  };
  // Who may sit out next round (when the count is odd): anyone without a bye yet.
  const sitOut: (number | null)[] = n % 2 === 0 ? [null] : active.flatMap((p, i) => (p.hadBye || p === bye ? [] : [i]));
  /** A perfect matching of everyone but `skip` with no repeat and no two equal needs, or null. */
  const pairing = (
    w: readonly Need[],
    skip: number | null,
    penalty: ReadonlyMap<number, number>,
  ): [number, number][] | null => {
    const ids = active.map((_, i) => i).filter((i) => i !== skip);
    const edges: [number, number, number][] = [];
    for (let x = 0; x < ids.length; x++) {
      for (let y = x + 1; y < ids.length; y++) {
        const [i, j] = [ids[x], ids[y]];
        if (met(i, j) || (w[i] !== 0 && w[i] === w[j])) continue;
        edges.push([x, y, 8 - (penalty.get(i * n + j) ?? 0)]);
      }
    }
    const mate = maxWeightMatching(ids.length, edges, true);
    return mate.every((m) => m >= 0) ? matchedPairs(mate).map(([x, y]) => [ids[x], ids[y]]) : null;
  };
  if (sitOut.some((s) => pairing(needs(false), s, new Map()) !== null)) return out;

  const fixed = needs(true);
  for (const skip of sitOut) {
    const penalty = new Map<number, number>();
    for (let attempt = 0; attempt < 4; attempt++) {
      const next = pairing(fixed, skip, penalty);
      if (!next) break; // even with the free players as "either", the next round cannot be kept within one
      const sign = colourToFit(n, out, free, at, fixed, next);
      if (sign.ok) {
        out.forEach(([f, s], k) => {
          // f moves first now iff it then needs second (+1).
          if (free[k] && sign.need[at.get(f)!] === -1) out[k] = [s, f];
        });
        return out;
      }
      for (const [i, j] of sign.conflict) {
        const key = Math.min(i, j) * n + Math.max(i, j);
        penalty.set(key, Math.min(7, (penalty.get(key) ?? 0) + 3));
      }
    }
  }
  return out;
}

/**
 * Needs for the players of free pairs such that every free pair gets
 * opposite ones and so does every pair of `next` between two players with a
 * need; fixed needs stay. Parts fixed by nothing keep the wishes' orientation
 * (the first player of each pair moving first). On failure, the pairs of
 * `next` on the conflicting path.
 */
function colourToFit<P>(
  n: number,
  pairs: readonly [P, P][],
  free: readonly boolean[],
  at: ReadonlyMap<P, number>,
  fixed: readonly Need[],
  next: readonly [number, number][],
): { ok: true; need: Need[] } | { ok: false; conflict: [number, number][] } {
  const freeMate = new Array<number>(n).fill(-1);
  pairs.forEach(([f, s], k) => {
    if (!free[k]) return;
    freeMate[at.get(f)!] = at.get(s)!;
    freeMate[at.get(s)!] = at.get(f)!;
  });
  const isFree = (i: number) => freeMate[i] >= 0;
  const nextMate = new Array<number>(n).fill(-1);
  for (const [i, j] of next) {
    nextMate[i] = j;
    nextMate[j] = i;
  }
  const need = [...fixed];
  const seen = new Array<boolean>(n).fill(false);
  // Linked: the free mate, and the next mate when both will have a need.
  const links = (i: number): number[] => {
    const out: number[] = [];
    if (isFree(i)) out.push(freeMate[i]);
    const j = nextMate[i];
    if (j >= 0 && (isFree(j) || fixed[j] !== 0) && (isFree(i) || fixed[i] !== 0)) out.push(j);
    return out;
  };
  /** Walks a part from `start` with need `v`; the next-round pairs it used; a conflict stops it. */
  const walk = (start: number, v: Need): { ok: boolean; used: [number, number][] } => {
    const used: [number, number][] = [];
    const stack: [number, Need][] = [[start, v]];
    while (stack.length) {
      const [i, w] = stack.pop()!;
      if (seen[i]) {
        if (need[i] !== w) return { ok: false, used };
        continue;
      }
      if (!isFree(i) && fixed[i] !== w) return { ok: false, used };
      seen[i] = true;
      need[i] = w;
      for (const j of links(i)) {
        if (nextMate[i] === j) used.push([i, j]);
        stack.push([j, (w === 1 ? -1 : 1) as Need]);
      }
    }
    return { ok: true, used };
  };
  // Parts with a fixed need first: they decide their free players.
  for (let i = 0; i < n; i++) {
    if (seen[i] || isFree(i) || fixed[i] === 0 || !links(i).length) continue;
    const r = walk(i, fixed[i]);
    if (!r.ok) return { ok: false, conflict: r.used };
  }
  // The rest: each free pair as the wishes oriented it (its first player moving first, needing second).
  pairs.forEach(([f], k) => {
    const i = at.get(f)!;
    if (free[k] && !seen[i]) walk(i, 1);
  });
  return { ok: true, need };
}

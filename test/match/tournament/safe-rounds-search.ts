// Exhaustive search behind safeSwissRounds (src/match/tournament/swiss.ts):
// with n players, can every legal history of R − 1 rounds (no pair twice, at
// most one bye each, everyone else paired) be followed by a legal round R?
// Pairing and results do not matter, only who has met and who had a bye.
//
// Symmetry: round 1 is fixed (1–2, 3–4, …, bye to the last when n is odd);
// the states after round 2 are reduced under the relabellings that keep
// round 1 (swap the pairs, swap within a pair); later states are deduplicated
// as labelled sets of played pairs and byes (rounds commute).
//
// The test runs it up to 8 players; larger ones from the shell, e.g.
//   npx tsx test/match/tournament/safe-rounds-search.ts 9 5   (≈ 5 s: 0 dead ends)
//   npx tsx test/match/tournament/safe-rounds-search.ts 9 6   (≈ 30 s: dead ends)

export interface SearchResult {
  /** Histories of R − 1 rounds (states, after symmetry and deduplication) examined. */
  states: number;
  /** How many of them (or of their prefixes) have no legal next round. */
  deadEnds: number;
}

export function searchDeadEnds(n: number, R: number): SearchResult {
  if (n < 2 || n > 10) throw new RangeError('2 to 10 players');
  if (R < 2) return { states: 1, deadEnds: 0 };
  const idx: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(-1));
  const list: [number, number][] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      idx[i][j] = idx[j][i] = list.length;
      list.push([i, j]);
    }
  const bit = (k: number) => 2 ** k;
  const has = (edges: number, k: number) => Math.floor(edges / bit(k)) % 2 === 1;
  type State = [edges: number, byes: number];

  // Every legal round from a state: [bye or −1, pair indices].
  function* rounds([edges, byes]: State): Generator<[number, number[]]> {
    const all = (1 << n) - 1;
    const candidates = n % 2 ? [...Array(n).keys()].filter((p) => !(byes & (1 << p))) : [-1];
    for (const b of candidates) {
      const acc: number[] = [];
      function* rec(free: number): Generator<number[]> {
        if (free === 0) {
          yield acc.slice();
          return;
        }
        const a = 31 - Math.clz32(free & -free);
        const rest = free & ~(1 << a);
        for (let c = a + 1; c < n; c++) {
          if (!(rest & (1 << c)) || has(edges, idx[a][c])) continue;
          acc.push(idx[a][c]);
          yield* rec(rest & ~(1 << c));
          acc.pop();
        }
      }
      for (const m of rec(b >= 0 ? all & ~(1 << b) : all)) yield [b, m];
    }
  }
  const play = ([edges, byes]: State, [b, m]: [number, number[]]): State => [
    m.reduce((e, k) => e + bit(k), edges),
    b >= 0 ? byes | (1 << b) : byes,
  ];
  const key = ([e, b]: State) => `${e}:${b}`;

  const pairsInRound1 = Math.floor(n / 2);
  let first: State = [0, n % 2 ? 1 << (n - 1) : 0];
  for (let i = 0; i < pairsInRound1; i++) first = [first[0] + bit(idx[2 * i][2 * i + 1]), first[1]];

  // Relabellings that keep round 1.
  const permutations = (k: number): number[][] =>
    k === 0
      ? [[]]
      : permutations(k - 1).flatMap((p) =>
          Array.from({ length: k }, (_, i) => [...p.slice(0, i), k - 1, ...p.slice(i)]),
        );
  const relabel: number[][] = [];
  for (const order of permutations(pairsInRound1)) {
    for (let s = 0; s < 1 << pairsInRound1; s++) {
      const p = new Array<number>(n);
      order.forEach((q, i) => {
        const swap = (s >> i) & 1;
        p[2 * i] = 2 * q + swap;
        p[2 * i + 1] = 2 * q + 1 - swap;
      });
      if (n % 2) p[n - 1] = n - 1;
      relabel.push(p);
    }
  }
  const canonical = ([edges, byes]: State): string => {
    let best: [number, number] | null = null;
    for (const p of relabel) {
      let e = 0;
      let b = 0;
      list.forEach(([i, j], k) => {
        if (has(edges, k)) e += bit(idx[p[i]][p[j]]);
      });
      for (let i = 0; i < n; i++) if (byes & (1 << i)) b |= 1 << p[i];
      if (best === null || e < best[0] || (e === best[0] && b < best[1])) best = [e, b];
    }
    return key(best!);
  };

  let deadEnds = 0;
  let frontier: State[] = [first];
  for (let depth = 1; depth < R; depth++) {
    const next = new Map<string, State>();
    for (const s of frontier) {
      let any = false;
      for (const r of rounds(s)) {
        any = true;
        if (depth === R - 1) break; // only asked whether round R exists
        const t = play(s, r);
        const k = depth === 1 ? canonical(t) : key(t);
        if (!next.has(k)) next.set(k, t);
      }
      if (!any) deadEnds++;
    }
    if (depth === R - 1) return { states: frontier.length, deadEnds };
    frontier = [...next.values()];
  }
  return { states: frontier.length, deadEnds };
}

if (process.argv[1]?.endsWith('safe-rounds-search.ts')) {
  const [n, R] = process.argv.slice(2).map(Number);
  const t = Date.now();
  const r = searchDeadEnds(n, R);
  console.log(
    `${n} players, round ${R}: ${r.states} states after round ${R - 1}, ${r.deadEnds} dead ends (${Date.now() - t} ms)`,
  );
}

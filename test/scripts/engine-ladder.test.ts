// The engine tool's ladder (scripts/engine-ladder.ts), in-process, with the cheap players only.
import { describe, expect, it } from 'vitest';
import { runEngineCli } from '../../scripts/lib/engine-cli.js';

async function engine(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runEngineCli(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

const ladder = (...extra: string[]) =>
  engine('ladder', 'orion', '--players', 'random,greedy', '--games', '2', '--seed', '2', '--workers', '1', ...extra);
/** The plain ladder, played once for the file (each run plays every game again). */
let plain: ReturnType<typeof ladder> | undefined;
const plainLadder = () => (plain ??= ladder());

describe('engine tool, ladder', () => {
  it('plays every pairing, prints its W/D/L as the match would, and rates the players', async () => {
    const r = await plainLadder();
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('ladder: orion (preset1), players random, greedy, 2 games per pairing, seed 2, workers 1');
    const pairing = lines.find((l) => /^ {2}random +vs +greedy +W \d+ +D \d+ +L \d+$/.test(l));
    expect(pairing).toBeDefined();
    // The same pairing alone, as a match with the same seed: the same games.
    const m = await engine(
      'match',
      'orion',
      '--a',
      'random',
      '--b',
      'greedy',
      '--games',
      '2',
      '--seed',
      '2',
      '--workers',
      '1',
    );
    const [w, d, l] = pairing!.match(/W (\d+) +D (\d+) +L (\d+)/)!.slice(1);
    expect(m.stdout).toContain(`a random: W ${w}  D ${d}  L ${l}`);
    // Ratings, the anchor (the first player: no reference plays) at 0, the other with an interval around its rating.
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}random +\+0 +anchor +score [\d.]+% of 2 games$/));
    const rated = lines.find((l) => l.startsWith('  greedy '))!;
    const [elo, lo, hi] = rated
      .match(/([+-]\d+) +\[([+-]\d+), ([+-]\d+)\]/)!
      .slice(1)
      .map(Number);
    expect(lo).toBeLessThan(elo);
    expect(hi).toBeGreaterThan(elo);
  });

  it('is reproducible from its seed, and anchors the player asked for', async () => {
    // Played again (anchored elsewhere): the same games, the same ratings a constant apart.
    const anchored = await ladder('--anchor', 'greedy');
    const plainOut = (await plainLadder()).stdout;
    const pairings = (s: string) => s.split('\n').filter((l) => / vs /.test(l));
    expect(pairings(anchored.stdout)).toEqual(pairings(plainOut));
    expect(pairings(plainOut)).toHaveLength(1);
    expect(anchored.stdout).toMatch(/^ {2}greedy +\+0 +anchor/m);
    const elo = (s: string, who: string) => Number(new RegExp(`^ {2}${who} +([+-]\\d+)`, 'm').exec(s)![1]);
    expect(elo(anchored.stdout, 'random')).toBe(-elo(plainOut, 'greedy'));
  });

  it('refuses a bad field with status 2 and the usage', async () => {
    for (const args of [
      ['--players', 'random'],
      ['--players', 'random,random'],
      ['--players', 'random,grandmaster'],
      ['--players', 'random,greedy', '--anchor', 'hard'],
    ]) {
      const r = await engine('ladder', 'orion', '--games', '1', '--workers', '1', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/engine ladder/);
    }
  });
});

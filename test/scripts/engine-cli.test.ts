// The engine tool's contract (scripts/engine.ts): run in-process through
// runEngineCli, and once as other tools run it, a child process, for its exit status.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runEngineCli } from '../../scripts/lib/engine-cli.js';

async function engine(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runEngineCli(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

describe('engine tool, as a process', () => {
  it('exits with status 2 on an illegal move, the refusal on stderr and nothing on stdout', async () => {
    const r = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/engine.ts', 'show', 'exxit', '--moves', 'P 0,0; P 1,0; P 1,-1'],
      { cwd: process.cwd() },
    ).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^move 3 "P 1,-1": EX-11a: /);
  });
});

describe('engine tool', () => {
  it('lists the legal moves of the Exxit worked opening, sorted', async () => {
    const r = await engine('legal', 'exxit');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(['P 0,0', 'P 0,1', 'P 1,-1', 'P 1,0']);
    const after = await engine('legal', 'exxit', '--moves', 'P 0,0; p 1,0');
    expect(after.stdout.trim().split('\n')).toEqual(['D 0,0 E']);
  });

  it('shows the position reached as one JSON object', async () => {
    const r = await engine('show', 'exxit', '--moves', 'P 0,0; P 1,0; D 0,0 E; P 1,-1; D 1,0 NW');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ toMove: 'black', ply: 5, over: false, winner: null, draw: false, stock: 35 });
    expect(s.reserves).toEqual({ red: 7, black: 6 });
    expect(s.cells['1,-1']).toEqual({ kind: 'tile', label: 'C', color: 'black', stack: ['black', 'black'] });
    expect(s.cells['1,-2']).toEqual({ kind: 'prisoner', label: 'X1', stack: ['red'] });
    expect(Object.keys(s.cells)).toHaveLength(5);
    const o = JSON.parse((await engine('show', 'orion', '--setup', 'preset2')).stdout);
    expect(o).toMatchObject({ toMove: 'orange', ply: 0, over: false, vc: { orange: 0, blue: 0 } });
  });

  it('counts the Orion preset-1 opening placements', async () => {
    const r = await engine('legal', 'orion');
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1220);
    expect([...lines].sort()).toEqual(lines);
  });

  it('refuses an illegal move with status 2, naming the move and the rule, and prints no position', async () => {
    const r = await engine('show', 'exxit', '--moves', 'P 0,0; P 1,0; P 1,-1');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^move 3 "P 1,-1": EX-11a: /);
    const bad = await engine('legal', 'orion', '--moves', 'S1 K2; banana');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^move 2 "banana": OD-22: /);
  });

  it('refuses bad arguments with status 2 and the usage', async () => {
    const cases = [
      ['legal', 'chess'],
      ['playout', 'exxit', '--games', 'x', '--seed', '1'],
      ['nope'],
      ['show', 'orion', '--setup', 'preset9'],
    ];
    const results = await Promise.all(cases.map((args) => engine(...args)));
    results.forEach((r, i) => {
      expect(r.code, cases[i].join(' ')).toBe(2);
      expect(r.stderr.length).toBeGreaterThan(0);
    });
  });

  it('plays seeded random games and reports figures reproducibly', async () => {
    const a = await engine('playout', 'orion', '--games', '5', '--seed', '7');
    const b = await engine('playout', 'orion', '--games', '5', '--seed', '7');
    expect(a.code).toBe(0);
    const field = (out: string, k: string) => out.split('\n').find((l) => l.startsWith(`${k}:`));
    expect(field(a.stdout, 'games')).toBe('games: 5');
    expect(field(a.stdout, 'plies')).toBe(field(b.stdout, 'plies'));
    expect(field(a.stdout, 'results')).toBe(field(b.stdout, 'results'));
    expect(field(a.stdout, 'plies/s')).toMatch(/^plies\/s: \d+$/);
  });
});

describe('engine tool, match', () => {
  it('plays a seeded match between two random players and reports it through the same output', async () => {
    const a = await engine(
      'match',
      'orion',
      '--a',
      'random',
      '--b',
      'random',
      '--games',
      '2',
      '--seed',
      '3',
      '--workers',
      '1',
    );
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/^match: orion \(preset1\), a = random, b = random, games 2, seed 3, workers 1\n/);
    const b = await engine(
      'match',
      'orion',
      '--a',
      'random',
      '--b',
      'random',
      '--games',
      '2',
      '--seed',
      '3',
      '--workers',
      '1',
    );
    const results = (out: string) => out.split('\n').filter((l) => /^(a|b) random:|^average plies|^endings/.test(l));
    expect(results(a.stdout)).toHaveLength(4);
    expect(results(b.stdout)).toEqual(results(a.stdout));
    expect(
      (await engine('match', 'orion', '--a', 'grandmaster', '--b', 'random', '--games', '1', '--seed', '1')).code,
    ).toBe(2);
  });
});

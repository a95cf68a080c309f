// The render tool (scripts/render.ts): output files, exit codes, nothing
// written on error. Run in-process through runRenderCli, and once as a child
// process for its exit status.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRenderCli } from '../../scripts/lib/render-cli.js';
import { BOARD_SIZE } from '../../src/render/index.js';
import { CHART_WIDTH } from '../../src/render/review.js';
import { parseGif } from './gif.js';
import { decodePng } from './pixels.js';

async function run(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await runRenderCli(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { status, stdout, stderr };
}

describe('render tool', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexmate-render-'));

  it('writes the board PNG and the replay GIF', async () => {
    const png = path.join(dir, 'b.png');
    const gif = path.join(dir, 'r.gif');
    const r = await run(['exxit', '--moves', 'P 0,0; P 1,0; D 0,0 E', '--out', png, '--gif', gif]);
    expect(r.status).toBe(0);
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    expect(parseGif(readFileSync(gif)).frames).toHaveLength(4);
    expect(r.stdout).toContain(`${gif}: `);
  });

  it('refuses a bad move with the rule on stderr, exit 2, and writes nothing (as a process)', () => {
    const png = path.join(dir, 'bad.png');
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/render.ts', 'exxit', '--moves', 'P 0,0; D 0,0 W', '--out', png],
      {
        encoding: 'utf8',
        cwd: path.resolve(import.meta.dirname, '../..'),
      },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^move 2 "D 0,0 W": EX-\d+[a-z]?: /);
    expect(existsSync(png)).toBe(false);
  });

  it('refuses a bad setup or arguments with the usage, exit 2', async () => {
    for (const args of [
      ['orion', '--setup', 'preset9', '--out', path.join(dir, 'x.png')],
      ['chess', '--out', 'x.png'],
      ['orion'],
      ['orion', '--bogus', '1'],
    ]) {
      const r = await run(args);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('usage:');
    }
    expect(existsSync(path.join(dir, 'x.png'))).toBe(false);
  });

  it('draws the review pictures: a chart from chances and marks, a move comparison at a ply', async () => {
    const chart = path.join(dir, 'chart.png');
    const compare = path.join(dir, 'move.png');
    const moves = 'P 0,0; P 1,0; D 0,0 E; P 1,-1';
    const r = await run(
      ['exxit', '--moves', moves, '--chances', '50,52,47,60,41', '--marks', '2:blunder', '--chart', chart].concat([
        '--at',
        '3',
        '--played',
        'P 1,-1',
        '--better',
        'P 0,1',
        '--grade',
        'mistake',
        '--compare',
        compare,
      ]),
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect((await decodePng(readFileSync(chart))).width).toBe(CHART_WIDTH);
    expect((await decodePng(readFileSync(compare))).width).toBe(BOARD_SIZE.exxit.width);
  });

  it('refuses an illegal --played with the reason, exit 2, and writes nothing', async () => {
    const chart = path.join(dir, 'no-chart.png');
    const compare = path.join(dir, 'no-move.png');
    const r = await run(
      ['exxit', '--moves', 'P 0,0; P 1,0', '--chances', '50,50,50', '--chart', chart, '--played', 'D Z NW'].concat([
        '--compare',
        compare,
      ]),
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/played move "D Z NW" is not legal here: EX-23/);
    expect(existsSync(chart)).toBe(false);
    expect(existsSync(compare)).toBe(false);
    const bad = await run(['exxit', '--moves', 'P 0,0', '--chances', '50,50,50', '--chart', chart]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/2 numbers for 1 moves/);
  });
});

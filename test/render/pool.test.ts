// The render pool (src/render/pool.ts): images drawn in worker threads are the
// very bytes the in-process renderer makes, renderer errors come back as
// rejections with the renderer's message, a board is not held up behind a
// long film, and a worker that dies is replaced.
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { renderBoard, renderReplay } from '../../src/render/index.js';
import {
  closeRenderPool,
  configureRenderPool,
  RenderPool,
  renderBoardPooled,
  renderReplayPooled,
  renderPoolWorkers,
  renderStandingsPooled,
  warmRenderPool,
} from '../../src/render/pool.js';
import { renderStandings, type StandingsTable } from '../../src/render/standings.js';
import { exxitState, orionState, randomGame } from './fixtures.js';
import { parseGif } from './gif.js';

const OPENING = ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW'];
const PLAYERS: [string, string] = ['Alice', 'Bob'];

afterAll(async () => {
  await closeRenderPool();
});

describe('render pool', () => {
  it('draws a board byte-identical to renderBoard in-process (both games)', async () => {
    const cases = [
      ['exxit', exxitState({})],
      ['orion', orionState()],
      ['exxit', getGame('exxit').initial('standard')],
    ] as const;
    for (const [game, st] of cases) {
      const state = 'ok' in st ? (st.ok ? st.value : null) : st;
      const [pooled, local] = await Promise.all([
        renderBoardPooled(game, state, { players: PLAYERS }),
        renderBoard(game, state, { players: PLAYERS }),
      ]);
      expect(Buffer.isBuffer(pooled)).toBe(true);
      expect(pooled.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(pooled.equals(local)).toBe(true);
    }
  });

  it('draws a standings table byte-identical to renderStandings in-process (off the main thread)', async () => {
    const names = ['Ada', 'Bo 🐉', '王小明', 'A name far too long for its column, cut'];
    const table: StandingsTable = {
      title: 'Winter Swiss',
      columns: [
        { label: '#', align: 'right' },
        { label: 'Player', align: 'left', flex: true },
        { label: 'Pts', align: 'right' },
      ],
      rows: names.map((n, i) => ({ cells: [String(i + 1), n, '1½'], mark: i === 0 })),
      grid: {
        title: 'Crosstable',
        rowLabels: names,
        colLabels: names.map((_, i) => String(i + 1)),
        cells: names.map((_, i) => names.map((__, j) => (i === j ? '' : '½'))),
      },
    };
    const [pooled, local] = await Promise.all([renderStandingsPooled(table), renderStandings(table)]);
    expect(pooled.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pooled.equals(local)).toBe(true);
  });

  it('draws a replay byte-identical to renderReplay in-process', async () => {
    for (const [game, setup, moves] of [
      ['exxit', 'standard', OPENING],
      ['orion', 'random:3', randomGame('orion', 'random:3', 3).slice(0, 12)],
    ] as const) {
      const pooled = await renderReplayPooled(game, setup, [...moves], { players: PLAYERS });
      const local = await renderReplay(game, setup, [...moves], { players: PLAYERS });
      expect(pooled.equals(local)).toBe(true);
      expect(parseGif(pooled).frames).toHaveLength(moves.length + 1);
    }
  });

  it("rejects a bad move in a replay with the renderer's rule error", async () => {
    await expect(renderReplayPooled('exxit', 'standard', ['P 0,0', 'D 0,0 W'])).rejects.toThrow(
      /^move 2 "D 0,0 W": EX-/,
    );
    await expect(renderReplayPooled('orion', 'nope', [])).rejects.toThrow(/setup/);
    await expect(renderBoardPooled('nope', {})).rejects.toThrow(/unknown game "nope"/);
    // The pool still works after refusals.
    expect((await renderBoardPooled('orion', orionState())).length).toBeGreaterThan(100);
  });

  it('draws a board asked for during a long replay before the replay ends', async () => {
    // 80 plies: a film of hundreds of ms of canvas work even on a warm worker, far longer than one board.
    const moves = randomGame('exxit', 'standard', 7).slice(0, 80);
    expect(moves).toHaveLength(80);
    const order: string[] = [];
    const film = renderReplayPooled('exxit', 'standard', moves).then((b) => (order.push('replay'), b));
    // Let the film start in its worker first (a short wait: a warm worker draws a frame in a few ms).
    await new Promise((r) => setTimeout(r, 50));
    const board = renderBoardPooled('exxit', exxitState({})).then((b) => (order.push('board'), b));
    const [gif, png] = await Promise.all([film, board]);
    expect(order).toEqual(['board', 'replay']);
    expect(parseGif(gif).frames).toHaveLength(moves.length + 1);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  }, 120_000);

  it('a single worker still answers a board during a film (the film yields between frames)', async () => {
    const pool = new RenderPool({ size: 1 });
    try {
      const moves = randomGame('exxit', 'standard', 7).slice(0, 80);
      const order: string[] = [];
      const film = pool.replay('exxit', 'standard', moves).then(() => order.push('replay'));
      await new Promise((r) => setTimeout(r, 50));
      const board = pool.board('orion', orionState()).then(() => order.push('board'));
      await Promise.all([film, board]);
      expect(order).toEqual(['board', 'replay']);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('replaces a worker that died; its job is rejected, the next one is drawn', async () => {
    const pool = new RenderPool({ size: 1 });
    try {
      const first = await pool.board('orion', orionState());
      const slots = (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots;
      expect(slots).toHaveLength(1);
      const film = pool.replay('exxit', 'standard', randomGame('exxit', 'standard', 7).slice(0, 40));
      await new Promise((r) => setTimeout(r, 200));
      await slots[0].worker.terminate();
      await expect(film).rejects.toThrow(/render worker stopped/);
      const again = await pool.board('orion', orionState());
      expect(again.equals(first)).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('a closed pool draws nothing (the shared functions fall back to in-process)', async () => {
    const pool = new RenderPool({ size: 1 });
    await pool.close();
    await expect(pool.board('orion', orionState())).rejects.toThrow(/not available/);
  });

  it('the shared pool starts the workers configured before its first use (RENDER_WORKERS), else its default', async () => {
    await closeRenderPool();
    try {
      configureRenderPool({ workers: 1 });
      warmRenderPool();
      expect(renderPoolWorkers()).toBe(1);
      // A started pool keeps its size; the next one takes the new setting.
      configureRenderPool({});
      expect(renderPoolWorkers()).toBe(1);
      await closeRenderPool();
      expect(renderPoolWorkers()).toBe(0);
      warmRenderPool();
      expect(renderPoolWorkers()).toBe(Math.min(4, availableParallelism()));
    } finally {
      configureRenderPool({});
      await closeRenderPool();
    }
  });
});

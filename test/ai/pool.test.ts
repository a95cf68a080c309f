import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AiPool, closeAiPool, thinkMove } from '../../src/ai/pool.js';
import { getGame } from '../../src/engine/index.js';
import { must } from './fixtures/games.js';

const FIXTURE = new URL('./fixtures/crashy-worker.ts', import.meta.url);

afterAll(async () => {
  await closeAiPool();
});

describe('thinkMove (shared pool, real workers)', () => {
  it('answers a legal canonical move for both games', async () => {
    for (const id of ['exxit', 'orion'] as const) {
      const game = getGame(id);
      const s0 = game.initial();
      if (!s0.ok) throw new Error('setup');
      const text = await thinkMove(id, s0.value, 'easy', 1);
      const parsed = game.parseMove(s0.value, text);
      expect(parsed.ok, text).toBe(true);
      if (parsed.ok) expect(game.formatMove(s0.value, parsed.value)).toBe(text);
    }
  });

  it('survives a JSON round trip of the state (what the store gives it)', async () => {
    const game = getGame('exxit');
    let s = must(game.initial());
    for (const m of ['P 0,0', 'P 1,0']) s = must(game.play(s, must(game.parseMove(s, m))));
    // The only legal move is the dance D 0,0 E (rules file, worked opening).
    expect(await thinkMove('exxit', JSON.parse(JSON.stringify(s)), 'medium', 5)).toBe('D 0,0 E');
  });

  it('rejects bad input without crashing', async () => {
    await expect(thinkMove('chess', {}, 'easy', 1)).rejects.toThrow(/unknown game/);
    await expect(thinkMove('orion', {}, 'easy', 1)).rejects.toThrow(/invalid orion state/);
    await expect(thinkMove('orion', must(getGame('orion').initial()), 'grandmaster' as never, 1)).rejects.toThrow(
      /unknown level/,
    );
    await expect(thinkMove('orion', must(getGame('orion').initial()), 'easy', Number.NaN)).rejects.toThrow(/seed/);
    await expect(thinkMove('exxit', { toString: () => 1, f: () => 1 }, 'easy', 1)).rejects.toThrow();
    // And still works afterwards.
    const s = must(getGame('orion').initial());
    expect(getGame('orion').parseMove(s, await thinkMove('orion', s, 'easy', 2)).ok).toBe(true);
  });

  it('refuses a finished game', async () => {
    const game = getGame('orion');
    let s = must(game.initial('preset1'));
    const moves =
      'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE';
    for (const m of moves.split(';')) s = must(game.play(s, must(game.parseMove(s, m))));
    expect(game.outcome(s).over).toBe(true);
    await expect(thinkMove('orion', s, 'easy', 1)).rejects.toThrow(/over/);
  });
});

describe('thinkMove under tsx (as the scripts, the bench and a tsx run of src/index.ts use it)', () => {
  it('starts its worker from TypeScript sources and answers before the process exits', () => {
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const script = fileURLToPath(new URL('./fixtures/think-script.ts', import.meta.url));
    // Without npm test's HEXMATE_COMPILED_WORKERS, which would boot the worker from dist/ (src/ai/worker-boot.mjs).
    const { HEXMATE_COMPILED_WORKERS: _, ...env } = process.env;
    const r = spawnSync(tsx, [script], { encoding: 'utf8', timeout: 60_000, env });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^move [A-Z][0-9] \S+/);
    const game = getGame('orion');
    const s = must(game.initial('preset2'));
    expect(game.parseMove(s, r.stdout.trim().slice(5)).ok).toBe(true);
  });
});

describe('AiPool (fixture worker)', () => {
  it('replaces a crashed worker and rejects only the job it held', async () => {
    const pool = new AiPool({ size: 1, entry: FIXTURE });
    try {
      await expect(pool.think('exxit', { crash: true }, 'easy', 1)).rejects.toThrow(/crashed|stopped/);
      expect(await pool.think('exxit', { echo: 'ok' }, 'easy', 1)).toMatchObject({ move: 'ok' });
    } finally {
      await pool.close();
    }
  });

  it('times out a stuck worker, then serves the queue with a fresh one', async () => {
    const pool = new AiPool({ size: 1, entry: FIXTURE, graceMs: 0 });
    try {
      // The fixture's 'hang' never answers; easy's time cap (ms) is the whole allowance.
      const stuck = pool.think('exxit', { hang: true }, 'easy', 1);
      const next = pool.think('exxit', { echo: 'after' }, 'easy', 1);
      await expect(stuck).rejects.toThrow(/did not answer/);
      expect(await next).toMatchObject({ move: 'after' });
    } finally {
      await pool.close();
    }
  });

  it('runs queued jobs on up to `size` workers and answers each one', async () => {
    const pool = new AiPool({ size: 2, entry: FIXTURE });
    try {
      const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => pool.think('exxit', { echo: `m${i}` }, 'easy', i)));
      expect(answers.map((a) => a.move)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect(pool.workers).toBeLessThanOrEqual(2);
    } finally {
      await pool.close();
    }
  });

  it('refuses work when closed, and surfaces a worker that cannot start', async () => {
    const closed = new AiPool({ size: 1, entry: FIXTURE });
    await closed.close();
    await expect(closed.think('exxit', {}, 'easy', 1)).rejects.toThrow(/closed/);
    const broken = new AiPool({ size: 1, entry: new URL('./fixtures/missing-worker.ts', import.meta.url) });
    try {
      await expect(broken.think('exxit', {}, 'easy', 1)).rejects.toThrow(/cannot start|stopped|crashed/);
    } finally {
      await broken.close();
    }
  });
});

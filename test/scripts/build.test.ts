// scripts/build.mjs: npm start's check decides "build first" or "dist/ is fresh"
// from the files' times, on throw-away project folders (times set explicitly).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildError, STAMP, build, buildState } from '../../scripts/build.mjs';

const T_SOURCES = new Date('2026-01-01T10:00:00Z');
const T_BUILD = new Date('2026-01-01T11:00:00Z');
const T_LATER = new Date('2026-01-01T12:00:00Z');

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function write(root: string, rel: string, when: Date, text = ''): void {
  const p = path.join(root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
  fs.utimesSync(p, when, when);
}

/** A project with sources and a finished build of them, made after them. */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hexmate-build-'));
  roots.push(root);
  for (const f of [
    'tsconfig.json',
    'tsconfig.build.json',
    'src/index.ts',
    'src/ai/pool.ts',
    'src/ai/worker-boot.mjs',
    'src/render/gifenc.d.ts',
    'src/README.md',
  ]) {
    write(root, f, T_SOURCES);
  }
  for (const f of ['dist/index.js', 'dist/ai/pool.js', 'dist/ai/worker-boot.mjs', `dist/${STAMP}`])
    write(root, f, T_BUILD);
  return root;
}

describe('buildState (npm start: build first, or run dist/ as it is)', () => {
  it('fresh: a finished build newer than every source, each source compiled, assets copied', () => {
    expect(buildState({ root: project() })).toEqual({ stale: false, reason: 'dist/ is up to date' });
  });

  it('stale when dist/ does not exist, or has no finished build (stamp)', () => {
    const root = project();
    fs.rmSync(path.join(root, 'dist', STAMP));
    expect(buildState({ root })).toEqual({ stale: true, reason: 'dist/ has no finished build' });
    fs.rmSync(path.join(root, 'dist'), { recursive: true });
    expect(buildState({ root })).toEqual({ stale: true, reason: 'dist/ does not exist yet' });
  });

  it('stale when a source changed after the build, naming it', () => {
    const root = project();
    write(root, 'src/ai/pool.ts', T_LATER, '// edited');
    expect(buildState({ root })).toEqual({ stale: true, reason: 'src/ai/pool.ts changed since the last build' });
  });

  it('any file of src/ counts, and so do the tsconfigs', () => {
    const a = project();
    write(a, 'src/README.md', T_LATER);
    expect(buildState({ root: a }).stale).toBe(true);
    const b = project();
    write(b, 'tsconfig.build.json', T_LATER);
    expect(buildState({ root: b })).toEqual({
      stale: true,
      reason: 'tsconfig.build.json changed since the last build',
    });
  });

  it('stale when a source has no compiled file, even one older than the build (copied with its old time)', () => {
    const root = project();
    write(root, 'src/store/keys.ts', T_SOURCES);
    expect(buildState({ root })).toEqual({ stale: true, reason: 'src/store/keys.ts is not in dist/' });
  });

  it('stale when an asset the build copies (the worker boot .mjs) is missing from dist/', () => {
    const root = project();
    fs.rmSync(path.join(root, 'dist/ai/worker-boot.mjs'));
    expect(buildState({ root })).toEqual({ stale: true, reason: 'src/ai/worker-boot.mjs is not in dist/' });
  });

  it('a source saved exactly at the build start is not newer; one second later is', () => {
    const root = project();
    write(root, 'src/index.ts', T_BUILD);
    expect(buildState({ root }).stale).toBe(false);
    write(root, 'src/index.ts', new Date(T_BUILD.getTime() + 1000));
    expect(buildState({ root }).stale).toBe(true);
  });

  it('a dist-only install (no src/, e.g. the Docker image) is fresh', () => {
    const root = project();
    fs.rmSync(path.join(root, 'src'), { recursive: true });
    expect(buildState({ root }).stale).toBe(false);
    fs.rmSync(path.join(root, 'dist', STAMP));
    expect(buildState({ root }).stale).toBe(false);
  });
});

describe('build', () => {
  it('without TypeScript installed (npm ci --omit=dev) says what to do instead', () => {
    const root = project();
    fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
    let err: unknown;
    try {
      build({ root, stdio: 'pipe' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BuildError);
    expect((err as Error).message).toMatch(/TypeScript \(a development dependency\) is not installed/);
    expect((err as Error).message).toMatch(/npm install/);
    // Nothing was removed: the old build is left as it was.
    expect(fs.existsSync(path.join(root, 'dist/index.js'))).toBe(true);
  });
});

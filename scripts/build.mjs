#!/usr/bin/env node
// The compiled build: src/ → dist/, plus the non-TypeScript files the build
// needs (the worker boot .mjs, any .json). Plain JavaScript on purpose: it runs
// where tsx is not installed.
//
//   node scripts/build.mjs              npm run build: clean build, type-checked by tsc (tsconfig.build.json)
//   node scripts/build.mjs --if-stale   npm start: builds only when dist/ is missing or a source is newer
//                                       than it, without the type check: esbuild transpiles each file
//                                       (well under a second; tsc --noCheck when esbuild is missing);
//                                       then the web client (scripts/build-web.mjs) when it is stale
//
// dist/.build-stamp marks a finished build; its mtime is the time the build
// started, so a file saved during a build makes the next start build again.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const STAMP = '.build-stamp';
/** Files copied from src/ to dist/ as they are (tsc emits only .ts). */
export const ASSET_EXTENSIONS = ['.mjs', '.cjs', '.js', '.json'];
/** Besides src/, a change to these rebuilds. */
const CONFIG_INPUTS = ['tsconfig.json', 'tsconfig.build.json'];

const isSource = (f) => f.endsWith('.ts') && !f.endsWith('.d.ts');
const isAsset = (f) => ASSET_EXTENSIONS.some((e) => f.endsWith(e));

function* walk(dir, rel = '') {
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = path.join(rel, entry.name);
    if (entry.isDirectory()) yield* walk(dir, r);
    else if (entry.isFile()) yield r;
  }
}

/**
 * Whether dist/ must be (re)built, and why. Stale when there is no finished
 * build, when a source has no compiled file, or when a file of src/ (or a
 * tsconfig) is newer than the build. A dist-only install (no src/) is fresh.
 * @param {{ root?: string }} [opts]
 * @returns {{ stale: boolean, reason: string }}
 */
export function buildState(opts = {}) {
  const root = opts.root ?? ROOT;
  const src = path.join(root, 'src');
  const dist = path.join(root, 'dist');
  const hasSrc = fs.existsSync(src);
  let stampMs;
  try {
    stampMs = fs.statSync(path.join(dist, STAMP)).mtimeMs;
  } catch {
    if (!hasSrc && fs.existsSync(path.join(dist, 'index.js')))
      return { stale: false, reason: 'dist/ only (no src/ to compare)' };
    return { stale: true, reason: fs.existsSync(dist) ? 'dist/ has no finished build' : 'dist/ does not exist yet' };
  }
  if (!hasSrc) return { stale: false, reason: 'dist/ only (no src/ to compare)' };
  for (const f of CONFIG_INPUTS) {
    const p = path.join(root, f);
    if (fs.existsSync(p) && fs.statSync(p).mtimeMs > stampMs)
      return { stale: true, reason: `${f} changed since the last build` };
  }
  for (const rel of walk(src)) {
    const shown = path.posix.join('src', rel.split(path.sep).join('/'));
    if (fs.statSync(path.join(src, rel)).mtimeMs > stampMs)
      return { stale: true, reason: `${shown} changed since the last build` };
    const out = isSource(rel) ? rel.replace(/\.ts$/, '.js') : isAsset(rel) ? rel : null;
    if (out && !fs.existsSync(path.join(dist, out))) return { stale: true, reason: `${shown} is not in dist/` };
  }
  return { stale: false, reason: 'dist/ is up to date' };
}

/** Thrown when the build cannot run or fails; `message` is for the person who ran it. */
export class BuildError extends Error {
  name = 'BuildError';
}

/**
 * Cleans dist/, runs tsc, copies the assets, writes the stamp.
 * @param {{ root?: string, typeCheck?: boolean, stdio?: 'inherit' | 'pipe' }} [opts]
 */
export function build(opts = {}) {
  const root = opts.root ?? ROOT;
  const dist = path.join(root, 'dist');
  let tsc;
  try {
    tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    throw new BuildError(
      'dist/ needs building, but TypeScript (a development dependency) is not installed.\n' +
        '  - Run `npm install` (with dev dependencies), then `npm start` again;\n' +
        '  - or build where dev dependencies are installed (`npm run build`) and ship dist/ with the app.',
    );
  }
  const startedAt = new Date();
  fs.rmSync(dist, { recursive: true, force: true });
  const src = path.join(root, 'src');
  if (opts.typeCheck === false && transpile(root, src, dist)) {
    // done: esbuild wrote every module
  } else {
    const args = [tsc, '-p', path.join(root, 'tsconfig.build.json')];
    if (opts.typeCheck === false) args.push('--noCheck');
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: opts.stdio ?? 'inherit', encoding: 'utf8' });
    if (r.status !== 0) {
      const out = opts.stdio === 'pipe' ? `\n${r.stdout ?? ''}${r.stderr ?? ''}` : '';
      throw new BuildError(
        `tsc -p tsconfig.build.json failed (exit ${r.status ?? r.signal}); dist/ is not usable.${out}`,
      );
    }
  }
  for (const rel of walk(src)) {
    if (!isAsset(rel)) continue;
    fs.mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    fs.copyFileSync(path.join(src, rel), path.join(dist, rel));
  }
  const stamp = path.join(dist, STAMP);
  fs.writeFileSync(
    stamp,
    `${JSON.stringify({ startedAt: startedAt.toISOString(), typeChecked: opts.typeCheck !== false })}\n`,
  );
  fs.utimesSync(stamp, startedAt, startedAt);
}

/**
 * The unchecked build with esbuild (a development dependency, as tsx's): each
 * module transpiled on its own, imports left as written, like tsc's emit for
 * this project (isolatedModules). Returns false when esbuild is not installed.
 */
function transpile(root, src, dist) {
  let esbuild;
  try {
    esbuild = createRequire(path.join(root, 'package.json'))('esbuild');
  } catch {
    // Not installed (a production install): tsc --noCheck does the same, slower.
    return false;
  }
  const entryPoints = [...walk(src)].filter(isSource).map((rel) => path.join(src, rel));
  try {
    esbuild.buildSync({
      entryPoints,
      outdir: dist,
      outbase: src,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
    });
  } catch (e) {
    throw new BuildError(
      `esbuild could not compile src/; dist/ is not usable.\n${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return true;
}

/**
 * Builds only when buildState says so. Returns whether it built.
 * @param {{ root?: string, typeCheck?: boolean, stdio?: 'inherit' | 'pipe', log?: (line: string) => void }} [opts]
 */
export function ensureBuilt(opts = {}) {
  const state = buildState(opts);
  if (!state.stale) return false;
  const log = opts.log ?? ((line) => console.error(line));
  const t0 = Date.now();
  log(`hexmate: building dist/ (${state.reason})...`);
  build(opts);
  log(`hexmate: built dist/ in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--if-stale')) {
      ensureBuilt({ typeCheck: false });
      const { ensureWebBuilt } = await import('./build-web.mjs');
      await ensureWebBuilt();
    } else build();
  } catch (e) {
    console.error(e instanceof BuildError ? e.message : e);
    process.exit(1);
  }
}

#!/usr/bin/env node
// npm test's first step: the strict type-check (tsc) and the lint (ESLint), in one process that lints with the
// programs tsc has checked (scripts/tsc-eslint.mjs), the dead-code check (knip: unused files and exports, knip.json)
// and the formatter's check (Biome) at once, each with its own output; fails when any fails. tsc and ESLint take a
// core for ~65 CPU-s; knip and Biome ~5.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import os from 'node:os';

// HEXMATE_CHECK_NICE: a nice level for these (npm test, scripts/test.mjs, runs them beside vitest); tsc, ESLint, knip and
// Biome inherit it.
const nice = process.env.HEXMATE_CHECK_NICE;
if (nice) {
  if (!/^-?\d+$/.test(nice) || Number(nice) < -20 || Number(nice) > 19) {
    console.error(`HEXMATE_CHECK_NICE must be a nice level, an integer from -20 to 19 (got ${JSON.stringify(nice)})`);
    process.exit(2);
  }
  os.setPriority(0, Number(nice));
}

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

/**
 * A package's own file (its `bin`), found from its entry point or its package.json: packages need not
 * export their bin scripts.
 */
function binOf(pkg, bin) {
  let entry;
  try {
    entry = require.resolve(pkg);
  } catch {
    entry = require.resolve(`${pkg}/package.json`);
  }
  let dir = path.dirname(entry);
  const nameAt = (d) => JSON.parse(fs.readFileSync(path.join(d, 'package.json'), 'utf8')).name;
  while (!fs.existsSync(path.join(dir, 'package.json')) || nameAt(dir) !== pkg) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot find the package ${pkg}`);
    dir = up;
  }
  return path.join(dir, bin);
}

/** Runs a package's bin (`[package, bin]`) or a script of this project (a path). */
const run = (name, script, args = [], nodeArgs = []) =>
  new Promise((resolve) => {
    const file = typeof script === 'string' ? path.join(root, script) : binOf(...script);
    const child = spawn(process.execPath, [...nodeArgs, file, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ name, code, out }));
  });

const results = await Promise.all([
  // `tsc -p tsconfig.json`, `tsc -p web/tsconfig.json` (the browser client: the DOM's types, Vite's module
  // resolution) and `eslint .`.
  // Its GC tuned for CPU, as the tests' (vitest.config.ts): ~71 CPU-s instead of ~78. Its heap grows to ~1.5 GB: started
  // there (--initial-heap-size, MB), V8 skips the full collections of the way up (58-62 CPU-s instead of 63-67 alone).
  run(
    'tsc and eslint',
    'scripts/tsc-eslint.mjs',
    [],
    ['--single-threaded-gc', '--max-semi-space-size=64', '--initial-heap-size=1500'],
  ),
  run('knip', ['knip', 'bin/knip.js'], ['--no-progress']),
  // The formatter (Biome, biome.json): `npm run format` writes what this checks.
  run('format', ['@biomejs/biome', 'bin/biome'], ['format', '.']),
]);
for (const r of results) {
  if (r.out.trim()) process.stdout.write(`${r.out.trimEnd()}\n`);
  console.log(`${r.name}: ${r.code === 0 ? 'ok' : `failed (exit ${r.code})`}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);

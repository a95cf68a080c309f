#!/usr/bin/env node
// npm test's first step: the strict type-check (tsc), the lint (ESLint) and
// the dead-code check (knip: unused files and exports, knip.json) and the
// formatter's check (Biome) at once, each with its own output; fails when any fails. tsc and ESLint take a core
// each for ~15-30 s; knip needs ~2 s of CPU.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import os from 'node:os';

// npm test (scripts/test.mjs) runs these beside vitest at the lowest priority; tsc, ESLint, knip and Biome inherit it.
if (process.env.HEXMATE_CHECK_NICE) os.setPriority(0, Number(process.env.HEXMATE_CHECK_NICE));

const require = createRequire(import.meta.url);

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

const run = (name, [pkg, bin], args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [binOf(pkg, bin), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ name, code, out }));
  });

const results = await Promise.all([
  run('tsc', ['typescript', 'bin/tsc'], ['-p', 'tsconfig.json']),
  // The browser client (web/): the DOM's types, Vite's module resolution.
  run('tsc web', ['typescript', 'bin/tsc'], ['-p', 'web/tsconfig.json']),
  run('eslint', ['eslint', 'bin/eslint.js'], ['.']),
  run('knip', ['knip', 'bin/knip.js'], ['--no-progress']),
  // The formatter (Biome, biome.json): `npm run format` writes what this checks.
  run('format', ['@biomejs/biome', 'bin/biome'], ['format', '.']),
]);
for (const r of results) {
  if (r.out.trim()) process.stdout.write(`${r.out.trimEnd()}\n`);
  console.log(`${r.name}: ${r.code === 0 ? 'ok' : `failed (exit ${r.code})`}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);

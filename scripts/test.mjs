#!/usr/bin/env node
// npm test: the static checks (scripts/check.mjs: tsc, ESLint, knip, the formatter) and vitest at once. The checks
// are mostly one thread (tsc and ESLint, ~70 CPU-s); vitest runs one worker more than the cores (vitest.config.ts).
// At the same priority the checks take their share of the cores while the tests run and end with them, and they fill
// the cores the tests leave idle while they wait (docs/testing.md, "How long npm test takes"). HEXMATE_CHECK_NICE sets
// a nice level.
// Arguments go to vitest (`npm test -- test/bot`). Fails when either fails; the checks' summary comes last.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const vitestBin = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');

const run = (args, env = {}, capture = false) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });

const [checks, tests] = await Promise.all([
  run([path.join(root, 'scripts/check.mjs')], { HEXMATE_CHECK_NICE: process.env.HEXMATE_CHECK_NICE ?? '0' }, true),
  // Vitest's own process (it transforms the sources for every worker) with the workers' GC flags (vitest.config.ts).
  run(['--single-threaded-gc', '--max-semi-space-size=32', vitestBin, 'run', ...process.argv.slice(2)]),
]);
process.stdout.write(`\n${checks.out.trimEnd()}\n`);
process.exit(checks.code !== 0 ? checks.code : tests.code);

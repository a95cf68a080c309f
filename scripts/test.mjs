#!/usr/bin/env node
// npm test: the static checks (scripts/check.mjs: tsc, ESLint, knip, the formatter) and vitest at once, the checks
// at nice 10. Vitest spends much of its time waiting (Redis, the fake Discord, child processes), and the checks fill
// those waits instead of running first, while the tests keep most of the CPU when they want it. At nice 19 the checks
// got so little that they ran on alone for ~30 s after vitest; at nice 10 npm test took 138 s instead of 145–153 s on
// 2 cores, vitest unchanged (docs/testing.md, "How long npm test takes"). HEXMATE_CHECK_NICE overrides it.
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
  run([path.join(root, 'scripts/check.mjs')], { HEXMATE_CHECK_NICE: process.env.HEXMATE_CHECK_NICE ?? '10' }, true),
  // Vitest's own process (it transforms the sources for every worker) with the workers' GC flags (vitest.config.ts).
  run(['--single-threaded-gc', '--max-semi-space-size=32', vitestBin, 'run', ...process.argv.slice(2)]),
]);
process.stdout.write(`\n${checks.out.trimEnd()}\n`);
process.exit(checks.code !== 0 ? checks.code : tests.code);

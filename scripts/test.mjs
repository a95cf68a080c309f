#!/usr/bin/env node
// npm test: the static checks (scripts/check.mjs: tsc, ESLint, knip, the formatter) and vitest at once, the checks
// at the lowest CPU priority. Vitest spends much of its time waiting (Redis, the fake Discord, child processes), and
// the checks fill those waits instead of running first: ~45 s less on 2 cores, while the tests keep the CPU when they
// want it. Arguments go to vitest (`npm test -- test/bot`). Fails when either fails; the checks' summary comes last.
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
  run([path.join(root, 'scripts/check.mjs')], { HEXMATE_CHECK_NICE: '19' }, true),
  run([vitestBin, 'run', ...process.argv.slice(2)]),
]);
process.stdout.write(`\n${checks.out.trimEnd()}\n`);
process.exit(checks.code !== 0 ? checks.code : tests.code);

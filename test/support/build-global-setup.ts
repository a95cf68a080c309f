// Vitest global setup: dist/ built once, before any test file, when it is missing or older than src/ (esbuild, no
// type check: tsc's check is npm test's own step). The tests that start the real entry point (the crash tests,
// test/dist.test.ts, test/runtime/start.test.ts) then all run `node dist/index.js`, as `npm start` does, and no two
// files rebuild dist/ under each other's running processes.
// With dist/ fresh, the worker threads the tests start (the render and AI pools of every bot) boot its compiled
// workers instead of compiling src/ under tsx each time (HEXMATE_COMPILED_WORKERS, src/ai/worker-boot.mjs); the
// test processes inherit the variable. Not in watch mode, where dist/ is not rebuilt between reruns, nor under
// Stryker, whose mutants live in src/.
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../../scripts/build.mjs';

export default function setup(project: TestProject): void {
  ensureBuilt({ typeCheck: false, stdio: 'pipe', log: () => {} });
  if (!project.config.watch && process.env.STRYKER_MUTATOR_WORKER === undefined)
    process.env.HEXMATE_COMPILED_WORKERS = '1';
}

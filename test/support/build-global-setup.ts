// Vitest global setup: dist/ built once, before any test file, when it is missing or older than src/ (esbuild, no
// type check: tsc's check is npm test's own step). The tests that start the real entry point (the crash tests,
// test/dist.test.ts, test/runtime/start.test.ts) then all run `node dist/index.js`, as `npm start` does, and no two
// files rebuild dist/ under each other's running processes.
import { ensureBuilt } from '../../scripts/build.mjs';

export default function setup(): void {
  ensureBuilt({ typeCheck: false, stdio: 'pipe', log: () => {} });
}

// Starts a worker thread's entry module in any host. Compiled JavaScript
// (node dist/index.js: the entry is dist/.../worker.js) is imported as is.
// A TypeScript entry (tsx runs, scripts, bench, vitest, where the parent's
// loader does not reach worker threads) goes through tsx's tsImport, which
// compiles it and everything it imports; tsx is a development dependency and
// is loaded only then.
// Shared: src/ai/pool.ts, src/render/pool.ts and scripts/engine-match.ts boot their workers with it.
import { workerData } from 'node:worker_threads';

const entry = String(workerData.entry);
if (/\.[mc]?ts$/.test(new URL(entry).pathname)) {
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(entry, import.meta.url);
} else {
  await import(entry);
}

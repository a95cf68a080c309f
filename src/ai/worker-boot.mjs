// Starts a TypeScript worker in any host: under `tsx` (npm start, scripts,
// bench) and under vitest alike, where the parent's loader does not reach
// worker threads. tsImport compiles the entry and everything it imports.
// Shared: src/ai/pool.ts, src/render/pool.ts and scripts/engine-match.ts boot their workers with it.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);

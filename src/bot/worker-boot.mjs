// Starts a TypeScript worker under tsx (npm start, scripts) and vitest alike:
// the parent's loader does not reach worker threads, tsImport compiles the entry.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);

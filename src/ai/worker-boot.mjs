// Starts a worker thread's entry module in any host. Compiled JavaScript
// (node dist/index.js: the entry is dist/.../worker.js) is imported as is.
// A TypeScript entry (tsx runs, scripts, bench, vitest, where the parent's
// loader does not reach worker threads) goes through tsx's tsImport, which
// compiles it and everything it imports; tsx is a development dependency and
// is loaded only then.
// HEXMATE_COMPILED_WORKERS=1 says dist/ is a fresh build of src/ (npm test's setup sets it once it has built dist/):
// an entry in src/ is then imported from its compiled twin in dist/, the very code `npm start` runs. Booting through
// tsx costs a worker about three times the CPU (~0.5 s against ~0.17 s), and the tests start dozens of workers.
// Shared: src/ai/pool.ts, src/render/pool.ts and scripts/engine-match.ts boot their workers with it.
import { workerData } from 'node:worker_threads';

const entry = String(workerData.entry);
const src = new URL('../', import.meta.url).href;
if (process.env.HEXMATE_COMPILED_WORKERS === '1' && entry.startsWith(src) && entry.endsWith('.ts')) {
  await import(new URL(`../../dist/${entry.slice(src.length, -'.ts'.length)}.js`, import.meta.url).href);
} else if (/\.[mc]?ts$/.test(new URL(entry).pathname)) {
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(entry, import.meta.url);
} else {
  await import(entry);
}

// A render worker: board PNGs are drawn here so that drawing (synchronous
// canvas work, tens of ms) never stalls the event loop that answers Discord.
import { parentPort } from 'node:worker_threads';
import { renderBoard } from '../render/index.js';
import type { RenderJob, RenderReply } from './render-pool.js';

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

port.on('message', (job: RenderJob) => {
  void renderBoard(job.game, job.state, job.opts)
    .then((png) => port.postMessage({ id: job.id, ok: true, png } satisfies RenderReply))
    .catch((e: unknown) => port.postMessage({ id: job.id, ok: false, error: e instanceof Error ? e.message : String(e) } satisfies RenderReply));
});
port.postMessage({ ready: true });

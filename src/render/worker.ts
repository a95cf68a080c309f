// A render worker thread (pool.ts): board PNGs and replay GIFs are drawn here
// so that canvas work (tens of ms a board, seconds a film) never stalls the
// event loop that answers Discord. Replays yield between frames, so a board
// posted to a worker busy with a film is drawn in between.
import { parentPort } from 'node:worker_threads';
import { renderBoard, renderReplay } from './index.js';
import type { RenderJob, RenderReply } from './pool.js';
import { renderMoveComparison, renderWinChart } from './review.js';
import { renderStandings } from './standings.js';

const port = parentPort;
if (!port) throw new Error('src/render/worker.ts runs only as a worker thread');

/**
 * The image's bytes handed over, not copied: a buffer of its own is transferred as is; a slice of a shared one is
 * copied once, here, off the main thread.
 */
function send(id: number, img: Buffer): void {
  const own = img.buffer instanceof ArrayBuffer && img.byteOffset === 0 && img.byteLength === img.buffer.byteLength;
  let bytes = own ? new Uint8Array(img.buffer, 0, img.byteLength) : new Uint8Array(img);
  try {
    port!.postMessage({ id, ok: true, bytes } satisfies RenderReply, [bytes.buffer]);
  } catch {
    // Memory owned by native code cannot be detached: copy it into one that can.
    bytes = new Uint8Array(img);
    port!.postMessage({ id, ok: true, bytes } satisfies RenderReply, [bytes.buffer]);
  }
}

/** The job's image; a renderer's error (a bad move, a bad state) rejects with its message. */
function draw(job: RenderJob): Promise<Buffer> {
  switch (job.kind) {
    case 'replay':
      return renderReplay(job.game, job.setup, job.moves, job.opts);
    case 'standings':
      return renderStandings(job.table);
    case 'winChart':
      return renderWinChart(job.game, job.chart, job.opts);
    case 'moveComparison':
      return renderMoveComparison(job.game, job.before, job.moves, job.opts);
    default:
      return renderBoard(job.game, job.state, job.opts);
  }
}

port.on('message', (job: RenderJob) => {
  void draw(job)
    .then((img) => send(job.id, img))
    .catch((e: unknown) =>
      port.postMessage({
        id: job.id,
        ok: false,
        error: e instanceof Error ? e.message : String(e),
      } satisfies RenderReply),
    );
});
port.postMessage({ ready: true });

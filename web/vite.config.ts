// The web client's build (npm run build:web): web/ → dist-web/, served by src/web/server.ts under /game/<id> and
// /assets/. Plain TypeScript, no framework: the page is a canvas, a slider and a list.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist-web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The fonts are files of their own, fetched only when the machine lacks DejaVu Sans (web/src/board.ts).
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});

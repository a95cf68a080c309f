#!/usr/bin/env node
// npm run build:web: the web client (web/) bundled by Vite into dist-web/, which the bot's web server
// (src/runtime/web-server.ts, WEB_PORT) serves; then the size of what a browser downloads, gzipped. The fonts are
// counted apart: they are fetched only where the machine lacks DejaVu Sans (web/src/board.ts).
// `npm start` builds it too when it is stale (scripts/build.mjs --if-stale calls ensureWebBuilt).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'dist-web');
/** What the client is made of: a change in any of these rebuilds it. */
const INPUTS = ['web', 'src/engine', 'src/render', 'src/i18n', 'src/match'];
const LIMIT = 300 * 1024;

/** Gzipped sizes of the built files: the bundle (JS, CSS, HTML) and the fonts. */
export function bundleSizes(dir = out) {
  const files = [
    path.join(dir, 'index.html'),
    ...fs.readdirSync(path.join(dir, 'assets')).map((f) => path.join(dir, 'assets', f)),
  ];
  let bundle = 0;
  let fonts = 0;
  for (const f of files) {
    const gz = zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length;
    if (/\.(ttf|woff2?)$/.test(f)) fonts += gz;
    else bundle += gz;
  }
  return { bundle, fonts };
}

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (e.isFile()) t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}

/** Why dist-web/ must be (re)built, or null when it is up to date. */
function staleReason() {
  let built;
  try {
    built = fs.statSync(path.join(out, 'index.html')).mtimeMs;
  } catch {
    return 'dist-web/ does not exist yet';
  }
  for (const dir of INPUTS) {
    const p = path.join(root, dir);
    if (fs.existsSync(p) && newest(p) > built) return `${dir}/ changed since the last build`;
  }
  return null;
}

/** Builds the client and prints its size; fails when the bundle is over the limit. */
export async function buildWeb() {
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'web/vite.config.ts') });
  const { bundle, fonts } = bundleSizes();
  console.error(
    `web client built in dist-web/: bundle ${(bundle / 1024).toFixed(1)} KB gzipped (JS, CSS, HTML; limit 300 KB), fonts ${(fonts / 1024).toFixed(1)} KB gzipped (only when DejaVu Sans is missing)`,
  );
  if (bundle > LIMIT) throw new Error(`the web client's bundle is over 300 KB gzipped (${bundle} bytes)`);
}

/**
 * npm start: builds the client when it is stale and Vite is installed. Without Vite (a production install) a built
 * dist-web/ is served as it is, and a missing one only leaves the page off (the server answers 503 and says why).
 */
export async function ensureWebBuilt() {
  const reason = staleReason();
  if (!reason || !fs.existsSync(path.join(root, 'web'))) return false;
  try {
    await import('vite');
  } catch {
    console.error(`hexmate: the web client needs building (${reason}), but Vite is not installed: skipped`);
    return false;
  }
  console.error(`hexmate: building the web client (${reason})...`);
  await buildWeb();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildWeb();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}

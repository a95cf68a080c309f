// PNG encoding of board pictures. Skia's encoder (`canvas.encode('png')`)
// compresses hard and filters every row: 40–70 ms of CPU per 1000 px board.
// Our boards are flat drawings, opaque, with long runs of one colour, where
// deflate's own matches (a pixel back, a row back) beat any PNG filter: the
// rows go out unfiltered as 8-bit RGB, deflated at a low level by node:zlib in
// libuv's thread pool (off the event loop). That is 5–7 ms of CPU for a
// 640-px board and a smaller file than Skia's (measured in bench/render.ts). npm's PNG encoders do not fit: fast-png
// deflates
// synchronously with pako (85–175 ms blocking the loop), pngjs' stream packer
// spent 65–90 ms here in JavaScript.
import { endianness } from 'node:os';
import zlib from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';

/**
 * zlib level 2: the fewest instructions on these boards (callgrind, a 560-px
 * Orion end: 21.0 M at 2, 21.6 M at 1, 22.3 M at 3), 2% larger than 3; 4 and
 * up cost much more.
 */
export const PNG_DEFLATE_LEVEL = 2;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LITTLE_ENDIAN = endianness() === 'LE';

let table: Uint32Array | null = null;
/** CRC-32 of PNG chunks (ISO 3309), by table: for Node < 20.15, which lacks zlib.crc32. */
export function crc32Table(data: Uint8Array, crc = 0): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

const crc32: (data: Uint8Array, crc?: number) => number = typeof zlib.crc32 === 'function' ? zlib.crc32 : crc32Table;

/** Writes a PNG chunk (length, type, body, CRC) at `at` in `out`; returns the offset after it. */
function putChunk(out: Buffer, at: number, type: string, body: Uint8Array): number {
  out.writeUInt32BE(body.length, at);
  out.write(type, at + 4, 'latin1');
  out.set(body, at + 8);
  out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + body.length)), at + 8 + body.length);
  return at + 12 + body.length;
}

/** The PNG file: signature, IHDR, one IDAT, IEND, written into one buffer (no copies to join). */
function pngFile(ihdr: Uint8Array, idat: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(SIGNATURE.length + 3 * 12 + ihdr.length + idat.length);
  out.set(SIGNATURE, 0);
  let at = putChunk(out, SIGNATURE.length, 'IHDR', ihdr);
  at = putChunk(out, at, 'IDAT', idat);
  putChunk(out, at, 'IEND', new Uint8Array(0));
  return out;
}

/**
 * Rows y0..y1-1 of the pixels as PNG scanlines at their place in `out`: each
 * row a filter byte 0 (None) and RGB triples. A row is built as words in
 * `scratch` (4 pixels → 3 words, about three times faster than byte by
 * byte), then copied after its filter byte. Returns the AND of all pixels
 * (its top byte is 255 only when every pixel is opaque).
 */
function packRows(
  px: Uint32Array,
  width: number,
  y0: number,
  y1: number,
  out: Uint8Array,
  scratch: Uint32Array,
): number {
  const rowBytes = new Uint8Array(scratch.buffer, 0, width * 3);
  const quads = width >> 2;
  let all = -1;
  let k = y0 * width;
  let o = y0 * (width * 3 + 1);
  for (let y = y0; y < y1; y++) {
    let j = 0;
    for (let q = 0; q < quads; q++, j += 3, k += 4) {
      const p0 = px[k],
        p1 = px[k + 1],
        p2 = px[k + 2],
        p3 = px[k + 3];
      all &= p0 & p1 & p2 & p3;
      scratch[j] = (p0 & 0xffffff) | (p1 << 24);
      scratch[j + 1] = ((p1 >>> 8) & 0xffff) | (p2 << 16);
      scratch[j + 2] = ((p2 >>> 16) & 0xff) | (p3 << 8);
    }
    for (let b = j * 4; b < width * 3; b += 3, k++) {
      const v = px[k];
      all &= v;
      rowBytes[b] = v;
      rowBytes[b + 1] = v >>> 8;
      rowBytes[b + 2] = v >>> 16;
    }
    out[o] = 0;
    out.set(rowBytes, o + 1);
    o += width * 3 + 1;
  }
  return all;
}

/** The pixels as 32-bit words (little-endian: 0xAABBGGRR), or null when they cannot be read so. */
function words(rgba: Uint8Array, width: number, height: number): Uint32Array | null {
  if (!LITTLE_ENDIAN || rgba.length !== width * height * 4) return null;
  if (rgba.byteOffset % 4 !== 0) rgba = rgba.slice(); // a word view needs an aligned start
  return new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
}

/**
 * The pixels as PNG scanlines (filter None, RGB), written into `out` (or a
 * new array). Null when a pixel is not fully opaque (the alpha would be
 * lost), the machine is big-endian, or a length does not match.
 */
export function rgbScanlines(
  rgba: Uint8Array,
  width: number,
  height: number,
  out: Uint8Array<ArrayBuffer> = new Uint8Array((width * 3 + 1) * height),
): Uint8Array<ArrayBuffer> | null {
  const px = words(rgba, width, height);
  if (!px || out.length !== (width * 3 + 1) * height) return null;
  const all = packRows(px, width, 0, height, out, new Uint32Array(Math.ceil((width * 3) / 4)));
  return all >>> 24 === 0xff ? out : null;
}

// Scanline arrays for reuse (a fresh 2–3 MB array costs its zeroing and page
// faults every board): taken for one encode, given back when deflate is done.
const spare = new Map<number, Uint8Array<ArrayBuffer>[]>();
const MAX_SPARE = 1;
function takeRows(size: number): Uint8Array<ArrayBuffer> {
  return spare.get(size)?.pop() ?? new Uint8Array(size);
}
function giveRows(rows: Uint8Array<ArrayBuffer>): void {
  const list = spare.get(rows.length) ?? [];
  if (list.length < MAX_SPARE) list.push(rows);
  spare.set(rows.length, list);
}

const deflate = (rows: Uint8Array): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    // Output chunks about a board's size, not 16 KB ones to join (nor a 512 KB one: every board's
    // buffers outside the JS heap bring the next full garbage collection nearer).
    zlib.deflate(rows, { level: PNG_DEFLATE_LEVEL, chunkSize: 128 * 1024 }, (e, out) => (e ? reject(e) : resolve(out))),
  );

/**
 * A PNG (8-bit RGB, no filter) of opaque RGBA pixels; null if they are not
 * all opaque. The rows are packed at once on the calling thread (about 1 ms
 * for a 640 × 800 board) and deflated in one call in libuv's thread pool, off
 * the event loop. (Packing in bands, each handed to a deflate stream between
 * turns of the loop, cost about 1 ms more CPU a board in stream overhead; it
 * paid for itself only on the 1000-px pictures of before.) Same pixels →
 * same bytes.
 */
export async function encodeOpaquePng(rgba: Uint8Array, width: number, height: number): Promise<Buffer | null> {
  const px = words(rgba, width, height);
  if (!px) return null;
  const rows = takeRows((width * 3 + 1) * height);
  if (packRows(px, width, 0, height, rows, new Uint32Array(Math.ceil((width * 3) / 4))) >>> 24 !== 0xff) {
    giveRows(rows);
    return null;
  }
  let idat: Buffer;
  try {
    idat = await deflate(rows);
  } finally {
    giveRows(rows);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace
  return pngFile(ihdr, idat);
}

/**
 * A canvas as PNG without blocking the event loop: our encoder for an opaque
 * picture (every board: the painters fill the background first), Skia's
 * asynchronous one otherwise. `canvas.data()` is premultiplied, which equals
 * the plain colour when alpha is 255.
 */
export async function encodeCanvasPng(canvas: Canvas): Promise<Buffer> {
  return (await encodeOpaquePng(canvas.data(), canvas.width, canvas.height)) ?? canvas.encode('png');
}

// A small GIF reader for the tests: walks the block structure (frame count,
// delays, disposal, transparency) and decodes LZW, so a film's frames can be
// composited and compared with the board pictures.

export interface GifFrame {
  delayMs: number;
  dispose: number;
  transparent: number | null;
  left: number;
  top: number;
  width: number;
  height: number;
  palette: number[][];
  /** Palette indices, width × height. */
  pixels: Uint8Array;
}

export interface Gif {
  width: number;
  height: number;
  frames: GifFrame[];
}

function lzw(minCodeSize: number, data: Uint8Array, count: number): Uint8Array {
  const out = new Uint8Array(count);
  const clear = 1 << minCodeSize;
  const eoi = clear + 1;
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  let size = minCodeSize + 1;
  let next = clear + 2;
  let old = -1;
  let bits = 0;
  let acc = 0;
  let pos = 0;
  let n = 0;
  for (let i = 0; i < clear; i++) {
    suffix[i] = i;
    first[i] = i;
    prefix[i] = -1;
  }
  while (n < count) {
    while (bits < size && pos < data.length) {
      acc |= data[pos++] << bits;
      bits += 8;
    }
    if (bits < size) break;
    const code = acc & ((1 << size) - 1);
    acc >>>= size;
    bits -= size;
    if (code === clear) {
      size = minCodeSize + 1;
      next = clear + 2;
      old = -1;
      continue;
    }
    if (code === eoi) break;
    let c = code;
    let sp = 0;
    if (c >= next) {
      stack[sp++] = first[old];
      c = old;
    }
    while (c >= clear) {
      stack[sp++] = suffix[c];
      c = prefix[c];
    }
    stack[sp++] = c;
    const head = c;
    while (sp > 0 && n < count) out[n++] = stack[--sp];
    if (old >= 0 && next < 4096) {
      prefix[next] = old;
      suffix[next] = head;
      first[next] = first[old];
      next++;
      if (next === 1 << size && size < 12) size++;
    }
    old = code;
  }
  return out;
}

export function parseGif(buf: Uint8Array): Gif {
  const sig = String.fromCharCode(...buf.subarray(0, 6));
  if (sig !== 'GIF89a' && sig !== 'GIF87a') throw new Error(`not a GIF: ${sig}`);
  const u16 = (i: number): number => buf[i] | (buf[i + 1] << 8);
  const width = u16(6);
  const height = u16(8);
  const packed = buf[10];
  let p = 13;
  const readTable = (size: number): number[][] => {
    const t: number[][] = [];
    for (let i = 0; i < size; i++) t.push([buf[p + 3 * i], buf[p + 3 * i + 1], buf[p + 3 * i + 2]]);
    p += 3 * size;
    return t;
  };
  const global = packed & 0x80 ? readTable(1 << ((packed & 7) + 1)) : [];
  const frames: GifFrame[] = [];
  let gce = { delayMs: 0, dispose: 0, transparent: null as number | null };
  const subBlocks = (): Uint8Array => {
    const parts: number[] = [];
    while (buf[p] !== 0) {
      const len = buf[p];
      for (let i = 1; i <= len; i++) parts.push(buf[p + i]);
      p += len + 1;
    }
    p++;
    return Uint8Array.from(parts);
  };
  for (;;) {
    const b = buf[p++];
    if (b === 0x3b) break;
    if (b === 0x21) {
      const label = buf[p++];
      const body = subBlocks();
      if (label === 0xf9)
        gce = {
          delayMs: (body[1] | (body[2] << 8)) * 10,
          dispose: (body[0] >> 2) & 7,
          transparent: body[0] & 1 ? body[3] : null,
        };
    } else if (b === 0x2c) {
      const left = u16(p),
        top = u16(p + 2),
        w = u16(p + 4),
        h = u16(p + 6),
        f = buf[p + 8];
      p += 9;
      const palette = f & 0x80 ? readTable(1 << ((f & 7) + 1)) : global;
      const min = buf[p++];
      const pixels = lzw(min, subBlocks(), w * h);
      frames.push({ ...gce, left, top, width: w, height: h, palette, pixels });
      gce = { delayMs: 0, dispose: 0, transparent: null };
    } else throw new Error(`bad GIF block 0x${b?.toString(16)} at ${p - 1}`);
  }
  return { width, height, frames };
}

/** RGBA of frame `k` as a viewer shows it (transparent pixels keep what was there). */
export function composite(gif: Gif, k: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(gif.width * gif.height * 4);
  for (let f = 0; f <= k; f++) {
    const fr = gif.frames[f];
    for (let y = 0; y < fr.height; y++) {
      for (let x = 0; x < fr.width; x++) {
        const i = fr.pixels[y * fr.width + x];
        if (i === fr.transparent) continue;
        const o = ((y + fr.top) * gif.width + x + fr.left) * 4;
        const c = fr.palette[i];
        out[o] = c[0];
        out[o + 1] = c[1];
        out[o + 2] = c[2];
        out[o + 3] = 255;
      }
    }
  }
  return out;
}

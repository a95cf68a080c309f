import zlib from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { crc32Table, encodeCanvasPng, encodeOpaquePng, rgbScanlines } from '../../src/render/png.js';
import { makeRng } from '../../src/engine/rng.js';
import { decodePng } from './pixels.js';

/** A small opaque picture with flat areas, anti-aliased edges and text. */
function picture(w = 97, h = 61) {
  const c = createCanvas(w, h);
  const g = c.getContext('2d');
  g.fillStyle = '#262c38';
  g.fillRect(0, 0, w, h);
  g.fillStyle = '#f39a2b';
  g.beginPath();
  g.arc(30, 30, 22, 0, Math.PI * 2);
  g.fill();
  g.strokeStyle = 'rgba(255,255,255,0.5)';
  g.lineWidth = 3;
  g.strokeRect(50.5, 8.5, 40, 30);
  g.fillStyle = '#ffffff';
  g.font = '14px sans-serif';
  g.fillText('K4', 60, 55);
  return c;
}

/** PNG chunks: type, body, stored CRC. */
function chunks(png: Buffer): { type: string; body: Buffer; crc: number }[] {
  const out = [];
  for (let p = 8; p < png.length; ) {
    const len = png.readUInt32BE(p);
    out.push({
      type: png.toString('latin1', p + 4, p + 8),
      body: png.subarray(p + 8, p + 8 + len),
      crc: png.readUInt32BE(p + 8 + len),
    });
    p += 12 + len;
  }
  return out;
}

describe('PNG encoder', () => {
  it('gives back exactly the canvas pixels, as 8-bit RGB with valid chunks', async () => {
    const c = picture();
    const png = await encodeCanvasPng(c);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const cs = chunks(png);
    expect(cs.map((k) => k.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    for (const k of cs) expect(k.crc).toBe(crc32Table(Buffer.concat([Buffer.from(k.type, 'latin1'), k.body])));
    const ihdr = cs[0].body;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([97, 61, 8, 2]);
    // Every scanline is unfiltered RGB.
    const rows = zlib.inflateSync(cs[1].body);
    expect(rows.length).toBe(61 * (97 * 3 + 1));
    const d = await decodePng(png);
    expect(Buffer.from(d.data).equals(Buffer.from(c.getContext('2d').getImageData(0, 0, 97, 61).data))).toBe(true);
  });

  it('is deterministic: the same pixels give the same bytes', async () => {
    const a = await encodeCanvasPng(picture());
    const b = await encodeCanvasPng(picture());
    expect(a.equals(b)).toBe(true);
  });

  it('keeps transparency by leaving a see-through picture to Skia', async () => {
    const c = createCanvas(20, 10);
    const g = c.getContext('2d');
    g.fillStyle = '#ff0000';
    g.fillRect(0, 0, 10, 10);
    expect(rgbScanlines(c.data(), 20, 10)).toBeNull();
    expect(await encodeOpaquePng(c.data(), 20, 10)).toBeNull();
    const d = await decodePng(await encodeCanvasPng(c));
    expect([...d.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect(d.data[(5 * 20 + 15) * 4 + 3]).toBe(0);
  });

  it('packs a tall picture: the same pixels back, and a see-through pixel near the end still refused', async () => {
    const c = createCanvas(31, 400);
    const g = c.getContext('2d');
    for (let y = 0; y < 400; y += 7) {
      g.fillStyle = `rgb(${(y * 5) % 256},${(y * 3) % 256},${255 - (y % 256)})`;
      g.fillRect(0, y, 31, 7);
    }
    g.fillStyle = '#ffffff';
    g.beginPath();
    g.arc(15, 300, 9, 0, Math.PI * 2);
    g.fill();
    const d = await decodePng(await encodeCanvasPng(c));
    expect(Buffer.from(d.data).equals(Buffer.from(g.getImageData(0, 0, 31, 400).data))).toBe(true);
    g.clearRect(30, 390, 1, 1);
    expect(await encodeOpaquePng(c.data(), 31, 400)).toBeNull();
    expect((await decodePng(await encodeCanvasPng(c))).data[(390 * 31 + 30) * 4 + 3]).toBe(0);
  });

  it('refuses pixels whose length does not match the size', async () => {
    expect(await encodeOpaquePng(new Uint8Array(4 * 6).fill(255), 2, 2)).toBeNull();
  });

  it('reads pixels that do not start on a 4-byte boundary', async () => {
    const c = picture(9, 5);
    const raw = c.data();
    const shifted = new Uint8Array(raw.length + 1).subarray(1);
    shifted.set(raw);
    const a = await encodeOpaquePng(shifted, 9, 5);
    expect(a?.equals(await encodeCanvasPng(c))).toBe(true);
  });

  it('computes the CRC-32 of zlib (the fallback for Node without zlib.crc32)', () => {
    const rng = makeRng(5);
    const data = Uint8Array.from({ length: 1000 }, () => Math.floor(rng() * 256));
    expect(crc32Table(Buffer.from('IEND'))).toBe(0xae426082);
    if (typeof zlib.crc32 === 'function') expect(crc32Table(data)).toBe(zlib.crc32(data));
  });
});

// PNG decoding for the render tests (through @napi-rs/canvas itself).
import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface Decoded {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export async function decodePng(png: Buffer): Promise<Decoded> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

export const hex = (s: string): [number, number, number] => [
  parseInt(s.slice(1, 3), 16),
  parseInt(s.slice(3, 5), 16),
  parseInt(s.slice(5, 7), 16),
];

export function pixel(d: Decoded, x: number, y: number): [number, number, number] {
  const o = (Math.round(y) * d.width + Math.round(x)) * 4;
  return [d.data[o], d.data[o + 1], d.data[o + 2]];
}

/** Largest channel difference between two colours. */
export const distance = (a: number[], b: number[]): number => Math.max(...a.map((v, i) => Math.abs(v - b[i])));

/** The pixel at (x, y) is within `tol` of colour `c` (#rrggbb). */
export function near(d: Decoded, x: number, y: number, c: string, tol = 8): boolean {
  return distance(pixel(d, x, y), hex(c)) <= tol;
}

// Record ids: short, URL-safe, unguessable enough, unique in practice.
// They travel inside Discord custom ids (<= 100 chars), so 10 chars of base36.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
export const ID_LENGTH = 10;

/** 10 chars of base36 (~51.7 bits) from crypto.randomBytes, without modulo bias. */
export function newId(length = ID_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b >= 252) continue; // 252 = 7 * 36: reject to keep every char equally likely
      out += ALPHABET[b % 36];
      if (out.length === length) break;
    }
  }
  return out;
}

// Records are Redis hashes with one JSON-encoded value per top-level field.
// Lua scripts then compare and set single fields (version, status) without
// decoding JSON (ioredis-mock's Lua VM has no cjson), and reading back
// validates every field with zod.
import type { z } from 'zod';
import { CorruptRecordError } from './types.js';

/** A record stored as one JSON string, parsed; text that is not JSON is a CorruptRecordError. */
export function parseStoredJson(kind: CorruptRecordError['kind'], key: string, raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new CorruptRecordError(kind, key, ['not JSON']);
  }
}

/** Flattens a record into HSET arguments: [field, JSON, field, JSON, ...]; undefined fields are skipped. */
export function encodeFields(obj: Record<string, unknown>, skip: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined || skip.includes(k)) continue;
    out.push(k, JSON.stringify(v));
  }
  return out;
}

/** HGETALL from a script comes back as a flat array; from the client as an object. */
export function toFieldMap(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(raw)) {
    for (let i = 0; i + 1 < raw.length; i += 2) out[String(raw[i])] = String(raw[i + 1]);
  } else if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw)) out[k] = String(v);
  }
  return out;
}

/** Parses each field's JSON and validates the whole with `schema`; a bad record is a CorruptRecordError. */
export function decodeRecord<T>(
  kind: CorruptRecordError['kind'],
  key: string,
  fields: Record<string, string>,
  schema: z.ZodType<T>,
  extra: Record<string, unknown> = {},
): T {
  const obj: Record<string, unknown> = {};
  const issues: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    try {
      obj[k] = JSON.parse(v);
    } catch {
      issues.push(`${k}: not JSON`);
    }
  }
  if (issues.length) throw new CorruptRecordError(kind, key, issues);
  const parsed = schema.safeParse({ ...obj, ...extra });
  if (!parsed.success) {
    throw new CorruptRecordError(
      kind,
      key,
      parsed.error.issues.map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`),
    );
  }
  return parsed.data;
}

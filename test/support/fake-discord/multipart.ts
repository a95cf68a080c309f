import type { IncomingMessage } from 'node:http';

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface ParsedBody {
  /** JSON body, or `payload_json` of a multipart body; undefined when empty. */
  json: unknown;
  files: UploadedFile[];
  /** Set when the body could not be parsed (→ 400 from the caller). */
  error?: string;
}

export async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Parses JSON, a form (application/x-www-form-urlencoded) or multipart/form-data (discord.js sends `payload_json` plus
 * `files[n]`). Multipart is parsed by undici's spec-compliant FormData parser
 * (Node's built-in `Response#formData`) rather than by hand.
 */
export async function parseBody(req: IncomingMessage): Promise<ParsedBody> {
  const raw = await readRaw(req);
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { json: undefined, files: [] };
  if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    } catch (e) {
      return { json: undefined, files: [], error: `multipart: ${(e as Error).message}` };
    }
    const files: UploadedFile[] = [];
    let json: unknown;
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') {
          try {
            json = JSON.parse(value);
          } catch {
            return { json: undefined, files, error: 'payload_json is not valid JSON' };
          }
        }
        continue;
      }
      files.push({
        field,
        filename: value.name,
        contentType: value.type || 'application/octet-stream',
        bytes: Buffer.from(await value.arrayBuffer()),
      });
    }
    return { json, files };
  }
  // OAuth2's token endpoint takes a form, as OAuth2 does.
  if (type.startsWith('application/x-www-form-urlencoded'))
    return { json: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), files: [] };
  try {
    return { json: JSON.parse(raw.toString('utf8')), files: [] };
  } catch {
    return { json: undefined, files: [], error: 'body is not valid JSON' };
  }
}

// One way the web server answers an HTTP request (its pages and the Activity's sign-in alike): the status, the type,
// the headers every answer carries, and no body for HEAD.
import type { ServerResponse } from 'node:http';

export function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

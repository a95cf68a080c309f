// A per-address limit in fixed windows, for the web server's pages and the Activity's sign-in: each address may make
// `max` requests per window; the whole count is dropped when the window ends (no timer, no growth past one window).
export function perAddressLimit(max: number, windowMs: number): (address: string) => boolean {
  let seen = new Map<string, number>();
  let windowStart = Date.now();
  /** Counts one request; true when the address is over the limit. */
  return (address) => {
    const now = Date.now();
    if (now - windowStart > windowMs) {
      seen = new Map();
      windowStart = now;
    }
    const n = (seen.get(address) ?? 0) + 1;
    seen.set(address, n);
    return n > max;
  };
}

// Untrusted stored data as plain JSON values: a round trip through JSON text
// drops what JSON cannot hold (-0 becomes 0, undefined and functions go,
// prototypes and getters are gone), so a validated state is exactly what a
// later save and load will give back.
export function plainJson(data: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    const text = JSON.stringify(data);
    return text === undefined ? { ok: false } : { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // Cycles and BigInts are not JSON: such data is not a state.
    return { ok: false };
  }
}

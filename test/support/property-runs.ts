/**
 * fast-check run counts, scaled by HEXMATE_PROPERTY_RUNS (a factor, default 1). `npm run test:mutation` sets it
 * below 1 (scripts/mutation.mjs, docs/testing.md): a mutant the property tests do not kill runs them whole, and
 * thousands of random games per mutant made a full run of src/engine take hours. A long hunt sets it above 1
 * (HEXMATE_PROPERTY_RUNS=20). Never below one run.
 */
export function propertyRuns(n: number): number {
  const raw = process.env.HEXMATE_PROPERTY_RUNS ?? '1';
  const factor = Number(raw);
  if (!Number.isFinite(factor) || factor <= 0)
    throw new Error(`HEXMATE_PROPERTY_RUNS must be a positive number, not "${raw}"`);
  return Math.max(1, Math.round(n * factor));
}

#!/usr/bin/env node
// npm run test:mutation: StrykerJS mutation testing of src/engine, src/match and src/store, one folder at a
// time, each against the test folders that exercise it (docs/testing.md). Not part of npm test: a full run
// takes hours on 2 cores.
//
//   npm run test:mutation                    the three folders, incremental
//   npm run test:mutation -- engine store    those folders only
//   npm run test:mutation -- --force         every mutant again (rebuilds the incremental files)
//   MUTATION_CONCURRENCY=1 npm run ...       fewer processes (default 2)
//   HEXMATE_PROPERTY_RUNS=1 npm run ...      the property tests' full run counts (default a tenth)
//   npm run test:mutation -- store --files=src/store/reviews.ts,src/store/outbox.ts
//                                            those files only (of one folder), against the folder's tests; its
//                                            reports are <folder>.partial.<files>.* and leave the full run's alone
//                                            (globs are taken: --files='src/engine/exxit/*.ts')
//   npm run test:mutation -- engine --files='src/engine/ai/*.ts' --accumulate
//                                            those files, added to the folder's own reports: a folder measured
//                                            in batches, each a sitting (results outside the files are kept)
//   npm run test:mutation -- match --files='src/match/takeback.ts' --tests='test/match/**/*.test.ts'
//                                            against those tests instead of the folder's: a lower bound (fewer tests
//                                            can only kill fewer mutants), much faster where the folder's selection
//                                            holds slow tests (the bot tests, for src/match); reports of their own,
//                                            <folder>.tests-<tests>[.<files>].*, never added to the folder's
//
// Incremental: reports/mutation/<folder>.incremental.json keeps each mutant's result and the tests that
// covered it; the next run tests again only the mutants of changed code or changed tests. The HTML report
// is reports/mutation/<folder>.html.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Stryker } from '@stryker-mutator/core';

// The tests that exercise each folder. The bot tests play whole games through the fake Discord and cover
// much of src/match, but a mutant they alone would kill costs a bot test run each: they stay out of the
// engine and store runs, where the folders' own tests are meant to be enough.
const FOLDERS = {
  // The AI's search tests are the engine's own (src/engine/ai), all but the two of the worker pools (src/ai), which
  // start worker threads.
  engine: {
    tests: [
      'test/engine/**/*.test.ts',
      ...readdirSync('test/ai')
        .filter((f) => f.endsWith('.test.ts') && f !== 'pool.test.ts' && f !== 'lanes.test.ts')
        .map((f) => `test/ai/${f}`),
      'test/docs/**/*.test.ts',
    ],
  },
  // Not test/i18n/sentences.test.ts: it reads the sources of src/match for sentences outside the catalogues, and in
  // Stryker's sandbox those are instrumented (every string mutant written out), so it fails before any mutant runs.
  match: {
    tests: [
      'test/match/**/*.test.ts',
      'test/bot/**/*.test.ts',
      ...readdirSync('test/i18n')
        .filter((f) => f.endsWith('.test.ts') && f !== 'sentences.test.ts')
        .map((f) => `test/i18n/${f}`),
    ],
  },
  store: { tests: ['test/store/**/*.test.ts'] },
};

const args = process.argv.slice(2);
const force = args.includes('--force');
const accumulate = args.includes('--accumulate');
const chosen = args.filter((a) => !a.startsWith('--'));
const files = args
  .find((a) => a.startsWith('--files='))
  ?.slice('--files='.length)
  .split(',')
  .filter(Boolean);
if (files && (chosen.length !== 1 || files.some((f) => !f.startsWith(`src/${chosen[0]}/`)))) {
  console.error('--files needs one folder, and files of that folder (src/<folder>/...)');
  process.exit(2);
}
const tests = args
  .find((a) => a.startsWith('--tests='))
  ?.slice('--tests='.length)
  .split(',')
  .filter(Boolean);
if (tests && (chosen.length !== 1 || accumulate || tests.length === 0)) {
  console.error('--tests needs one folder and at least one test file or glob, and does not go with --accumulate');
  process.exit(2);
}
const unknown = chosen.filter((f) => !(f in FOLDERS));
if (unknown.length > 0) {
  console.error(`unknown folder ${unknown.join(', ')}: choose from ${Object.keys(FOLDERS).join(', ')}`);
  process.exit(2);
}
const concurrency = Number(process.env.MUTATION_CONCURRENCY ?? 2);
// The property tests' run counts (test/support/property-runs.ts) at a tenth: a mutant they do not kill runs them
// whole, and at full counts src/engine alone was estimated at 6 h. Fewer random cases can only let more mutants
// survive: the score is a lower bound. HEXMATE_PROPERTY_RUNS=1 for the full counts.
process.env.HEXMATE_PROPERTY_RUNS ??= '0.1';

/** Removes these mutants' results from an incremental file, so that the next incremental run tests them again. */
function forgetMutants(file, mutants) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const key = (m) =>
    `${m.mutatorName}|${m.replacement}|${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}`;
  const byFile = new Map();
  for (const m of mutants) {
    const rel = path.relative(process.cwd(), m.fileName);
    byFile.set(rel, (byFile.get(rel) ?? new Set()).add(key(m)));
  }
  let removed = 0;
  for (const [name, entry] of Object.entries(report.files)) {
    const keys = byFile.get(path.relative(process.cwd(), path.resolve(name)));
    if (!keys) continue;
    const before = entry.mutants.length;
    entry.mutants = entry.mutants.filter((m) => !keys.has(key(m)));
    removed += before - entry.mutants.length;
  }
  writeFileSync(file, JSON.stringify(report));
  return removed;
}

/** A name part no longer than a file name may hold: its start and a hash when it is long. */
const short = (s) =>
  s.length > 60 ? `${s.slice(0, 40)}-${createHash('sha1').update(s).digest('hex').slice(0, 10)}` : s;

const scores = [];
for (const folder of chosen.length > 0 ? chosen : Object.keys(FOLDERS)) {
  const started = Date.now();
  // A run of some files only keeps its reports and sandbox apart: a full run may be going on beside it.
  // Each set of files gets its own name, so that two partial runs can go on at once.
  const long = files
    ?.map((f) =>
      f
        .slice(`src/${folder}/`.length)
        .replace(/\.ts$/, '')
        .replace(/[^\w-]/g, '_'),
    )
    .join('+');
  // A long list of files would make a name longer than a file name may be: its start and a hash then.
  const slug = long && short(long);
  // --accumulate: a run of some files that adds its results to the folder's reports (Stryker keeps the results of
  // mutants outside the files it mutates), so that a folder too long for one sitting is measured in batches.
  const name = tests
    ? `${folder}.tests-${short(tests.join('+').replace(/[^\w-]/g, '_'))}${slug ? `.${slug}` : ''}`
    : files && !accumulate
      ? `${folder}.partial.${slug}`
      : folder;
  const incrementalFile = `reports/mutation/${name}.incremental.json`;
  const options = (disableBail) => ({
    mutate: files ?? [`src/${folder}/**/*.ts`, `!src/${folder}/**/*.d.ts`],
    testRunner: 'vitest',
    vitest: { configFile: 'vitest.config.ts', related: false },
    testFiles: tests ?? FOLDERS[folder].tests,
    checkers: ['typescript'],
    // The checker type-checks src only: a mutant that breaks only a test's types is then run (and killed or not)
    // instead of being set aside, and each check re-reads half the code (test, bench and scripts are as big as src).
    tsconfigFile: 'tsconfig.mutation.json',
    coverageAnalysis: 'perTest',
    disableBail,
    // A mutant in a module's top-level code (tables, constants) needs a fresh module graph and the whole
    // test selection for itself: too slow for this machine. Stryker reports them as ignored.
    ignoreStatic: true,
    concurrency,
    incremental: true,
    force: force && !disableBail,
    incrementalFile,
    reporters: ['html', 'json', 'clear-text', 'progress-append-only'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    clearTextReporter: { allowColor: false, reportTests: false, reportMutants: false },
    tempDirName: files || tests ? `.stryker-tmp/${name}` : '.stryker-tmp',
    // Not copied into the sandbox: the sandboxes (a full run's, beside a partial one) and the reports.
    ignorePatterns: ['/.stryker-tmp', '/reports'],
    cleanTempDir: 'always',
    thresholds: { high: 85, low: 70, break: null },
    // A mutant that loops forever is a timeout, counted as killed; the tests wait on Redis and timers.
    timeoutMS: 10_000,
  });

  // Two passes. The first keeps vitest's bail (Stryker's default: a mutant's tests stop at the first failure), which
  // is faster (docs/testing.md), but with bail a mutant run after one that a test killed often runs no test at all
  // and is reported as a survivor (docs/testing.md). Those, and only those, are taken out of the incremental file and
  // tested again without bail; Stryker reuses every other result, so the second pass's reports are the whole run's.
  let results = await new Stryker(options(false)).runMutationTest();
  const empty = results.filter(
    (r) => r.status === 'Survived' && (r.testsCompleted ?? 0) === 0 && (r.coveredBy?.length ?? 0) > 0,
  );
  if (empty.length > 0) {
    const removed = forgetMutants(incrementalFile, empty);
    console.log(
      `${empty.length} survivors ran no test under bail (${removed} taken out of ${incrementalFile}): testing them again without bail`,
    );
    results = await new Stryker(options(true)).runMutationTest();
  }
  const count = (...s) => results.filter((r) => s.includes(r.status)).length;
  const detected = count('Killed', 'Timeout');
  const valid = detected + count('Survived', 'NoCoverage');
  scores.push({
    folder,
    score: valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(1)} %`,
    killed: detected,
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    minutes: ((Date.now() - started) / 60_000).toFixed(1),
  });
}
console.table(scores);

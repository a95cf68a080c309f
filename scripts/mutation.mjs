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
//
// Incremental: reports/mutation/<folder>.incremental.json keeps each mutant's result and the tests that
// covered it; the next run tests again only the mutants of changed code or changed tests. The HTML report
// is reports/mutation/<folder>.html.
import { createHash } from 'node:crypto';
import { Stryker } from '@stryker-mutator/core';

// The tests that exercise each folder. The bot tests play whole games through the fake Discord and cover
// much of src/match, but a mutant they alone would kill costs a bot test run each: they stay out of the
// engine and store runs, where the folders' own tests are meant to be enough.
const FOLDERS = {
  engine: {
    tests: ['test/engine/**/*.test.ts', 'test/ai/engines.test.ts', 'test/ai/mcts.test.ts', 'test/docs/**/*.test.ts'],
  },
  match: { tests: ['test/match/**/*.test.ts', 'test/bot/**/*.test.ts', 'test/i18n/**/*.test.ts'] },
  store: { tests: ['test/store/**/*.test.ts'] },
};

const args = process.argv.slice(2);
const force = args.includes('--force');
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
  const slug =
    long && long.length > 60
      ? `${long.slice(0, 40)}-${createHash('sha1').update(long).digest('hex').slice(0, 10)}`
      : long;
  const name = files ? `${folder}.partial.${slug}` : folder;
  const stryker = new Stryker({
    mutate: files ?? [`src/${folder}/**/*.ts`, `!src/${folder}/**/*.d.ts`],
    testRunner: 'vitest',
    vitest: { configFile: 'vitest.config.ts', related: false },
    testFiles: FOLDERS[folder].tests,
    checkers: ['typescript'],
    tsconfigFile: 'tsconfig.json',
    coverageAnalysis: 'perTest',
    // Every covering test runs for each mutant. With vitest's bail (Stryker's default), a mutant run after one that a
    // test killed often ran no test at all and was reported as a survivor (docs/testing.md).
    disableBail: true,
    // A mutant in a module's top-level code (tables, constants) needs a fresh module graph and the whole
    // test selection for itself: too slow for this machine. Stryker reports them as ignored.
    ignoreStatic: true,
    concurrency,
    incremental: true,
    force,
    incrementalFile: `reports/mutation/${name}.incremental.json`,
    reporters: ['html', 'json', 'clear-text', 'progress-append-only'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    clearTextReporter: { allowColor: false, reportTests: false, reportMutants: false },
    tempDirName: files ? `.stryker-tmp/partial-${slug}` : '.stryker-tmp',
    // Not copied into the sandbox: the sandboxes (a full run's, beside a partial one) and the reports.
    ignorePatterns: ['/.stryker-tmp', '/reports'],
    cleanTempDir: 'always',
    thresholds: { high: 85, low: 70, break: null },
    // A mutant that loops forever is a timeout, counted as killed; the tests wait on Redis and timers.
    timeoutMS: 10_000,
  });
  const results = await stryker.runMutationTest();
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

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { CheapFirstSequencer } from './test/support/cheap-first-sequencer.js';

// Test files that need a module graph of their own: they change the registries
// the rest reads at load time (the third game registers itself and its words
// before the commands are loaded; finish.test.ts registers the test-only tic-tac-toe, whose words the
// catalogue tests would then miss).
const ISOLATED = ['test/match/third-game.test.ts', 'test/match/finish.test.ts'];

export default defineConfig({
  test: {
    // Finds or starts a Redis server and hands each run its own key prefix; builds dist/ once when it is stale.
    globalSetup: ['test/support/redis-global-setup.ts', 'test/support/build-global-setup.ts'],
    // Under mutation testing (npm run test:mutation) the code is instrumented and the machine busy: the property
    // tests need longer.
    testTimeout: process.env.STRYKER_MUTATOR_WORKER === undefined ? 30_000 : 180_000,
    // Under mutation testing a mutant's tests stop at the first failure: the cheapest files first (the sequencer's
    // comment). Otherwise vitest's order, the longest first, which fills its workers best.
    ...(process.env.STRYKER_MUTATOR_WORKER === undefined ? {} : { sequence: { sequencer: CheapFirstSequencer } }),
    hookTimeout: 30_000,
    // expect.poll waits 1 s by default: on a loaded machine a bot's edit (a tournament card losing its buttons) has
    // taken longer, and a test failed for it. What they wait for still has to happen, only later.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // The test processes' garbage collector, tuned for CPU rather than pauses: on 2 cores V8's parallel and concurrent
    // GC threads compete with the other workers, and a larger young generation collects less often. The whole suite
    // took 222 CPU-s instead of 241-266 (vitest 130 s instead of 140-152; docs/testing.md, "How long npm test takes").
    // The forks pool only: under Stryker vitest runs the threads pool, whose workers refuse V8 flags.
    ...(process.env.STRYKER_MUTATOR_WORKER === undefined
      ? { execArgv: ['--single-threaded-gc', '--max-semi-space-size=32'] }
      : {}),
    // One worker more than the cores (vitest's default is one fewer: a single worker on 2 cores). A few files spend most
    // of their time waiting (the crash tests for a dead process's heartbeat to run out, the browser tests for Chromium),
    // and vitest starts the longest files first: with one worker a core, those waits left a core idle while the checks
    // (scripts/test.mjs, ~70 CPU-s in one thread) ran beside them. On a 2-core host npm test took 2 min 31 s with three
    // workers against 2 min 40 s with two, and 257 against 271 CPU-s (docs/testing.md, "How long npm test takes").
    maxWorkers: availableParallelism() + 1,
    // Spies go back after every test: files share their worker (below).
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          // The files of a worker share its modules: discord.js, the bot, the render and AI
          // worker pools load once per worker instead of once per file (README, "Tests").
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});

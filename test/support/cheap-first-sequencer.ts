// The order of test files under mutation testing (vitest.config.ts, when Stryker runs the tests). Stryker runs a
// mutant's covering tests in one worker and stops at the first failure (bail), so a mutant is killed as soon as
// any covering file fails: cheap files should run first. Vitest's own order is the reverse (the longest file first,
// to fill its workers), which makes every mutant of the engine wait for the property tests before the table tests
// that would have killed it in milliseconds. Here: a file that failed last time first (it killed the mutant before
// this one, and neighbouring mutants are often killed by the same file), then the cheapest by the longest time it
// has taken in this run (the dry run times every file whole), unknown ones first.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class CheapFirstSequencer extends BaseSequencer {
  /** The longest a file has taken in this process: a mutant's run times only the tests that cover it. */
  private readonly cost = new Map<string, number>();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (f: TestSpecification) => `${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`;
    const facts = new Map<TestSpecification, { failed: boolean; cost: number }>();
    for (const f of files) {
      const k = key(f);
      const result = this.ctx.cache.getFileTestResults(k);
      const cost = Math.max(this.cost.get(k) ?? 0, result?.duration ?? 0);
      if (result) this.cost.set(k, cost);
      facts.set(f, { failed: result?.failed ?? false, cost });
    }
    const fact = (f: TestSpecification) => facts.get(f) ?? { failed: false, cost: 0 };
    return [...files].sort((a, b) => {
      // Projects one after the other, as vitest runs them.
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const fa = fact(a);
      const fb = fact(b);
      if (fa.failed !== fb.failed) return fa.failed ? -1 : 1;
      return fa.cost - fb.cost;
    });
  }
}

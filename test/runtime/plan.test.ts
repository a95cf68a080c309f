// How the shard manager splits this machine's shards among its processes
// (the rule discord-hybrid-sharding applies: runs of ceil(shards / processes)).
import { chunkArray } from 'discord-hybrid-sharding';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planShards } from '../../src/runtime/manager.js';

const sharding = (processes: number, list?: number[]) => ({ total: 'auto' as const, processes, list, spawnDelayMs: 0 });

describe('planShards', () => {
  it('splits in order, the last process shorter', () => {
    expect(planShards(2, sharding(2)).processes).toEqual([[0], [1]]);
    expect(planShards(5, sharding(2)).processes).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    expect(planShards(4, sharding(1)).processes).toEqual([[0, 1, 2, 3]]);
    // 6 shards on 4 processes: 3 processes of 2 (never an empty one).
    expect(planShards(6, sharding(4)).processes).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
  });

  it("runs only this machine's SHARD_IDS", () => {
    expect(planShards(8, sharding(2, [4, 5, 6, 7]))).toEqual({
      total: 8,
      ids: [4, 5, 6, 7],
      processes: [
        [4, 5],
        [6, 7],
      ],
    });
  });

  it('every shard in exactly one process, at most SHARD_PROCESSES processes, none empty, as the library splits them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 64 }), (total, processes) => {
        const plan = planShards(total, sharding(processes));
        expect(plan.processes.flat()).toEqual(plan.ids);
        expect(plan.processes.length).toBeLessThanOrEqual(processes);
        expect(plan.processes.every((p) => p.length > 0)).toBe(true);
        // The split the library makes itself (ClusterManager.spawn with totalClusters = SHARD_PROCESSES).
        expect(plan.processes).toEqual(chunkArray(plan.ids, Math.ceil(plan.ids.length / processes)));
      }),
    );
  });
});

// Records already in Redis keep decoding: the keys a store of the version
// before src/model wrote (records-before-model.json: its hashes, lists and
// strings as Redis held them, and what that store read back from them) are
// loaded as they were, and today's store reads the same values.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { MODES, useStore } from './helpers.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/records-before-model.json', import.meta.url), 'utf8')) as {
  dump: Record<string, Record<string, string> | string[] | string>;
  read: Record<string, unknown>;
};

describe.each(MODES)('$name: records written before the model', (mode) => {
  let store: Store;
  useStore(mode, 'format', (s) => (store = s));
  beforeAll(async () => {
    for (const [key, value] of Object.entries(fixture.dump)) {
      const k = store.prefix + key;
      if (Array.isArray(value)) await store.redis.rpush(k, ...value);
      else if (typeof value === 'string') await store.redis.set(k, value);
      else await store.redis.hset(k, value);
    }
  });

  it('read back as they were', async () => {
    const { read } = fixture;
    expect(await store.games.get('game000001')).toEqual(read.game);
    expect(await store.games.moves('game000001')).toEqual(read.moves);
    expect(await store.challenges.get('chal000001')).toEqual(read.challenge);
    expect(await store.settings.get('g1')).toEqual(read.settings);
    expect(await store.tournaments.get('tour000001')).toEqual(read.tournament);
    expect(await store.ratings.get('exxit', 'u1', 'global@2026-Q4')).toEqual(read.rating);
    // Applied already: the stored outcome comes back.
    const outcome = store.ratings.applyResult(
      'exxit',
      'game000002',
      'g1',
      ['u1', 'u2'],
      { winner: 1, draw: false },
      1e6,
      {
        global: '2026-Q4',
      },
    );
    expect(await outcome).toEqual(read.outcome);
    // The owed post and the interaction it answers, kept beside the record (in the field `reply`). That store
    // returned the interaction as `reply`; today's names it `interaction`: the same value.
    const { reply, ...claim } = read.claim as { reply: unknown };
    expect(await store.outbox.claim('game000001', 'proc-b', 'proc-c')).toEqual({ ...claim, interaction: reply });
  });
});

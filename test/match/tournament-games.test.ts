// Where a pairing's game stands (src/match/tournament-games.ts, readPairing),
// read from the store at the match layer: not opened yet, being played, a
// result for the pairing, or stuck — a record the store cannot read or one
// marked damaged — which the round's deadline ends.
import { describe, expect, it } from 'vitest';
import { pairingGameId, resign } from '../../src/match/index.js';
import { readPairing } from '../../src/match/tournament-games.js';
import type { StoredTournament, TournamentPairing } from '../../src/model/index.js';
import { createGame, harness, HOUR, useMatchStore } from './harness.js';

const T = Date.now();
const m = useMatchStore('tournament-games');
let n = 0;
const event = (): StoredTournament => ({ id: `tg${String(++n).padStart(8, '0')}` }) as StoredTournament;
const board: TournamentPairing = { round: 1, board: 1, first: 'alice', second: 'bob', result: null };

describe("a pairing's game", () => {
  it('missing before it opens; open while played; its result once over', async () => {
    const h = harness(() => T);
    const t = event();
    expect(await readPairing(h.ctx, t, board)).toEqual({ kind: 'missing' });
    const rec = await createGame(T + HOUR, { id: pairingGameId(t.id, 1, 1) });
    expect(await readPairing(h.ctx, t, board)).toEqual({ kind: 'open' });
    await resign(h.ctx, rec.channelId, 'alice');
    expect(await readPairing(h.ctx, t, board)).toEqual({ kind: 'result', result: { result: 'second' } });
  });

  it('stuck when its record cannot be read or is marked damaged', async () => {
    const h = harness(() => T);
    const t = event();
    const rec = await createGame(T + HOUR, { id: pairingGameId(t.id, 1, 1) });
    const key = `${m.prefix}game:{${rec.id}}`;
    await m.store.redis.hset(key, 'damaged', JSON.stringify('state: not a position'));
    expect(await readPairing(h.ctx, t, board)).toEqual({ kind: 'stuck' });
    await m.store.redis.hset(key, 'players', '{broken');
    expect(await readPairing(h.ctx, t, board)).toEqual({ kind: 'stuck' });
  });
});

// The sign-up card is redrawn once per change: an event that ends (its last
// game over, or cancelled) gets one redraw of its card and one end post,
// whoever drives it; of two redraws in flight, the last to land shows the
// latest record.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cancelTournament,
  createTournament,
  joinTournament,
  pairingGameId,
  postAnnouncement,
  findTournament,
  mutate,
  recordTournamentCard,
  refreshCard,
  tournamentWins,
  resign,
  startTournament,
  tournamentGameOver,
} from '../../src/match/index.js';
import type { Post } from '../../src/match/context.js';
import type { StoredTournament } from '../../src/model/index.js';
import { harness, refusalOf, tournamentInput, useMatchStore, type Harness } from './harness.js';

const m = useMatchStore('tcard');

function proc(): Harness & { edits: Post[] } {
  const h = harness(Date.now);
  const edits: Post[] = [];
  h.ctx.notifier.edit = (_where, _id, post) => {
    edits.push(post);
    return Promise.resolve();
  };
  h.ctx.notifier.openThread = () => Promise.resolve(`th${randomBytes(5).toString('hex')}`);
  h.ctx.onGameOver = (rec) => tournamentGameOver(h.ctx, rec);
  return Object.assign(h, { edits });
}

async function settled(h: Harness): Promise<void> {
  for (let i = 0; i < 4; i++) await h.settle();
}

/** A one-round Swiss of three (one game, one bye), started, its card posted. */
async function running(h: Harness): Promise<StoredTournament> {
  const t = await createTournament(
    h.ctx,
    tournamentInput({ name: 'Card Cup', format: 'swiss', rounds: 1, clockHours: null, roundHours: null }),
  );
  await recordTournamentCard(h.ctx, t.id, 'card-1');
  for (const id of ['alice', 'bob', 'carol']) await joinTournament(h.ctx, t.id, { id, name: id });
  await startTournament(h.ctx, t.id, 'olga', false);
  await settled(h);
  return (await m.store.tournaments.get(t.id))!;
}

const cardsShowing = (edits: Post[], status: StoredTournament['status']) =>
  edits.filter((p) => p.kind === 'tournament' && p.view === 'card' && p.tournament.status === status);

describe('the tournament card', () => {
  it('is redrawn once when the last game ends the event, beside one winners’ post', async () => {
    const h = proc();
    const t = await running(h);
    const p = t.pairings.find((x) => x.second !== null)!;
    const game = (await m.store.games.get(pairingGameId(t.id, p.round, p.board)))!;
    await postAnnouncement(h.ctx, await resign(h.ctx, game.channelId, p.first));
    await settled(h);
    expect((await m.store.tournaments.get(t.id))?.status).toBe('finished');
    expect(cardsShowing(h.edits, 'finished')).toHaveLength(1);
    expect(h.edits).toHaveLength(1);
    const finals = h.posts.filter((x) => x.post.kind === 'tournament' && x.post.view === 'final');
    expect(finals).toHaveLength(1);
  });

  it('is redrawn once when the event is cancelled, beside one note', async () => {
    const h = proc();
    const t = await running(h);
    await cancelTournament(h.ctx, t.id, 'olga', false);
    await settled(h);
    expect(cardsShowing(h.edits, 'cancelled')).toHaveLength(1);
    expect(h.edits).toHaveLength(1);
    const notes = h.posts.filter(
      (x) => x.post.kind === 'text' && x.post.lines.some((l) => l.key === 'tournament.cancelledBy'),
    );
    expect(notes).toHaveLength(1);
  });

  it('shows the latest record once two redraws land out of order (a slow one drew the event still running)', async () => {
    const h = proc();
    const t = await running(h);
    // Edits land when they resolve; the first one to start is held back until the event has ended.
    const landed: Post[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let calls = 0;
    h.ctx.notifier.edit = async (_where, _id, post) => {
      if (calls++ === 0) await held;
      landed.push(post);
    };
    const slow = refreshCard(h.ctx, t.id);
    const p = t.pairings.find((x) => x.second !== null)!;
    const game = (await m.store.games.get(pairingGameId(t.id, p.round, p.board)))!;
    await postAnnouncement(h.ctx, await resign(h.ctx, game.channelId, p.first));
    await settled(h);
    expect(cardsShowing(landed, 'finished')).toHaveLength(1);
    release();
    await slow;
    const last = landed.at(-1)!;
    expect(last.kind === 'tournament' && last.tournament.status).toBe('finished');
    expect(cardsShowing(landed, 'running')).toHaveLength(1);
  });

  it('stops redrawing after four edits while the record keeps changing (each change draws it again)', async () => {
    const h = proc();
    const t = await running(h);
    let edits = 0;
    h.ctx.notifier.edit = async () => {
      edits++;
      // Someone changes the event while each edit is on its way.
      await mutate(h.ctx, t.id, (x) => ({ ...x }));
    };
    await refreshCard(h.ctx, t.id);
    expect(edits).toBe(4);
  });
});

describe('the tournament record', () => {
  /** The store, with the tournaments' update or get replaced. */
  const withTournaments = (h: Harness, over: Partial<typeof m.store.tournaments>) => {
    const tournaments = Object.assign(Object.create(m.store.tournaments) as typeof m.store.tournaments, over);
    h.ctx.store = new Proxy(m.store, {
      get: (o, k) => (k === 'tournaments' ? tournaments : (Reflect.get(o, k) as unknown)),
    });
  };

  it('a change that changes nothing writes nothing; one that keeps losing the race is refused after 20 tries', async () => {
    const h = proc();
    const t = await running(h);
    expect(await mutate(h.ctx, t.id, () => null)).toMatchObject({ changed: false, after: { version: t.version } });
    let tries = 0;
    withTournaments(h, {
      update: () => {
        tries++;
        return Promise.resolve({ ok: false, reason: 'conflict' });
      },
    });
    expect(await refusalOf(mutate(h.ctx, t.id, (x) => ({ ...x })))).toEqual({ key: 'tournament.busy' });
    expect(tries).toBe(20);
  });

  it('a store that fails for another reason than a damaged record fails the lookups, rather than hiding it', async () => {
    const h = proc();
    const t = await running(h);
    const down = new Error('Redis is down');
    h.ctx.store = new Proxy(m.store, {
      get: (o, k) =>
        k === 'channels'
          ? Object.assign(Object.create(o.channels) as typeof o.channels, { latest: () => Promise.reject(down) })
          : (Reflect.get(o, k) as unknown),
    });
    await expect(findTournament(h.ctx, t.guildId, 'some-thread', null)).rejects.toBe(down);
    const h2 = proc();
    await m.store.tournaments.addWin('winner', t.id, Date.now());
    withTournaments(h2, { get: () => Promise.reject(down) });
    await expect(tournamentWins(h2.ctx, 'winner', t.guildId)).rejects.toBe(down);
  });
});

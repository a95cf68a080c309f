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
  recordTournamentCard,
  refreshCard,
  resign,
  startTournament,
  tournamentGameOver,
} from '../../src/match/index.js';
import type { Post } from '../../src/match/context.js';
import type { StoredTournament } from '../../src/model/index.js';
import { harness, tournamentInput, useMatchStore, type Harness } from './harness.js';

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
});

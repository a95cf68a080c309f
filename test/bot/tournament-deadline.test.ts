// The round deadline through the real bot and the fake Discord, swept by two
// bot processes at the same instant: a game in which both sides moved is lost
// on time by the side to move (a real result, not a forfeit); one in which
// nobody moved is a double forfeit; each game ends once, each result is
// entered once and the next round is paired once.
import { describe, expect, it } from 'vitest';
import { sweepTournaments } from '../../src/bot/index.js';
import { getGame } from '../../src/engine/index.js';
import { roundPairings } from '../../src/match/index.js';
import type { StoredGame } from '../../src/store/types.js';
import { isEphemeral, waitFor } from './harness.js';
import { HOUR, tournamentKit } from './tournament-kit.js';

const { h, setup, createEvent, clickCard, get, openRound, entered, pairingPosts } = tournamentKit();

/** Some legal move of the side to move, as text. */
function aMove(rec: StoredGame): string {
  const g = getGame(rec.game);
  const s = g.fromJSON(rec.state);
  if (!s.ok) throw new Error('bad state');
  return g.formatMove(s.value, g.legalMoves(s.value)[0]);
}

describe('/tournament: the round deadline', () => {
  it('two processes sweep the deadline at once: a loss on time after both sides moved, a double forfeit where nobody moved, each once', async () => {
    const base = await setup(4);
    const e = await createEvent(base, { format: 'swiss', name: 'Blitz Night' });
    for (const p of e.players) await clickCard(e, p, 'Join');
    await clickCard(e, e.organiser, 'Start');
    const [moved, idle] = await openRound(e, 1);
    const other = await h().startAnotherBot({ now: base.clk.now });
    await h().fake.waitForReady(2);

    // Both sides move once; the first player is to move again, and never does.
    const [first, second] = moved.rec.players.map((p) => e.byId.get(p.id)!);
    expect(isEphemeral(await h().move(first, moved.rec.channelId, 'S1 K2'))).toBe(false);
    const mid = (await h().store.games.get(moved.rec.id))!;
    expect(isEphemeral(await h().move(second, moved.rec.channelId, aMove(mid)))).toBe(false);

    // Just before the deadline nothing happens; just after, both processes sweep at the same instant.
    base.clk.advance(HOUR - 60_000);
    expect(await Promise.all([sweepTournaments(h().bot.ctx), sweepTournaments(other.ctx)])).toEqual([0, 0]);
    expect((await h().store.games.get(moved.rec.id))?.status).toBe('active');
    base.clk.advance(2 * 60_000);
    // (The results may be entered by the end-of-game call the adjudication makes, in either process.)
    await Promise.all([sweepTournaments(h().bot.ctx), sweepTournaments(other.ctx)]);

    // The game both sides moved in: lost on time by the side to move, a real result (not a forfeit).
    const lost = (await h().store.games.get(moved.rec.id))!;
    expect(lost.status).toBe('over');
    expect(lost.result).toMatchObject({ winner: 1, draw: false, reason: 'time' });
    expect(await entered(e, moved.p)).toMatchObject({ result: 'second' });
    expect((await get(e)).pairings.find((p) => p.round === 1 && p.board === moved.p.board)?.forfeit).toBeUndefined();
    // What the players see in its thread, once.
    const ends = await waitFor(async () => {
      const m = h()
        .fake.messages(moved.rec.channelId)
        .filter((x) => x.content.includes('did not move in time'));
      return m.length ? m : null;
    });
    expect(ends).toHaveLength(1);
    expect(ends[0].content).toContain(`**<@${second.id}> (Blue) wins**: <@${first.id}> (Orange) lost on time.`);
    // The game nobody moved in: aborted, both forfeit.
    expect((await h().store.games.get(idle.rec.id))?.status).toBe('aborted');
    expect(await entered(e, idle.p)).toMatchObject({ result: 'double-forfeit', forfeit: true });
    await h().fake.waitForMessage(idle.rec.channelId, (m) => m.content.includes('did not move in time'));

    // Round 2 is paired and opened once, whoever of the two moved the event on.
    const round2 = await openRound(e, 2);
    expect(round2).toHaveLength(2);
    expect(pairingPosts(2)).toHaveLength(2);
    expect(roundPairings(await get(e), 1).every((p) => p.result !== null)).toBe(true);
    // Sweeping again changes nothing: no second end, no second post.
    await Promise.all([sweepTournaments(h().bot.ctx), sweepTournaments(other.ctx)]);
    for (const { rec } of [moved, idle])
      expect(
        h()
          .fake.messages(rec.channelId)
          .filter((m) => m.content.includes('did not move in time')),
      ).toHaveLength(1);
    expect(pairingPosts(2)).toHaveLength(2);
    expect(h().fake.threads(h().channel.id)).toHaveLength(4);
  }, 60_000);
});

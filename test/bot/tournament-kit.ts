// Shared by the tournament tests through the real bot and the fake Discord:
// a harness with a clock the test moves, an organiser and players, the event
// created from /tournament create, and helpers that click its card, wait for
// a round's games and decide them as players would.
import { expect } from 'vitest';
import { pairingGameId, roundPairings } from '../../src/match/index.js';
import type { StoredGame, StoredTournament, TournamentPairing } from '../../src/model/index.js';
import type { FakeMessage, FakeUser } from '../support/fake-discord/index.js';
import {
  checkAndCloseAfterEach,
  createHarness,
  findButton,
  isEphemeral,
  toOptions,
  waitFor,
  type Harness,
  type OptValue,
  MANAGE_GUILD,
} from './harness.js';

export const HOUR = 3_600_000;

/** A shifted clock the test moves forward. */
export function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => (offset += ms) };
}
export type TestClock = ReturnType<typeof testClock>;

export interface Base {
  clk: TestClock;
  organiser: FakeUser;
  players: FakeUser[];
  byId: Map<string, FakeUser>;
}

export interface Event extends Base {
  cardId: string;
  id: string;
}

/** The helpers of one test file; the harness is closed (and checked) after each test. */
export function tournamentKit() {
  let current: Harness | undefined;
  checkAndCloseAfterEach(
    () => current,
    () => (current = undefined),
  );
  const h = (): Harness => current ?? expect.fail('no harness: call setup() first');

  async function setup(n: number, clk = testClock()): Promise<Base> {
    current = await createHarness({ bot: { now: clk.now } });
    const organiser = current.fake.addUser({ username: 'olga', globalName: 'Olga', permissions: MANAGE_GUILD });
    const players = Array.from({ length: n }, (_, k) =>
      current!.fake.addUser({ username: `p${k + 1}`, globalName: `Player ${k + 1}` }),
    );
    return { clk, organiser, players, byId: new Map(players.map((p) => [p.id, p])) };
  }

  const create = (user: FakeUser, opts: Record<string, OptValue | undefined>) =>
    h()
      .fake.slash(user, h().channel.id, 'tournament', [{ name: 'create', type: 1, options: toOptions(opts) }])
      .done();

  async function createEvent(
    base: Base,
    opts: Record<string, OptValue | undefined>,
    by = base.organiser,
  ): Promise<Event> {
    const res = await create(by, { game: 'orion', layout: 'preset1', clock: 1, 'round-hours': 1, ...opts });
    expect(isEphemeral(res), res.callback.data?.content).toBe(false);
    const card = res.original!;
    const t = await waitFor(async () =>
      (await h().store.tournaments.listByGuild(h().guild.id, 1)).find((x) => x.messageId === card.id),
    );
    return { ...base, cardId: card.id, id: t.id };
  }

  const card = (e: Event): FakeMessage => h().fake.message(e.cardId)!;
  const clickCard = (e: Event, user: FakeUser, label: string) =>
    h()
      .fake.click(user, e.cardId, findButton(card(e), label))
      .done();
  const get = async (e: Event): Promise<StoredTournament> => (await h().store.tournaments.get(e.id))!;

  /** Waits for round r to be paired and every game of it to be open with its board posted. */
  async function openRound(e: Event, r: number): Promise<{ p: TournamentPairing; rec: StoredGame }[]> {
    return waitFor(async () => {
      const t = await get(e);
      if (t.status !== 'running' || t.round !== r) return null;
      const playing = roundPairings(t).filter((p) => p.second !== null && p.result === null);
      const recs = await Promise.all(playing.map((p) => h().store.games.get(pairingGameId(t.id, r, p.board))));
      if (recs.some((x) => !x)) return null;
      for (const rec of recs)
        if (
          !h()
            .fake.messages(rec!.channelId)
            .some((m) => m.attachments.length > 0)
        )
          return null;
      return playing.map((p, k) => ({ p, rec: recs[k]! }));
    }, 15_000);
  }

  /** Ends a pairing's game: 'first' or 'second' wins (the other resigns), or a draw is agreed. */
  async function decide(e: Event, rec: StoredGame, outcome: 'first' | 'second' | 'draw') {
    const [f, s] = rec.players.map((p) => e.byId.get(p.id)!);
    if (outcome === 'draw') {
      expect(isEphemeral(await h().slash(f, rec.channelId, 'draw').done())).toBe(false);
      await h().slash(s, rec.channelId, 'draw').done();
    } else {
      const r = await h()
        .slash(outcome === 'first' ? s : f, rec.channelId, 'resign')
        .done();
      expect(isEphemeral(r), r.callback.data?.content).toBe(false);
    }
  }

  /** Waits until the tournament has entered the result of a pairing. */
  const entered = (e: Event, p: TournamentPairing) =>
    waitFor(async () =>
      (await get(e)).pairings.find((x) => x.round === p.round && x.board === p.board && x.result !== null),
    );

  /** The pairing posts of a round in the tournament channel. */
  const pairingPosts = (r: number) =>
    h()
      .fake.messages(h().channel.id)
      .filter((m) => m.content.includes(`· round ${r} of`));

  return { h, setup, create, createEvent, card, clickCard, get, openRound, decide, entered, pairingPosts };
}

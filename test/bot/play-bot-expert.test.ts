// /play-bot level:expert through the fake Discord (issue 19): refused with its
// reason where the clock is short, played where it is long, and the server's
// cap (/settings expert) is the time cap its search gets.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import type { ThinkMove, ThinkOptions } from '../../src/match/index.js';
import type { CommandOption } from '../support/fake-discord/index.js';
import { checkAndCloseAfterEach, createHarness, isEphemeral, waitFor, type Harness, MANAGE_GUILD } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const sub = (name: string, options: CommandOption[] = []): CommandOption[] => [{ name, type: 1, options }];

describe('/play-bot level:expert', () => {
  it('is refused under a short clock, then played once the server’s clock is long, at the server’s cap', async () => {
    const asked: (ThinkOptions | undefined)[] = [];
    const think: ThinkMove = (game, state, _level, _seed, opts) => {
      asked.push(opts);
      const g = getGame(game);
      return Promise.resolve(g.formatMove(state, g.legalMoves(state)[0], 'canonical'));
    };
    h = await createHarness({ bot: { moveTimeMs: 10 * 60_000, thinkMove: think } });
    const dana = h.fake.addUser({ username: 'dana', globalName: 'Dana', permissions: MANAGE_GUILD });
    const settings = async (options: CommandOption[]) => {
      const r = await h!.fake.slash(dana, h!.channel.id, 'settings', options).done();
      expect(isEphemeral(r)).toBe(true);
      return r.callback.data.content as string;
    };

    const refused = await h.slash(h.alice, h.channel.id, 'play-bot', { game: 'orion', level: 'expert' }).done();
    expect(isEphemeral(refused)).toBe(true);
    expect(refused.callback.data.content).toBe(
      'The expert AI thinks up to 10 s a move, so it plays only where games are slow: a time per move of at least 1 h. Here it is 10 min. Pick `hard`, which answers within 2 s, or ask an admin for a longer clock (`/settings clock`).',
    );
    expect(await h.store.gameIndex.listActiveByUser(h.alice.id)).toEqual([]);

    expect(await settings(sub('show'))).toMatch(/\*\*Expert AI\*\* thinking time: at most 10 s a move \(bot default\)/);
    await settings(sub('clock', [{ name: 'hours', type: 4, value: 24 }]));
    expect(await settings(sub('expert', [{ name: 'seconds', type: 4, value: 4 }]))).toMatch(
      /^The expert AI now thinks at most 4 s a move in this server\.\n.*at most 4 s a move \(this server’s setting\)/s,
    );
    // A forged value outside 2–10 is refused and changes nothing.
    expect(await settings(sub('expert', [{ name: 'seconds', type: 4, value: 11 }]))).toMatch(/seconds/);
    expect((await h.store.settings.get(h.guild.id)).expertSeconds).toBe(4);

    const r = await h
      .slash(h.alice, h.channel.id, 'play-bot', { game: 'orion', level: 'expert', first: 'them', layout: 'preset1' })
      .done();
    expect(isEphemeral(r), r.callback.data?.content).toBe(false);
    expect(r.original?.content).toMatch(/hexmate AI \(expert\) vs Alice/);
    const [game] = await waitFor(async () => {
      const games = await h!.store.gameIndex.listActiveByUser(h!.alice.id);
      return games.length === 1 && games[0].moves.length === 1 ? games : undefined;
    });
    expect(game.players[0].bot).toBe('expert');
    expect(asked).toEqual([{ timeCapMs: 4_000 }]);

    // Back to the most: stored as no setting, shown as the default.
    expect(await settings(sub('expert', [{ name: 'seconds', type: 4, value: 10 }]))).toMatch(/\(bot default\)/);
    expect((await h.store.settings.get(h.guild.id)).expertSeconds ?? null).toBeNull();
  });
});

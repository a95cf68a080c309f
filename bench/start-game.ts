// The benches' ways to open a game through the stand-in: /challenge (Orion Duel,
// preset 1, the challenger first), Accept, then wait for the game's thread to
// show its starting board; /play-bot against the AI.
import { performance } from 'node:perf_hooks';
import type { FakeChannel, FakeDiscord, FakeUser } from '../test/support/fake-discord/index.js';

/** The thread id of the started game; throws after `timeoutMs` saying what was seen. */
export async function startOrionGame(
  fake: FakeDiscord,
  channel: FakeChannel,
  a: FakeUser,
  b: FakeUser,
  timeoutMs = 60_000,
): Promise<string> {
  const card = (
    await fake
      .slash(a, channel.id, 'challenge', [
        { name: 'game', type: 3, value: 'orion' },
        { name: 'opponent', type: 6, value: b.id },
        { name: 'layout', type: 3, value: 'preset1' },
        { name: 'first', type: 3, value: 'me' },
      ])
      .done()
  ).original!;
  const accept = (card.components as { components: { custom_id: string }[] }[])[0].components[0].custom_id;
  const clicked = await fake.click(b, card.id, accept).done();
  const until = performance.now() + timeoutMs;
  for (;;) {
    // The thread opens on the card (its id is the card's).
    const t = fake.threads(channel.id).find((th) => th.id === card.id);
    if (t && fake.messages(t.id).some((m) => m.attachments.length > 0)) return t.id;
    if (performance.now() > until) {
      const seen = t ? fake.messages(t.id).map((m) => m.content.slice(0, 80)) : [];
      throw new Error(
        `${a.username} vs ${b.username} never started: ${t ? `thread ${t.id} without a board (${JSON.stringify(seen)})` : 'no thread'}; Accept answered ${JSON.stringify(clicked.callback)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A game against the AI at `level` (/play-bot: Orion Duel, preset 1, the player first); its thread's id. */
export async function startAiGame(
  fake: FakeDiscord,
  channel: FakeChannel,
  user: FakeUser,
  level: 'easy' | 'medium' | 'hard' | 'expert',
): Promise<string> {
  const r = await fake
    .slash(user, channel.id, 'play-bot', [
      { name: 'game', type: 3, value: 'orion' },
      { name: 'level', type: 3, value: level },
      { name: 'layout', type: 3, value: 'preset1' },
      { name: 'first', type: 3, value: 'me' },
    ])
    .done();
  if (!r.original) throw new Error(`/play-bot ${level} refused: ${JSON.stringify(r.callback.data)}`);
  return r.original.id; // the game's thread opens on the card
}

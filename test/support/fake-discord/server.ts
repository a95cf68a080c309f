import type { FakeDiscord, FakeDiscordOptions } from './types.js';

// API surface committed first so the bot engineer can code against it; the implementation follows.
export async function startFakeDiscord(_opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  throw new Error('fake-discord: implementation in progress');
}

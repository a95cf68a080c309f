// A move tapped on the web page (docs/web.md "Tap to play"): the same playMove as /move and the builder's Confirm (the
// same checks and compare-and-set write, on the version the page saw), then the thread's post as for any move nobody
// waits on in Discord (postAnnouncement; the announcement sweep makes it if this process dies first).
import { isMsg, type Msg, type Param } from '../i18n/msg.js';
import { postAnnouncement } from './announce.js';
import type { MatchContext } from './context.js';
import { playMove } from './move.js';
import { isRefusal } from './refusal.js';

export type WebMoveResult = { ok: true } | { ok: false; reason: Msg };

/** The match layer's refusals the page words its own way (a page has no `/move` nor buttons to point to). */
const PAGE_WORDS: Partial<Record<string, Msg['key']>> = {
  'move.stale': 'web.play.stale',
  'move.conflict': 'web.play.stale',
};

/** Plays `text` for `userId` in game `gameId` if its version is still `version`; the post goes out in the background. */
export async function playFromPage(
  ctx: MatchContext,
  gameId: string,
  userId: string,
  version: number,
  text: string,
): Promise<WebMoveResult> {
  let a;
  try {
    a = await playMove(ctx, { gameId }, { userId, expectVersion: version }, text);
  } catch (e) {
    if (!isRefusal(e)) throw e;
    const own = PAGE_WORDS[e.msg.key];
    return { ok: false, reason: own ? { key: own } : forPage(e.msg) };
  }
  // The page's own update comes from the change feed; the thread's post does not hold the answer up.
  ctx.background(`web move post ${gameId}`, () => postAnnouncement(ctx, a));
  return { ok: true };
}

/** A message as a page may receive it: names stay, user ids and mentions go (the page shows no ids). */
export function forPage(m: Msg): Msg {
  if (!m.params) return { key: m.key };
  const params: Record<string, Param> = {};
  for (const [k, v] of Object.entries(m.params)) params[k] = paramForPage(v);
  return { key: m.key, params };
}

function paramForPage(p: Param): Param {
  if (typeof p === 'string' || typeof p === 'number') return p;
  if (isMsg(p)) return forPage(p);
  if ('player' in p) return { name: p.player.name };
  if ('user' in p || 'channel' in p) return '';
  if ('list' in p) return { ...p, list: p.list.map(paramForPage) };
  return p;
}

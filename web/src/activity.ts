// The page opened as a Discord Activity (docs/web.md, "The Activity"). Discord loads the mapped root URL in an iframe
// with its query (frame_id, instance_id, channel_id, guild_id, platform…); the page then starts the Embedded App SDK,
// asks the user to authorize the app (identify), and hands the one-time code to the bot's server (POST /api/token),
// which checks the user and the instance with Discord and answers with a session token and the game of the channel
// the Activity runs in. Outside Discord nothing here runs: /game/<id> is the plain live page.
//
// `?sdk=mock` runs the SDK's own DiscordSDKMock instead (the browser tests: no Discord client around the page). It is
// harmless anywhere: the mock's code is a made-up one that only the fake Discord of the tests accepts.
import type { IDiscordSDK } from '@discord/embedded-app-sdk';
import {
  ACTIVITY_REFUSALS,
  type ActivityConfigReply,
  type ActivityRefusal,
  type ActivityTokenReply,
  type ActivityTokenRequest,
} from '../../src/match/activity.js';

type Say = (key: string) => string;

export interface ActivitySignIn {
  gameId: string;
  /** The web session token (src/runtime/web-session.ts): who the server checked, for moves over the WebSocket. */
  session: string;
  userId: string;
}

/** Whether Discord opened this page as the Activity (its query), or a test asked for the SDK's mock. */
export function launchedAsActivity(query = new URLSearchParams(location.search)): boolean {
  return (query.has('frame_id') && query.has('instance_id')) || query.get('sdk') === 'mock';
}

/** A page that says why there is nothing to show (the same look as the server's refusal pages). */
export function showRefusal(title: string, body: string): void {
  document.body.className = 'refused';
  document
    .querySelector('main')
    ?.replaceChildren(
      Object.assign(document.createElement('h1'), { id: 'refused', textContent: title }),
      Object.assign(document.createElement('p'), { textContent: body }),
    );
}

class Refused extends Error {
  constructor(readonly code: ActivityRefusal | 'denied') {
    super(code);
  }
}

const refusalOf = (body: unknown): ActivityRefusal => {
  const code = (body as { error?: unknown } | null)?.error;
  return ACTIVITY_REFUSALS.find((c) => c === code) ?? 'unavailable';
};

async function getJson(url: string, init?: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new Refused('unavailable');
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Refused(refusalOf(body));
  return body;
}

/**
 * Outside an Activity: null at once. Inside: signs in and returns the game and the session, or shows why it cannot
 * (in the page's language) and returns 'refused'.
 */
export async function openActivity(say: Say): Promise<ActivitySignIn | 'refused' | null> {
  const query = new URLSearchParams(location.search);
  if (!launchedAsActivity(query)) return null;
  const status = document.getElementById('status');
  if (status) status.textContent = say('activity.signingIn');
  try {
    const { clientId } = (await getJson('/api/activity')) as ActivityConfigReply;
    // The SDK is loaded only here: the plain page does not download it.
    const { DiscordSDK, DiscordSDKMock } = await import('@discord/embedded-app-sdk');
    const mock = query.get('sdk') === 'mock';
    const sdk: IDiscordSDK = mock
      ? new DiscordSDKMock(clientId, query.get('guild_id'), query.get('channel_id'), null)
      : new DiscordSDK(clientId);
    await sdk.ready();
    let code: string;
    try {
      ({ code } = await sdk.commands.authorize({
        client_id: clientId,
        response_type: 'code',
        state: '',
        prompt: 'none',
        scope: ['identify'],
      }));
    } catch {
      throw new Refused('denied'); // the user closed the prompt
    }
    // The mock's instance id is a constant; a test names its instance in the query as Discord does.
    const instanceId = (mock && query.get('instance_id')) || sdk.instanceId;
    const reply = (await getJson('/api/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        code,
        instanceId,
        ...(sdk.channelId ? { channelId: sdk.channelId } : {}),
      } satisfies ActivityTokenRequest),
    })) as ActivityTokenReply;
    await sdk.commands.authenticate({ access_token: reply.accessToken });
    // The page's address becomes the game's (a reload inside Discord signs in again: the query stays). The session goes
    // to the page's socket (session.ts), never into the address.
    history.replaceState(null, '', `/game/${reply.gameId}${location.search}`);
    return { gameId: reply.gameId, session: reply.session, userId: reply.userId };
  } catch (e) {
    const code = e instanceof Refused ? e.code : 'unavailable';
    showRefusal(say('activity.refusedTitle'), say(`activity.refused.${code}`));
    return 'refused';
  }
}

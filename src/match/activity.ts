// The Activity's sign-in as the client and the web server both see it (src/runtime/activity-auth.ts answers it,
// web/src/activity.ts asks): the page inside Discord posts the OAuth2 code and its instance, the server checks them
// with Discord and answers with a session token and the game of the instance's channel, or a refusal by code (the
// client shows the catalogue's words for it: web.activity.<code>).

/** POST /api/token's body. `channelId`: where the SDK says it was launched (must agree with Discord's instance). */
export interface ActivityTokenRequest {
  code: string;
  instanceId: string;
  channelId?: string;
}

export interface ActivityTokenReply {
  /** The user's OAuth2 access token, for the SDK's authenticate (Discord wants it back from the page). */
  accessToken: string;
  /** A web session token (src/runtime/web-session.ts) naming the checked user, instance and channel. */
  session: string;
  /** The game of the instance's channel (its active game, else the last one played there). */
  gameId: string;
  userId: string;
}

export const ACTIVITY_REFUSALS = [
  /** The body is not `{ code, instanceId }` as expected. */
  'bad-request',
  /** The body is over the size limit. */
  'too-large',
  /** Too many sign-ins from this address. */
  'busy',
  /** Discord refused the code (old, used, forged). */
  'bad-code',
  /** The user is not in the Activity instance named (or the instance does not exist). */
  'not-in-instance',
  /** The instance is in another channel than the one the page was launched in. */
  'wrong-channel',
  /** The instance's channel has no game. */
  'no-game',
  /** Discord could not be asked (down, slow): try again. */
  'unavailable',
] as const;
export type ActivityRefusal = (typeof ACTIVITY_REFUSALS)[number];

/** GET /api/activity: what the page needs to start the SDK (the application's public id only). */
export interface ActivityConfigReply {
  clientId: string;
}

// Who is looking (docs/web.md "Tap to play"): a session token the server minted after checking a Discord identity
// (src/runtime/web-session.ts). It comes from the Discord Activity's sign-in (web/src/activity.ts calls setSession) or
// in the page's fragment (`/game/<id>#token=…`: a fragment never reaches the server's logs nor a Referer). The page
// sends it on its socket's hello; the server believes only what the token's signature proves.
type Listener = (token: string | null) => void;

let token: string | null = null;
const listeners = new Set<Listener>();

/** Sets (or clears, with null) the session; the open socket says hello again with it. */
export function setSession(t: string | null): void {
  token = t && t.length <= 1024 ? t : null;
  for (const l of listeners) l(token);
}

export const sessionToken = (): string | null => token;

/** Called on each change of session. */
export function onSession(l: Listener): void {
  listeners.add(l);
}

/** Takes `#token=…` from the address (and removes it from the address bar, so a copied link carries no token). */
export function sessionFromFragment(): void {
  const t = new URLSearchParams(location.hash.slice(1)).get('token');
  if (!t) return;
  history.replaceState(null, '', location.pathname + location.search);
  setSession(t);
}

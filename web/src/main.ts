// The live game page (docs/web.md): the game from the bot's WebSocket, replayed by the engine in the browser and
// drawn by the bot's own painter; a slider goes back through the positions. A player signed in (session.ts) plays by
// tapping the board (tap.ts) when it is their turn; everyone else watches.
import { getGame, type GameId, type Side } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import { type Locale, localeOf } from '../../src/i18n/catalogue.js';
import { matchTitle, moveLine, sideMsg } from '../../src/match/describe.js';
import type { Msg } from '../../src/i18n/msg.js';
import type { ClientMessage, GameView, ServerMessage } from '../../src/match/view.js';
import { openActivity, showRefusal } from './activity.js';
import { cellUnder, drawPosition, loadFonts } from './board.js';
import { onSession, sessionFromFragment, sessionToken, setSession } from './session.js';
import { Tapper } from './tap.js';
import { plain } from './text.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const el = {
  title: $('title'),
  status: $('status'),
  clock: $('clock'),
  board: $<HTMLCanvasElement>('board'),
  slider: $<HTMLInputElement>('slider'),
  prev: $<HTMLButtonElement>('prev'),
  next: $<HTMLButtonElement>('next'),
  live: $<HTMLButtonElement>('live'),
  position: $('position'),
  movesTitle: $('moves-title'),
  moves: $<HTMLOListElement>('moves'),
  conn: $('conn'),
  play: $('play'),
  you: $('you'),
  hint: $('hint'),
  hand: $('hand'),
  confirm: $<HTMLButtonElement>('confirm'),
  cancel: $<HTMLButtonElement>('cancel'),
  notice: $('notice'),
};

/** `?lang=fr|en`, else the browser's languages. */
function pickLocale(): Locale {
  const q = new URLSearchParams(location.search).get('lang');
  if (q === 'fr' || q === 'en') return q;
  return localeOf(navigator.languages?.[0] ?? navigator.language);
}
const locale = pickLocale();
document.documentElement.lang = locale;
const t = (key: string, params?: Record<string, unknown>) =>
  plain(locale, { key: key as never, params: params as never });

interface Shown {
  view: GameView;
  states: unknown[];
  lines: string[];
}
let shown: Shown | null = null;
/** The side the signed-in user plays in this game (the server's answer to the hello), or null: watching. */
let mySide: Side | null = null;
/** The move being chosen, when it is this user's turn at the live position. */
let tapper: Tapper | null = null;
/** The move sent and not yet answered. */
let pending: { id: number } | null = null;
let nextMoveId = 1;
/** The socket, to send moves and hellos on. */
let socket: WebSocket | null = null;
/** The position on screen: null follows the game live, else a ply index (0 = the start). */
let at: number | null = null;

function names(v: GameView): [string, string] {
  return [v.players[0].name, v.players[1].name];
}

function accept(view: GameView): void {
  if (shown && view.version <= shown.view.version) return;
  const game = getGame(view.game);
  const r = replay(game, view.setup, view.moves);
  if (!r.ok) {
    el.status.textContent = t('web.refused.missingTitle');
    return;
  }
  const lines = view.moves.map((_, i) => plain(locale, moveLine(view.game, r.states[i], r.moves[i], r.states[i + 1])));
  shown = { view, states: r.states, lines };
  // A new position: whatever was being chosen was for the old one.
  tapper = null;
  renderMoves();
  render();
}

function renderMoves(): void {
  if (!shown) return;
  el.moves.replaceChildren(
    ...shown.lines.map((line, i) => {
      const li = document.createElement('li');
      li.textContent = line;
      li.dataset.ply = String(i + 1);
      return li;
    }),
  );
  if (shown.lines.length === 0) {
    const li = document.createElement('li');
    li.textContent = t('web.noMoves');
    li.className = 'empty';
    el.moves.replaceChildren(li);
  }
}

function render(): void {
  if (!shown) return;
  const { view, states } = shown;
  const last = states.length - 1;
  const ply = at === null ? last : Math.min(at, last);
  const game = view.game as GameId;
  const title = plain(
    locale,
    matchTitle(game, [
      { id: '', name: view.players[0].name },
      { id: '', name: view.players[1].name },
    ]),
  );
  el.title.textContent = title;
  document.title = t('web.pageTitle', { title });
  el.board.setAttribute('aria-label', t('web.boardAlt', { title }));
  const tapping = ply === last ? myTurn() : null;
  drawPosition(
    el.board,
    game,
    states[ply],
    ply > 0 ? states[ply - 1] : undefined,
    names(view),
    locale,
    tapping?.marks(),
  );
  document.body.dataset.version = String(view.version);
  document.body.dataset.ply = String(ply);
  // Whose turn, or the result.
  if (view.status === 'active') {
    const side = getGame(game).toMove(states[last]);
    el.status.textContent = t('web.toMove', { player: { name: view.players[side].name }, side: sideMsg(game, side) });
  } else el.status.textContent = view.summary ? plain(locale, view.summary) : '';
  renderClock();
  renderPlay(tapping);
  el.slider.max = String(last);
  el.slider.value = String(ply);
  el.prev.disabled = ply === 0;
  el.next.disabled = ply === last;
  el.live.hidden = at === null || ply === last;
  el.position.textContent =
    ply === 0 ? t('web.positionStart', { total: last }) : t('web.position', { n: ply, total: last });
  el.moves.querySelectorAll('li.current').forEach((li) => li.classList.remove('current'));
  const li = el.moves.querySelector<HTMLLIElement>(`li[data-ply="${ply}"]`);
  if (li) {
    li.classList.add('current');
    // Scrolls the list, never the page (scrollIntoView would move a phone's page down to the list on each update).
    const box = el.moves;
    if (li.offsetTop < box.scrollTop) box.scrollTop = li.offsetTop;
    else if (li.offsetTop + li.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = li.offsetTop + li.offsetHeight - box.clientHeight;
  }
}

/** The chooser when the signed-in user is to move in the live position, else null. */
function myTurn(): Tapper | null {
  if (!shown || mySide === null || shown.view.status !== 'active') return null;
  const state = shown.states[shown.states.length - 1];
  const game = getGame(shown.view.game);
  if (game.toMove(state) !== mySide) return null;
  tapper ??= new Tapper(shown.view.game, state);
  return tapper;
}

function renderPlay(tp: Tapper | null): void {
  el.play.hidden = mySide === null || !shown;
  if (mySide === null || !shown) return;
  const game = shown.view.game;
  // Looking back with the slider on one's turn: the board to tap is the live one.
  const behind = !tp && at !== null && myTurn() !== null;
  el.you.textContent =
    tp || behind
      ? t('web.play.yourTurn', { side: sideMsg(game, mySide) })
      : t('web.play.youPlay', { side: sideMsg(game, mySide) });
  document.body.dataset.turn = tp ? 'mine' : 'theirs';
  // The move chosen, for a test to read (and a stylesheet to use).
  document.body.dataset.chosen = tp?.chosen?.text ?? '';
  el.hint.textContent = pending
    ? t('web.play.sending')
    : tp
      ? plain(locale, tp.hint())
      : behind
        ? t('web.play.backToPlay')
        : '';
  el.hand.replaceChildren(
    ...(tp?.hand ?? []).map((tile) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'tile';
      b.dataset.tile = tile.code;
      b.textContent = tile.count > 1 ? `${tile.code} ×${tile.count}` : tile.code;
      b.disabled = !tile.playable || !!pending;
      b.setAttribute('aria-pressed', String(tp?.handPick === tile.code));
      return b;
    }),
  );
  el.hand.hidden = !tp?.hand;
  el.confirm.disabled = !tp?.chosen || !!pending;
  el.cancel.disabled = !tp || !!pending || (!tp.chosen && !tp.handPick);
}

/** A refusal or a problem, in words, until the next choice. */
function notice(m: Msg | null): void {
  el.notice.textContent = m ? plain(locale, m) : '';
}

/** Sends on the open socket; false while there is none (reconnecting). */
function send(m: ClientMessage): boolean {
  if (socket?.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(m));
  return true;
}

el.board.addEventListener('click', (e) => {
  const tp = at === null && !pending ? myTurn() : null;
  if (!tp || !shown) return;
  const cell = cellUnder(el.board, e, shown.view.game, shown.states[shown.states.length - 1], tp.marks());
  if (cell === null) return;
  const r = tp.tap(cell);
  notice(r === 'nothing' ? { key: 'web.play.nothingHere' } : null);
  render();
});
el.hand.addEventListener('click', (e) => {
  const code = (e.target as HTMLElement).closest<HTMLButtonElement>('button.tile')?.dataset.tile;
  const tp = myTurn();
  if (!code || !tp) return;
  notice(tp.pickHand(code) ? null : { key: 'web.play.noPlacement' });
  render();
});
el.cancel.addEventListener('click', () => {
  const tp = myTurn();
  if (!tp) return;
  if (tp.chosen) tp.clear();
  else tp.handPick = null;
  notice(null);
  render();
});
el.confirm.addEventListener('click', () => {
  const tp = myTurn();
  const chosen = tp?.chosen;
  if (!shown || !chosen || pending) return;
  pending = { id: nextMoveId++ };
  notice(null);
  if (!send({ type: 'move', id: pending.id, version: shown.view.version, move: chosen.text })) {
    // Between two connections: nothing was sent; the choice stays for a second Confirm.
    pending = null;
    notice({ key: 'web.play.failed' });
  }
  render();
});

function renderClock(): void {
  const v = shown?.view;
  const deadline = v?.status === 'active' ? v.clock?.deadline : null;
  if (!v || !shown || deadline == null) {
    el.clock.textContent = '';
    return;
  }
  const side = getGame(v.game).toMove(shown.states[shown.states.length - 1]);
  const player = { name: v.players[side].name };
  const left = deadline - Date.now();
  el.clock.textContent =
    left <= 0
      ? t('web.clockOut', { player })
      : t('web.clockLeft', { player, hours: Math.floor(left / 3_600_000), minutes: Math.floor(left / 60_000) % 60 });
}

function go(ply: number | null): void {
  if (!shown) return;
  const last = shown.states.length - 1;
  at = ply === null || ply >= last ? null : Math.max(0, ply);
  render();
}

el.slider.addEventListener('input', () => go(Number(el.slider.value)));
el.prev.addEventListener('click', () => go((at ?? shown?.states.length ?? 1) - 1 - (at === null ? 1 : 0)));
el.next.addEventListener('click', () => go(at === null ? null : at + 1));
el.live.addEventListener('click', () => go(null));
el.moves.addEventListener('click', (e) => {
  const li = (e.target as HTMLElement).closest('li');
  if (li?.dataset.ply) go(Number(li.dataset.ply));
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowLeft') el.prev.click();
  else if (e.key === 'ArrowRight') el.next.click();
});
let resizeTimer: number | undefined;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(render, 100);
});
setInterval(renderClock, 30_000);

el.prev.setAttribute('aria-label', t('web.previous'));
el.next.setAttribute('aria-label', t('web.next'));
el.slider.setAttribute('aria-label', t('web.slider'));
el.live.textContent = t('web.backToLive');
el.confirm.textContent = t('web.play.confirm');
el.cancel.textContent = t('web.play.cancel');
el.hand.setAttribute('aria-label', t('web.play.hand'));
el.movesTitle.textContent = t('web.moves');

function refused(reason: 'missing' | 'private' | 'busy'): void {
  showRefusal(t(`web.refused.${reason}Title`), t(`web.refused.${reason}Body`));
}

/** Follows the game over the WebSocket; reconnects after a loss (1 s doubling to 15 s), not after a refusal. */
function connect(id: string, delay = 1000): void {
  el.conn.textContent = t('web.connecting');
  el.conn.className = '';
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/game/${id}`);
  socket = ws;
  let stop = false;
  // Always a hello, token or not: a private game's socket waits for it to decide.
  ws.addEventListener('open', () => hello());
  ws.addEventListener('message', (e) => {
    let m: ServerMessage;
    try {
      m = JSON.parse(String(e.data)) as ServerMessage;
    } catch {
      return;
    }
    if (m.type === 'game') {
      delay = 1000;
      el.conn.textContent = t('web.live');
      el.conn.className = 'live';
      accept(m.view);
    } else if (m.type === 'refused') {
      stop = m.reason !== 'busy';
      if (stop) refused(m.reason);
    } else if (m.type === 'session') {
      mySide = m.side;
      tapper = null;
      render();
    } else if (m.type === 'ack' || m.type === 'move-refused') {
      if (pending?.id !== m.id) return;
      pending = null;
      tapper = null;
      notice(m.type === 'move-refused' ? m.reason : null);
      render();
    } else if (m.type === 'error') {
      notice({ key: m.error === 'bad-session' ? 'web.play.sessionExpired' : 'web.play.badMessage' });
    }
  });
  ws.addEventListener('close', () => {
    if (socket === ws) socket = null;
    if (pending) {
      pending = null;
      notice({ key: 'web.play.failed' });
    }
    if (stop) return;
    el.conn.textContent = t('web.reconnecting');
    el.conn.className = '';
    setTimeout(() => connect(id, Math.min(delay * 2, 15_000)), delay);
  });
}

function hello(): void {
  const token = sessionToken();
  send(token ? { type: 'hello', token } : { type: 'hello' });
}
onSession(() => hello());
sessionFromFragment();

el.status.textContent = t('web.connecting');
// Inside Discord (the Activity) the game and the session come from the sign-in (web/src/activity.ts), which also
// moves the page's address to /game/<id>; elsewhere from the address (and its #token= fragment).
void Promise.all([loadFonts(), openActivity(t)]).then(([, activity]) => {
  if (activity === 'refused') return;
  if (activity) setSession(activity.session);
  const id = /^\/game\/([0-9a-z]{4,32})\/?$/.exec(location.pathname)?.[1];
  if (id) connect(id);
  else refused('missing');
});

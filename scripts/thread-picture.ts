// npm run docs:thread: the README's picture of a game thread as a phone
// shows it, composed from the demo's real output — the posts the bot sent
// (demo-output/thread.json, written by scripts/demo.ts) and the board PNGs it
// attached. Three consecutive posts of the demo's Exxit game: a board asking
// Bob to move, Bob's illegal dance refused privately with its rule and a
// Why? button, and the board after his next move. Nothing is typed here: the
// words, pictures and buttons are the bot's; this script only lays them out
// the way Discord's dark theme does (author line, "used /move", text with
// mentions and code, the image scaled to the column, the buttons). Drawn
// with @napi-rs/canvas and the bundled DejaVu fonts (src/render/fonts.ts);
// the same demo output gives the same bytes.
//   npm run docs:thread        runs the demo, then this script
//   npx tsx scripts/thread-picture.ts [--in demo-output] [--out docs/images/thread-exxit.png] [--width 440]
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY, MONO_FAMILY, registerFonts, registerMonoFont } from '../src/render/fonts.js';
import type { DemoComponent, DemoPost, DemoThread } from './demo.js';

/** Device pixels per layout pixel: a phone's screen is dense, and so is this picture (shown at `width`). */
const SCALE = 2;

// Discord's dark theme.
const C = {
  bg: '#313338',
  bar: '#2b2d31',
  barEdge: '#1f2023',
  text: '#dbdee1',
  name: '#f2f3f5',
  muted: '#949ba4',
  link: '#00a8fc',
  mentionBg: 'rgba(88, 101, 242, 0.3)',
  mentionText: '#c9cdfb',
  codeBg: '#2b2d31',
  codeEdge: '#1e1f22',
  app: '#5865f2',
  ephemeralBg: 'rgba(88, 101, 242, 0.06)',
  button: { 1: '#5865f2', 2: '#4e5058', 3: '#248046', 4: '#da373c' } as Record<number, string>,
  avatar: ['#5865f2', '#eb459e', '#3ba55c', '#faa61a', '#ed4245'],
};

const PAD = 16;
const AVATAR = 40;
const TEXT_X = PAD + AVATAR + 14;
const FONT = { text: 15, name: 15, small: 12, reply: 13, button: 14, title: 16 };
const LINE = 21;

const sans = (px: number, bold = false) => `${bold ? 'bold ' : ''}${px}px "${FAMILY}"`;
const mono = (px: number) => `${px}px "${MONO_FAMILY}"`;

/**
 * A name as the bundled fonts can draw it. DejaVu has no colour emoji (and
 * only some black-and-white ones): pictographs, their joiners and variation
 * selectors are left out rather than drawn as empty boxes; a name of nothing
 * else falls back to `fallback`.
 */
export function drawableName(name: string, fallback: string): string {
  const s = name
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0e|\ufe0f|\u20e3/gu, '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return s || fallback;
}

type Style = 'text' | 'bold' | 'code' | 'mention' | 'small';
interface Run {
  text: string;
  style: Style;
}

/**
 * Discord markdown of one line, as far as the bot writes it: **bold**, `code`, mentions, times, escapes, `-#` small
 * lines.
 */
export function parseLine(line: string, names: Record<string, string>, at: number): Run[] {
  const small = line.startsWith('-# ');
  const body = small ? line.slice(3) : line;
  const runs: Run[] = [];
  const plain = (text: string, bold: boolean) => {
    const t = text.replace(/\\(.)/g, '$1');
    if (t) runs.push({ text: t, style: small ? 'small' : bold ? 'bold' : 'text' });
  };
  // Bold spans first; inside and outside them, code, mentions and times.
  const inline = (text: string, bold: boolean) => {
    const re = /`([^`]+)`|<@!?(\d+)>|<t:(\d+):(\w)>/g;
    let last = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      plain(text.slice(last, m.index), bold);
      if (m[1] !== undefined) runs.push({ text: m[1], style: 'code' });
      else if (m[2] !== undefined)
        runs.push({ text: `@${drawableName(names[m[2]] ?? 'unknown', 'unknown')}`, style: 'mention' });
      else runs.push({ text: relativeTime(Number(m[3]) * 1000, at), style: small ? 'small' : bold ? 'bold' : 'text' });
      last = m.index + m[0].length;
    }
    plain(text.slice(last), bold);
  };
  const parts = body.split(/(?<!\\)\*\*/);
  parts.forEach((p, i) => inline(p, i % 2 === 1));
  return runs;
}

/**
 * `<t:…:R>` as Discord shows it when the post is read at once: relative to the post's own time, so the picture does not
 * depend on when it is drawn.
 */
function relativeTime(ms: number, at: number): string {
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const mins = Math.round((ms - at) / 60_000);
  if (Math.abs(mins) < 60) return rtf.format(mins, 'minute');
  const hours = Math.round(mins / 60);
  return Math.abs(hours) < 48 ? rtf.format(hours, 'hour') : rtf.format(Math.round(hours / 24), 'day');
}

const fontOf = (style: Style) =>
  style === 'bold'
    ? sans(FONT.text, true)
    : style === 'code'
      ? mono(FONT.text - 1)
      : style === 'small'
        ? sans(FONT.small)
        : sans(FONT.text);
const colourOf = (style: Style) =>
  style === 'mention' ? C.mentionText : style === 'small' ? C.muted : style === 'bold' ? C.name : C.text;

/** Lays out and draws wrapped rich text from (x, y) within `width`; returns the y after it. */
function drawText(ctx: SKRSContext2D, lines: Run[][], x: number, y: number, width: number): number {
  for (const runs of lines) {
    // Words keep their style; mentions never break.
    const words: Run[] = runs.flatMap((r) =>
      r.style === 'mention' ? [r] : r.text.split(/(?<= )/).map((w) => ({ text: w, style: r.style })),
    );
    const lineHeight = runs.every((r) => r.style === 'small') ? 17 : LINE;
    let cx = x;
    let baseline = y + lineHeight - 5;
    for (const w of words) {
      ctx.font = fontOf(w.style);
      const wd = ctx.measureText(w.text).width;
      if (cx > x && cx + ctx.measureText(w.text.trimEnd()).width > x + width) {
        cx = x;
        y += lineHeight;
        baseline += lineHeight;
        if (w.text === ' ') continue;
      }
      // Mentions and code sit on a rounded background with a little padding inside it.
      const padX = w.style === 'mention' ? 2 : w.style === 'code' ? 3 : 0;
      if (padX) {
        ctx.fillStyle = w.style === 'mention' ? C.mentionBg : C.codeBg;
        roundRect(ctx, cx, baseline - 15, wd + 2 * padX, 20, 3);
        ctx.fill();
        if (w.style === 'code') {
          ctx.strokeStyle = C.codeEdge;
          ctx.lineWidth = 1;
          ctx.stroke();
        }
      }
      ctx.fillStyle = colourOf(w.style);
      ctx.fillText(w.text, cx + padX, baseline);
      cx += wd + 2 * padX;
    }
    y += lineHeight;
  }
  return y;
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** A default avatar: a coloured disc with the initial (the bot's: a hexagon, its games' shape). */
function avatar(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  size: number,
  name: string,
  bot: boolean,
  index: number,
): void {
  ctx.fillStyle = C.avatar[index % C.avatar.length];
  ctx.beginPath();
  ctx.arc(x + size / 2, y + size / 2, size / 2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  if (bot) {
    ctx.beginPath();
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 6 + (k * Math.PI) / 3;
      const px = x + size / 2 + Math.cos(a) * size * 0.3;
      const py = y + size / 2 + Math.sin(a) * size * 0.3;
      if (k === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.closePath();
    ctx.lineWidth = size * 0.09;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    return;
  }
  ctx.font = sans(Math.round(size * 0.5), true);
  ctx.textAlign = 'center';
  ctx.fillText([...name][0]?.toUpperCase() ?? '?', x + size / 2, y + size * 0.68);
  ctx.textAlign = 'left';
}

/** The buttons of a post, wrapped like Discord's rows; returns the y after them. */
function drawButtons(ctx: SKRSContext2D, comps: readonly DemoComponent[], x: number, y: number, width: number): number {
  const buttons = comps.filter((c) => c.type === 2);
  if (!buttons.length) return y;
  y += 8;
  let cx = x;
  ctx.font = sans(FONT.button, true);
  for (const b of buttons) {
    const w = Math.ceil(ctx.measureText(b.label).width) + 32;
    if (cx > x && cx + w > x + width) {
      cx = x;
      y += 40;
    }
    ctx.globalAlpha = b.disabled ? 0.5 : 1;
    ctx.fillStyle = C.button[b.style ?? 2] ?? C.button[2];
    roundRect(ctx, cx, y, w, 32, 4);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.fillText(b.label, cx + 16, y + 21);
    ctx.globalAlpha = 1;
    cx += w + 8;
  }
  return y + 32;
}

/** The "only you can see this" line under an ephemeral answer, with Discord's eye. */
function ephemeralNote(ctx: SKRSContext2D, x: number, y: number): number {
  y += 6;
  ctx.strokeStyle = C.muted;
  ctx.fillStyle = C.muted;
  ctx.lineWidth = 1.4;
  ctx.beginPath();
  ctx.ellipse(x + 7, y + 8, 7, 4.5, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x + 7, y + 8, 2.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.font = sans(FONT.small);
  const only = 'Only you can see this · ';
  ctx.fillText(only, x + 20, y + 12);
  ctx.fillStyle = C.link;
  ctx.fillText('Dismiss message', x + 20 + ctx.measureText(only).width, y + 12);
  return y + 18;
}

/** The thread's title bar, as a phone shows it. */
function titleBar(ctx: SKRSContext2D, width: number, title: string, channel: string): number {
  const h = 58;
  ctx.fillStyle = C.bar;
  ctx.fillRect(0, 0, width, h);
  ctx.fillStyle = C.barEdge;
  ctx.fillRect(0, h - 1, width, 1);
  // A back chevron.
  ctx.strokeStyle = C.muted;
  ctx.lineWidth = 2.4;
  ctx.beginPath();
  ctx.moveTo(PAD + 8, 20);
  ctx.lineTo(PAD, 29);
  ctx.lineTo(PAD + 8, 38);
  ctx.stroke();
  // The thread icon: a speech bubble with a hash.
  const ix = PAD + 24;
  ctx.lineWidth = 1.8;
  roundRect(ctx, ix, 18, 22, 18, 5);
  ctx.stroke();
  ctx.font = sans(12, true);
  ctx.fillStyle = C.muted;
  ctx.fillText('#', ix + 7, 32);
  ctx.font = sans(FONT.title, true);
  ctx.fillStyle = C.name;
  ctx.fillText(fit(ctx, title, width - ix - 40), ix + 32, 27);
  ctx.font = sans(FONT.small);
  ctx.fillStyle = C.muted;
  ctx.fillText(`#${channel}`, ix + 32, 45);
  return h;
}

/** Text cut with … to fit `width` in the current font. */
function fit(ctx: SKRSContext2D, s: string, width: number): string {
  if (ctx.measureText(s).width <= width) return s;
  let t = s;
  while (t && ctx.measureText(`${t}…`).width > width) t = t.slice(0, -1);
  return `${t}…`;
}

/** One post: the "used /command" line, the author, the text, the picture, the buttons. */
async function drawPost(
  ctx: SKRSContext2D,
  dir: string,
  thread: DemoThread,
  p: DemoPost,
  y: number,
  width: number,
): Promise<number> {
  const bot = drawableName(thread.names[thread.botId] ?? 'hexmate', 'hexmate');
  const who = drawableName(p.who, 'someone');
  const contentW = width - TEXT_X - PAD;
  const slash = /^\/(\S+)/.exec(p.action);
  if (slash) {
    // The command line above a slash command's answer: a connector, the user's small avatar, "Bob used /move".
    ctx.strokeStyle = '#4e5058';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(PAD + AVATAR / 2, y + 20);
    ctx.lineTo(PAD + AVATAR / 2, y + 10);
    ctx.quadraticCurveTo(PAD + AVATAR / 2, y + 8, PAD + AVATAR / 2 + 6, y + 8);
    ctx.lineTo(TEXT_X - 6, y + 8);
    ctx.stroke();
    avatar(ctx, TEXT_X, y, 16, who, false, who === 'Alice' ? 1 : 2);
    ctx.font = sans(FONT.reply, true);
    ctx.fillStyle = C.muted;
    ctx.fillText(who, TEXT_X + 22, y + 13);
    const nameW = ctx.measureText(who).width;
    ctx.font = sans(FONT.reply);
    ctx.fillText(' used ', TEXT_X + 22 + nameW, y + 13);
    ctx.fillStyle = C.link;
    ctx.fillText(`/${slash[1]}`, TEXT_X + 22 + nameW + ctx.measureText(' used ').width, y + 13);
    y += 22;
  }
  avatar(ctx, PAD, y, AVATAR, bot, true, 0);
  ctx.font = sans(FONT.name, true);
  ctx.fillStyle = C.name;
  ctx.fillText(bot, TEXT_X, y + 15);
  const tagX = TEXT_X + ctx.measureText(bot).width + 6;
  ctx.fillStyle = C.app;
  roundRect(ctx, tagX, y + 2, 30, 16, 3);
  ctx.fill();
  ctx.font = sans(10, true);
  ctx.fillStyle = '#ffffff';
  ctx.fillText('APP', tagX + 5, y + 14);
  y += 22;
  const at = p.at ? Date.parse(p.at) : 0;
  const lines = p.content.split('\n').map((l) => parseLine(l, thread.names, at));
  y = drawText(ctx, lines, TEXT_X, y, contentW);
  if (p.image) {
    const img: Image = await loadImage(await readFile(join(dir, p.image)));
    const w = Math.min(contentW, img.width);
    const h = Math.round((img.height * w) / img.width);
    y += 6;
    ctx.save();
    roundRect(ctx, TEXT_X, y, w, h, 8);
    ctx.clip();
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(img, TEXT_X, y, w, h);
    ctx.restore();
    y += h;
  }
  y = drawButtons(ctx, p.components, TEXT_X, y, contentW);
  if (p.ephemeral) y = ephemeralNote(ctx, TEXT_X, y);
  return y;
}

/**
 * A post drawn on its own transparent layer, then laid on the thread at `y` (a private answer on Discord's tint);
 * returns the y after it.
 */
async function placePost(
  ctx: SKRSContext2D,
  dir: string,
  thread: DemoThread,
  p: DemoPost,
  y: number,
  width: number,
): Promise<number> {
  const layer = createCanvas(width * SCALE, 2000 * SCALE);
  const lc = layer.getContext('2d');
  lc.scale(SCALE, SCALE);
  const h = await drawPost(lc, dir, thread, p, 6, width);
  if (p.ephemeral) {
    ctx.fillStyle = C.ephemeralBg;
    ctx.fillRect(0, y, width, h + 6);
    ctx.fillStyle = C.app;
    ctx.fillRect(0, y, 3, h + 6);
  }
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer, 0, 0, width * SCALE, (h + 6) * SCALE, 0, y * SCALE, width * SCALE, (h + 6) * SCALE);
  ctx.restore();
  return y + h + 6;
}

/** The posts to show: a board, the refusal with a Why? button that follows it, and the next board. */
export function pickPosts(thread: DemoThread, section = 'exxit'): DemoPost[] {
  const posts = thread.posts.filter((p) => p.section === section);
  const r = posts.findIndex((p) => p.ephemeral && p.components.some((c) => c.label === 'Why?'));
  if (r < 0)
    throw new Error(`thread.json: no refusal with a Why? button in ${section}: run the demo again (npm run demo)`);
  const board = (p: DemoPost) => !p.ephemeral && p.image !== undefined;
  const before = posts.slice(0, r).reverse().find(board);
  const after = posts.slice(r + 1).find(board);
  if (!before || !after) throw new Error(`thread.json: no board around the refusal in ${section}`);
  return [before, posts[r], after];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      in: { type: 'string', default: 'demo-output' },
      out: { type: 'string', default: 'docs/images/thread-exxit.png' },
      width: { type: 'string', default: '440' },
    },
  });
  const width = Number(values.width);
  if (!Number.isInteger(width) || width < 360 || width > 600) throw new Error('--width: 360 to 600 (a phone column)');
  registerFonts();
  registerMonoFont();
  let thread: DemoThread;
  try {
    thread = JSON.parse(await readFile(join(values.in, 'thread.json'), 'utf8')) as DemoThread;
  } catch (e) {
    throw new Error(
      `cannot read ${values.in}/thread.json (${e instanceof Error ? e.message : String(e)}): run npm run demo first, or npm run docs:thread`,
    );
  }
  const chosen = pickPosts(thread);
  // Drawn on a tall canvas, then cut to what was drawn.
  const tall = createCanvas(width * SCALE, 4000 * SCALE);
  const ctx = tall.getContext('2d');
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = C.bg;
  ctx.fillRect(0, 0, width, 4000);
  let y = titleBar(ctx, width, drawableName(thread.threads.exxit ?? 'Exxit', 'Exxit'), thread.channel);
  y += 8;
  for (const p of chosen) y = (await placePost(ctx, values.in, thread, p, y, width)) + 16;
  const out = createCanvas(width * SCALE, Math.ceil(y * SCALE));
  out.getContext('2d').drawImage(tall, 0, 0);
  await writeFile(values.out, await out.encode('png'));
  console.log(
    `wrote ${values.out}: ${width}×${Math.ceil(y)} px shown, ${width * SCALE}×${Math.ceil(y * SCALE)} px stored (posts: ${chosen.map((p) => p.action).join(' | ')})`,
  );
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  main().catch((e: unknown) => {
    console.error(`thread-picture failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}

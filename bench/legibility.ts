// Legibility check (docs/render.md): renders representative boards of both
// games and writes each at full size and downsampled to 400 px wide, the width
// a phone shows a Discord attachment at, so every label can be judged by eye.
//   npx tsx bench/legibility.ts [--out DIR] [--width 400] [--docs]
// --docs also writes the six README samples to docs/images/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { GameId } from '../src/engine/game.js';
import { errorText, getGame } from '../src/engine/index.js';
import { replay, splitMoves } from '../src/engine/replay.js';
import { makeRng, randInt } from '../src/engine/rng.js';
import type { ExxitState } from '../src/engine/exxit/types.js';
import { type BoardOptions, renderBoard } from '../src/render/index.js';

interface Sample {
  name: string;
  game: GameId;
  state: unknown;
  opts: BoardOptions;
  /** Written to docs/images/<name>.png with --docs. */
  doc?: boolean;
}

function played(game: GameId, setup: string, moves: string): unknown[] {
  const r = replay(getGame(game), setup, splitMoves(moves));
  if (!r.ok) throw new Error(`${game} ${setup}: move ${r.index + 1}: ${errorText(r.error)}`);
  return r.states;
}

/** A seeded random game, all its states. */
function randomStates(game: GameId, setup: string, seed: number): unknown[] {
  const g = getGame(game);
  const rng = makeRng(seed);
  const s0 = g.initial(setup);
  if (!s0.ok) throw new Error(setup);
  let s = s0.value;
  const out = [s];
  for (let ms = g.legalMoves(s); ms.length; ms = g.legalMoves(s)) {
    const r = g.play(s, ms[randInt(rng, ms.length)]);
    if (!r.ok) throw new Error(errorText(r.error));
    s = r.value;
    out.push(s);
  }
  return out;
}

const last = <T>(xs: T[]): T => xs[xs.length - 1];

/** The first forced pass after a real move, with the game still going (EX-10). */
function forcedPass(states: unknown[]): { state: ExxitState; previous: ExxitState['last'] } | null {
  for (let i = 1; i < states.length; i++) {
    const s = states[i] as ExxitState;
    const before = states[i - 1] as ExxitState;
    if (!s.end && s.last?.move.kind === 'pass' && before.last && before.last.move.kind !== 'pass')
      return { state: s, previous: before.last };
  }
  return null;
}

export function samples(): Sample[] {
  const players: [string, string] = ['Alice', 'Bob'];
  const long: [string, string] = ['Maximilian the Magnificent', 'Zoë Quartermaine-Smythe'];
  const out: Sample[] = [];
  const ex = randomStates('exxit', 'standard', 2024);
  out.push({
    name: 'exxit-opening',
    game: 'exxit',
    state: last(played('exxit', 'standard', 'P 0,0; P 1,0; D 0,0 E; P 1,-1; D 1,0 NW; P 0,1')),
    opts: { players },
    doc: true,
  });
  out.push({
    name: 'exxit-middle',
    game: 'exxit',
    state: ex[Math.floor(ex.length * 0.45)],
    opts: { players },
    doc: true,
  });
  out.push({ name: 'exxit-end', game: 'exxit', state: last(ex), opts: { players }, doc: true });
  // The most crowded positions of a few seeds and variants (most tiles, prisoners and pawns).
  for (const [setup, seed] of [
    ['standard', 7],
    ['blitz', 5],
    ['short', 3],
  ] as const) {
    const st = randomStates('exxit', setup, seed) as ExxitState[];
    let best = st[0];
    for (const s of st) if (s.tiles.length + s.prisoners.length >= best.tiles.length + best.prisoners.length) best = s;
    out.push({ name: `exxit-${setup}-crowded`, game: 'exxit', state: best, opts: { players: long } });
  }
  for (const seed of [2024, 7, 11, 12, 13, 14]) {
    const p = forcedPass(randomStates('exxit', 'standard', seed));
    if (p) {
      out.push({
        name: 'exxit-forced-pass',
        game: 'exxit',
        state: p.state,
        opts: { players, previous: p.previous ?? undefined },
      });
      break;
    }
  }
  const od = randomStates('orion', 'preset1', 2024);
  out.push({
    name: 'orion-opening',
    game: 'orion',
    state: last(played('orion', 'preset1', 'L3 C7 N; S1 K2; S1 A1; D2 D5 N')),
    opts: { players },
    doc: true,
  });
  out.push({
    name: 'orion-middle',
    game: 'orion',
    state: od[Math.min(16, od.length - 1)],
    opts: { players },
    doc: true,
  });
  out.push({
    name: 'orion-end',
    game: 'orion',
    state: last(
      played(
        'orion',
        'preset1',
        'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE',
      ),
    ),
    opts: { players },
    doc: true,
  });
  out.push({
    name: 'orion-full',
    game: 'orion',
    state: last(randomStates('orion', 'random:11', 11)),
    opts: { players: long },
  });
  out.push({
    name: 'orion-preset2-late',
    game: 'orion',
    state: last(randomStates('orion', 'preset2', 5)),
    opts: { players: long },
  });
  return out;
}

/** A PNG downsampled to `width` px wide, smoothly (as a browser or Discord's media proxy does). */
export async function downsample(png: Buffer, width: number): Promise<Buffer> {
  const img = await loadImage(png);
  const height = Math.round((img.height * width) / img.width);
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, width, height);
  return c.encode('png');
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      width: { type: 'string', default: '400' },
      docs: { type: 'boolean', default: false },
    },
  });
  const dir = values.out ?? path.join(tmpdir(), 'hexmate-legibility');
  const width = Number(values.width);
  mkdirSync(dir, { recursive: true });
  const docs = path.resolve(import.meta.dirname, '../docs/images');
  for (const s of samples()) {
    const png = await renderBoard(s.game, s.state, s.opts);
    writeFileSync(path.join(dir, `${s.name}.png`), png);
    writeFileSync(path.join(dir, `${s.name}@${width}.png`), await downsample(png, width));
    if (values.docs && s.doc) writeFileSync(path.join(docs, `${s.name}.png`), png);
    console.log(`${s.name}: ${(png.length / 1024).toFixed(0)} KB → ${path.join(dir, `${s.name}@${width}.png`)}`);
  }
}

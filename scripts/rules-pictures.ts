// The pictures of the rules pages: every lesson's position (src/engine/*/lessons.ts)
// drawn by the bot's own renderer, written to docs/rules/images/<game>-<topic>.png.
//   npm run docs:pictures
// Re-run it whenever a lesson or the renderer changes; it also removes
// pictures of lessons that no longer exist. Exit status 2 if a lesson does
// not replay (then nothing is written).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getGame, type GameId } from '../src/engine/index.js';
import { lessonsOf } from '../src/engine/lessons.js';
import { replay, replayErrorText } from '../src/engine/replay.js';
import { ruleErrorText } from '../src/i18n/rule-error.js';

export const GAME_IDS: readonly GameId[] = ['exxit', 'orion'];

/** The rules page of each game, relative to the repository root. */
export const RULES_PAGES: Readonly<Record<GameId, string>> = {
  exxit: 'docs/rules/exxit.md',
  orion: 'docs/rules/orion-duel.md',
};

/** Where the pictures go, relative to the repository root (the pages link them as images/<file>). */
export const IMAGES_DIR = 'docs/rules/images';

/** The names on the pictures, by side. */
export const PLAYERS: [string, string] = ['Alice', 'Bob'];

export interface Picture {
  game: GameId;
  topic: string;
  /** File name in IMAGES_DIR: <game>-<topic>.png. */
  file: string;
  setup: string;
  moves: readonly string[];
}

/** One picture per lesson, in the lessons' order. */
export const PICTURES: readonly Picture[] = GAME_IDS.flatMap((game) =>
  lessonsOf(game).map((l) => ({
    game,
    topic: l.topic,
    file: `${game}-${l.topic}.png`,
    setup: l.setup,
    moves: l.moves,
  })),
);

/** A lesson that does not replay: nothing is written. */
export class LessonError extends Error {}

/**
 * Renders every picture into `dir` (created if needed) and returns the files
 * written with their sizes. Replays every lesson first, so a broken lesson
 * writes nothing.
 */
export async function writePictures(dir: string): Promise<{ file: string; bytes: number }[]> {
  const states: unknown[] = [];
  for (const p of PICTURES) {
    const r = replay(getGame(p.game), p.setup, p.moves);
    if (!r.ok) throw new LessonError(`${p.game} ${p.topic}: ${replayErrorText(r, ruleErrorText)}`);
    states.push(r.states[r.states.length - 1]);
  }
  const { renderBoard } = await import('../src/render/index.js');
  mkdirSync(dir, { recursive: true });
  const written: { file: string; bytes: number }[] = [];
  for (const [i, p] of PICTURES.entries()) {
    const png = await renderBoard(p.game, states[i], { players: PLAYERS });
    writeFileSync(join(dir, p.file), png);
    written.push({ file: p.file, bytes: png.length });
  }
  return written;
}

/** The PNG files in `dir` that no lesson produces. */
export function stalePictures(dir: string): string[] {
  const wanted = new Set(PICTURES.map((p) => p.file));
  return readdirSync(dir).filter((f) => f.endsWith('.png') && !wanted.has(f));
}

async function main(root: string): Promise<number> {
  const dir = join(root, IMAGES_DIR);
  let written: { file: string; bytes: number }[];
  try {
    written = await writePictures(dir);
  } catch (e) {
    if (!(e instanceof LessonError)) throw e;
    process.stderr.write(`${e.message}\n`);
    return 2;
  }
  for (const w of written) process.stdout.write(`${IMAGES_DIR}/${w.file}: ${w.bytes} bytes\n`);
  for (const f of stalePictures(dir)) {
    rmSync(join(dir, f));
    process.stdout.write(`${IMAGES_DIR}/${f}: removed (no such lesson)\n`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(resolve(dirname(fileURLToPath(import.meta.url)), '..'));
}

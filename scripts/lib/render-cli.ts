// The render tool's command line (scripts/render.ts) as a function of its
// arguments and an Io, so tests run it in-process.
import { readFileSync, writeFileSync } from 'node:fs';
import { replay, replayErrorText, splitMoves } from '../../src/engine/replay.js';
import { renderBoard, renderMoveComparison, renderReplay, renderWinChart } from '../../src/render/index.js';
import { MARKED_GRADES, type MarkedGrade, type WinChart } from '../../src/render/review.js';
import { UsageError, gameArg, parse, type Io } from './args.js';
import { ruleErrorText } from '../../src/i18n/rule-error.js';

const USAGE = `usage:
  render <exxit|orion> [--setup S] [--moves "m1; m2; ..."] [--players "Alice;Bob"] --out board.png
  render <exxit|orion> [--setup S] --moves "m1; m2; ..." [--players "Alice;Bob"] [--delay MS] --gif replay.gif
  review pictures (src/render/review.ts):
  render <exxit|orion> [--setup S] --moves "..." (--review review.json | --chances "50,48,..." [--marks "3:blunder,..."])
         --chart chart.png
  render <exxit|orion> [--setup S] --moves "..." --at N (--played M | --better M | both) [--grade G] --compare move.png
  render <exxit|orion> [--setup S] --moves "..." --review review.json --at N --compare move.png
    --review: a GameReview as JSON (src/engine/review.ts: chances, plies with played, best, grade);
    --at N: the position before move N+1 (after the first N moves); with --review, ply N's played and best moves;
    --grade: inaccuracy | mistake | blunder (the played move's colour); --locale en | fr.
setups: exxit standard (default) | blitz | short; orion preset1 (default) | preset2 | preset3 | random:<seed>`;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    setup: { type: 'string' },
    moves: { type: 'string' },
    out: { type: 'string' },
    gif: { type: 'string' },
    players: { type: 'string' },
    delay: { type: 'string' },
    chart: { type: 'string' },
    compare: { type: 'string' },
    review: { type: 'string' },
    chances: { type: 'string' },
    marks: { type: 'string' },
    at: { type: 'string' },
    played: { type: 'string' },
    better: { type: 'string' },
    grade: { type: 'string' },
    locale: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError('expected exactly one game');
  const game = gameArg(positionals[0]);
  const out = str(values.out);
  const gifOut = str(values.gif);
  const chartOut = str(values.chart);
  const compareOut = str(values.compare);
  if (!out && !gifOut && !chartOut && !compareOut)
    throw new UsageError('--out, --gif, --chart or --compare is required');
  const locale = str(values.locale) ?? 'en';
  if (locale !== 'en' && locale !== 'fr') throw new UsageError('--locale is en or fr');
  let players: [string, string] | undefined;
  const p = str(values.players);
  if (p !== undefined) {
    const names = p.split(';').map((n) => n.trim());
    if (names.length !== 2 || names.some((n) => !n)) throw new UsageError('--players takes two names: "Alice;Bob"');
    players = [names[0], names[1]];
  }
  const delayText = str(values.delay);
  if (delayText !== undefined && !/^\d+$/.test(delayText)) throw new UsageError('--delay must be a whole number of ms');
  const setup = str(values.setup) ?? game.defaultSetup;
  const moves = splitMoves(str(values.moves) ?? '');

  // Replay once first, so a bad setup or move writes nothing.
  const r = replay(game, setup, moves);
  if (!r.ok) {
    if (r.index < 0) throw new UsageError(replayErrorText(r, ruleErrorText));
    io.err(`${replayErrorText(r, ruleErrorText)}\n`);
    return 2;
  }
  const review = reviewPictures(values, moves.length);
  // Draw everything before writing anything: a bad --played or --better writes nothing either.
  const chart = chartOut ? await renderWinChart(game.id, review.chart(), { players, locale }) : null;
  let compared: Buffer | null = null;
  if (compareOut) {
    const at = review.at();
    const picked = review.moves(at);
    try {
      compared = await renderMoveComparison(game.id, r.states[at], picked, { players, locale, grade: picked.grade });
    } catch (e) {
      io.err(`${(e as Error).message}\n`);
      return 2;
    }
  }
  const png = out ? await renderBoard(game.id, r.states[r.states.length - 1], { players }) : null;
  const gif = gifOut
    ? await renderReplay(game.id, setup, moves, { players, delayMs: delayText ? Number(delayText) : undefined })
    : null;
  if (out && png) {
    writeFileSync(out, png);
    io.out(`${out}: ${png.length} bytes\n`);
  }
  if (gifOut && gif) {
    writeFileSync(gifOut, gif);
    io.out(`${gifOut}: ${gif.length} bytes, ${r.states.length} frames\n`);
  }
  for (const [file, img] of [
    [chartOut, chart],
    [compareOut, compared],
  ] as const) {
    if (!file || !img) continue;
    writeFileSync(file, img);
    io.out(`${file}: ${img.length} bytes\n`);
  }
  return 0;
}

const isGrade = (g: unknown): g is MarkedGrade => MARKED_GRADES.includes(g as MarkedGrade);

/** A GameReview file, as JSON (checked field by field where it is read). */
function readReview(file: string): { chances?: unknown; plies?: unknown } {
  try {
    const v: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof v !== 'object' || v === null) throw new Error('not an object');
    return v as { chances?: unknown; plies?: unknown };
  } catch (e) {
    throw new UsageError(`--review ${file}: ${(e as Error).message}`);
  }
}

/** What the review's pictures are drawn from: a GameReview file, or chances, marks and moves given one by one. */
function reviewPictures(values: Record<string, unknown>, plies: number) {
  const file = str(values.review);
  const data = file === undefined ? null : readReview(file);
  const reviewed = Array.isArray(data?.plies)
    ? (data.plies as { ply?: unknown; side?: unknown; played?: unknown; best?: unknown; grade?: unknown }[])
    : [];
  return {
    chart(): WinChart {
      if (data) {
        if (!Array.isArray(data.chances)) throw new UsageError(`--review ${file}: no "chances"`);
        const marks = reviewed.flatMap((p) =>
          typeof p.ply === 'number' && (p.side === 0 || p.side === 1) && isGrade(p.grade)
            ? [{ ply: p.ply, side: p.side as 0 | 1, grade: p.grade }]
            : [],
        );
        return { chances: data.chances as number[], marks };
      }
      const text = str(values.chances);
      if (text === undefined) throw new UsageError('--chart needs --review or --chances');
      const chances = text.split(',').map((c) => Number(c.trim()));
      if (chances.some((c) => !Number.isFinite(c) || c < 0 || c > 100))
        throw new UsageError('--chances: numbers 0..100, comma-separated');
      if (plies > 0 && chances.length !== plies + 1)
        throw new UsageError(`--chances: ${plies + 1} numbers for ${plies} moves (the start, then one per move)`);
      const marks = (str(values.marks) ?? '')
        .split(',')
        .filter((m) => m.trim())
        .map((m) => {
          const [ply, grade] = m.split(':').map((x) => x.trim());
          if (!/^\d+$/.test(ply ?? '') || !isGrade(grade)) throw new UsageError(`--marks: "ply:grade", not "${m}"`);
          return { ply: Number(ply), side: (Number(ply) % 2) as 0 | 1, grade };
        });
      return { chances, marks };
    },
    at(): number {
      const t = str(values.at);
      const at = t === undefined ? plies : Number(t);
      if (!/^\d+$/.test(t ?? String(plies)) || at > plies) throw new UsageError(`--at: a move count 0..${plies}`);
      return at;
    },
    moves(at: number): { played?: string; better?: string; grade?: MarkedGrade } {
      const g = str(values.grade);
      if (g !== undefined && !isGrade(g)) throw new UsageError('--grade: inaccuracy, mistake or blunder');
      const p = reviewed.find((x) => x.ply === at);
      const played = str(values.played) ?? str(p?.played);
      const best = str(values.better) ?? str(p?.best);
      const picked = {
        played,
        better: best !== played ? best : undefined,
        grade: g ?? (isGrade(p?.grade) ? p.grade : undefined),
      };
      if (!picked.played && !picked.better)
        throw new UsageError('--compare needs --played or --better (or --review with --at)');
      return picked;
    },
  };
}

/** Runs the tool on `argv`, writing through `io`; resolves to the exit status. */
export async function runRenderCli(argv: string[], io: Io): Promise<number> {
  try {
    return await run(argv, io);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`${e.message}\n${USAGE}\n`);
    return 2;
  }
}

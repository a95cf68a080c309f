// Puzzles (issue 20, docs/puzzles.md): the pool's start (the shipped set, data/puzzles) and the puzzles finished
// games give. A review that has just been graded names its candidates — mistakes and blunders where the best move
// looked clearly better than the one played — recorded as jobs in the store; each is confirmed by the engine's puzzle
// check in the AI's background lane (below moves, AI turns and reviews) by one process at a time, then added to the
// pool once. A process that dies mid-check leaves the job to the sweep of another. A puzzle keeps only the position.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { getGame } from '../engine/index.js';
import { PUZZLE_GAP } from '../engine/puzzle.js';
import { replay } from '../engine/replay.js';
import {
  initialPuzzleRating,
  puzzleFileSchema,
  puzzleId,
  type Puzzle,
  type StoredGame,
  type StoredPlyReview,
} from '../model/index.js';
import { isCorruptRecordError, type PuzzleCheckRef } from '../store/types.js';
import type { MatchContext } from './context.js';
import { inHandTable, keepLease, retryDelay } from './leased.js';

/** Candidates checked per finished game at most (each check is two deep searches). */
export const CANDIDATES_PER_GAME = 3;

/** The plies of a graded review worth a puzzle check, costliest first. */
export function puzzleCandidates(plies: readonly StoredPlyReview[]): StoredPlyReview[] {
  return plies
    .filter((p) => (p.grade === 'mistake' || p.grade === 'blunder') && p.bestChance - p.playedChance >= PUZZLE_GAP)
    .sort((a, b) => b.loss - a.loss || a.ply - b.ply)
    .slice(0, CANDIDATES_PER_GAME);
}

/** The seed of a candidate's check: the same for the same game and ply, whichever process checks it. */
const seedOf = (gameId: string, ply: number): number =>
  createHash('sha256').update(`puzzle:${gameId}:${ply}`).digest().readUInt32LE(0);

/** How long a process holds a check without extending it; its keep-alive extends it every third of that. */
export const PUZZLE_CHECK_LEASE_MS = 60_000;
/** Takings-up of a candidate before it is given up (a check that keeps failing: a worker timing out, a busy lane). */
export const PUZZLE_CHECK_TRIES = 5;
/** How long a candidate waits for the reviews before it is checked beside them (sweepPuzzleChecks). */
export const PUZZLE_CHECK_MAX_WAIT_MS = 10 * 60_000;
/** Checks a process runs at once: each is two deep searches in the background lane, below reviews (one is enough). */
const CHECK_SLOTS = 1;
/** A hint whose job has not come is left this long (its creator writes the job just after), then dropped. */
const HINT_GRACE_MS = 60_000;

/** This process's checks in hand (one run per candidate, CHECK_SLOTS at most). */
const hand = inHandTable();
const handKey = (r: PuzzleCheckRef): string => `${r.gameId}:${r.ply}`;

/**
 * Records a graded review's candidates as puzzle check jobs (once per game and ply: a second call, as by a process
 * that takes the review over, changes nothing) and starts checking them in the background; returns how many were new.
 * Never throws (logged).
 */
export async function queuePuzzleChecks(
  ctx: MatchContext,
  rec: StoredGame,
  plies: readonly StoredPlyReview[],
): Promise<number> {
  if (!ctx.review?.checkPuzzle) return 0;
  let created = 0;
  for (const c of puzzleCandidates(plies)) {
    const job = { gameId: rec.id, ply: c.ply, game: rec.game, setup: rec.setup, moves: rec.moves.slice(0, c.ply) };
    try {
      if (await ctx.store.puzzleChecks.create({ ...job, seed: seedOf(rec.id, c.ply) })) created++;
    } catch (e) {
      // Never holds the review up: a candidate the store refuses is a puzzle fewer (if Redis is down, the review's own
      // next write fails too, and its retry records the candidates again).
      ctx.log.warn({ err: e, gameId: rec.id, ply: c.ply }, 'puzzle candidate not recorded');
    }
  }
  if (created > 0) ctx.background('puzzle check sweep', () => sweepPuzzleChecks(ctx));
  return created;
}

/**
 * The puzzle check sweep: candidates nobody is checking (recorded while this process was busy, left by a process
 * that died or stopped mid-check, given back after a failure), taken up by compare-and-set on the job's lease. Every
 * process runs it beside the review sweep. A job that does not validate is refused (logged) and skipped. Returns how
 * many it took up.
 */
export async function sweepPuzzleChecks(ctx: MatchContext, limit = 25): Promise<number> {
  if (!ctx.review?.checkPuzzle || ctx.review.open?.() === false) return 0;
  const store = ctx.store.puzzleChecks;
  const now = ctx.now();
  // Below reviews in time, not only in the lane's queue: a check's two deep searches hold a worker for tens of
  // seconds once started, and a review queues one ply at a time, so a check taken between two plies delayed every
  // review behind it (bench:review --delivery: 10 reviews ending at once took ~2× their CPU). None starts while any
  // review waits or is being graded; the sweep after each review (review.ts) and the periodic one come back. Unless
  // the oldest candidate has waited PUZZLE_CHECK_MAX_WAIT_MS: a bot whose reviews never stop still gets puzzles.
  const refs = await store.pending(now, limit);
  if (refs.length === 0) return 0;
  if (refs[0]!.at > now - PUZZLE_CHECK_MAX_WAIT_MS && (await ctx.store.reviews.pending(now, 1)).length > 0) return 0;
  let taken = 0;
  for (const ref of refs) {
    if (hand(ctx).has(handKey(ref))) continue;
    const where = { gameId: ref.gameId, ply: ref.ply };
    try {
      const job = await store.get(ref);
      if (!job) {
        if (ref.at < now - HINT_GRACE_MS) await store.recheck(ref, null);
        continue;
      }
      if (job.status !== 'queued' && job.status !== 'running' && job.status !== 'checked') {
        await store.recheck(ref, null); // over: a hint left by a crash after the end
        continue;
      }
      const holder = job.owner;
      if (holder && holder !== ctx.instanceId && job.leaseUntil > now && (await ctx.store.processes.alive(holder)))
        continue;
      if (hand(ctx).size >= CHECK_SLOTS) break; // busy: the others wait their turn, in order
      ctx.background(`puzzle check ${handKey(ref)}`, () => runPuzzleCheck(ctx, ref, holder || null));
      taken++;
    } catch (e) {
      if (isCorruptRecordError(e)) {
        ctx.log.error({ err: e, ...where }, 'puzzle check job does not validate: skipped');
        await store.skip(ref);
      } else ctx.log.error({ err: e, ...where }, 'puzzle check sweep failed for a candidate');
    }
  }
  return taken;
}

/**
 * Takes a candidate's job (its lease; `takeOver`: a holder found gone), checks it in the background lane unless a
 * process did before (`checked`), adds the puzzle to the pool (once: one position is one puzzle) and ends the job.
 * Left alone when another process holds it, or when this one is checking as many as it does at once.
 */
export async function runPuzzleCheck(
  ctx: MatchContext,
  ref: PuzzleCheckRef,
  takeOver: string | null = null,
): Promise<void> {
  const lane = ctx.review;
  const mine = hand(ctx);
  const id = handKey(ref);
  if (!lane?.checkPuzzle || lane.open?.() === false || mine.has(id) || mine.size >= CHECK_SLOTS) return;
  mine.add(id);
  const store = ctx.store.puzzleChecks;
  const owner = ctx.instanceId;
  const where = { gameId: ref.gameId, ply: ref.ply };
  let stopKeeping: (() => void) | null = null;
  let tries = 0;
  try {
    const lease = await store.lease(ref, owner, ctx.now(), PUZZLE_CHECK_LEASE_MS, takeOver);
    if (!lease.ok) {
      if (lease.reason === 'over') await store.recheck(ref, null);
      return;
    }
    const job = lease.job;
    tries = job.tries;
    stopKeeping = keepLease(
      ctx,
      PUZZLE_CHECK_LEASE_MS,
      () => store.extend(ref, owner, ctx.now(), PUZZLE_CHECK_LEASE_MS),
      where,
    );
    if (job.tries > PUZZLE_CHECK_TRIES) {
      ctx.log.error({ ...where, tries: job.tries }, 'giving up a puzzle candidate: its check kept failing');
      await store.finish(ref, owner, 'failed');
      return;
    }
    let puzzle = job.puzzle;
    const known =
      job.status === 'running' &&
      // A damaged record in the pool counts as none: the check runs. Redis failing gives the job back (below).
      (await ctx.store.puzzles.get(puzzleId(job.game, job.setup, job.moves)).catch((e: unknown) => {
        if (isCorruptRecordError(e)) return null;
        throw e;
      }));
    if (known) {
      // The same position from another game (an opening's blunder made twice), checked before: no deep search again.
      await store.finish(ref, owner, 'added');
      ctx.log.info(where, 'puzzle from a finished game: in the pool already');
      return;
    }
    if (job.status === 'running') {
      const r = replay(getGame(job.game), job.setup, job.moves);
      if (!r.ok) {
        ctx.log.error({ ...where, at: r.index }, 'puzzle candidate: its moves do not replay; given up');
        await store.finish(ref, owner, 'failed');
        return;
      }
      const verdict = await lane.checkPuzzle(job.game, r.states.at(-1), job.seed);
      if (!verdict) {
        await store.finish(ref, owner, 'rejected');
        return;
      }
      puzzle = {
        id: puzzleId(job.game, job.setup, job.moves),
        game: job.game,
        setup: job.setup,
        moves: job.moves,
        solution: verdict.solution,
        bestChance: verdict.bestChance,
        secondChance: verdict.secondChance,
        gap: verdict.gap,
        rating: initialPuzzleRating(verdict.foundBy),
        source: 'game',
        seed: job.seed,
      };
      if (!(await store.checked(ref, owner, puzzle))) {
        ctx.log.info(where, 'puzzle check lease lost: another process goes on');
        return;
      }
    }
    if (!puzzle) {
      ctx.log.error(where, 'puzzle candidate checked with no puzzle recorded; given up');
      await store.finish(ref, owner, 'failed');
      return;
    }
    // Idempotent: a position already in the pool (another game's, the shipped set's, this job's before a crash) stays one.
    const added = await ctx.store.puzzles.add([puzzle]);
    await store.finish(ref, owner, 'added');
    ctx.log.info(
      { ...where, puzzleId: puzzle.id, new: added > 0 },
      added > 0 ? 'puzzle from a finished game added to the pool' : 'puzzle from a finished game: in the pool already',
    );
  } catch (e) {
    ctx.log.warn({ err: e, ...where }, 'puzzle check interrupted; it will be tried again');
    await store
      .release(ref, owner)
      .then(() => store.recheck(ref, ctx.now() + retryDelay(Math.max(1, tries))))
      .catch((e2: unknown) => ctx.log.warn({ err: e2, ...where }, 'could not give the puzzle check back'));
  } finally {
    stopKeeping?.();
    mine.delete(id);
    // A slot is free after a check: the next candidate (in this process or any) goes on at once, not at the next
    // sweep. (Not after a job found held or over: the sweep would find the same one again.)
    if (tries > 0) ctx.background('puzzle check sweep', () => sweepPuzzleChecks(ctx));
  }
}

/** Where the shipped set is: data/puzzles at the repository's (or the image's) root, beside src/ and dist/. */
const SHIPPED = new URL('../../data/puzzles/', import.meta.url);

/** The shipped puzzle set (npm run puzzles:mine), validated; a file that does not validate is left out (logged). */
export function shippedPuzzles(log?: MatchContext['log'], dir: URL = SHIPPED): Puzzle[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    log?.warn({ dir: dir.pathname }, 'no shipped puzzle set');
    return [];
  }
  return files.flatMap((f) => {
    try {
      return puzzleFileSchema.parse(JSON.parse(readFileSync(new URL(f, dir), 'utf8'))).puzzles;
    } catch (e) {
      log?.error({ err: e, file: f }, 'shipped puzzle file does not validate: left out');
      return [];
    }
  });
}

/** Puts the shipped set in the pool (what it has already stays): a new install has puzzles from the first minute. */
export async function seedPuzzlePool(ctx: MatchContext): Promise<number> {
  const added = await ctx.store.puzzles.add(shippedPuzzles(ctx.log));
  if (added > 0) ctx.log.info({ added }, 'shipped puzzles added to the pool');
  return added;
}

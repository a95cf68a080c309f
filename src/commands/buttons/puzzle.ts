// Solve, on a server's daily puzzle (match/sweeps/daily-puzzle.ts): opens that puzzle privately for the one who
// clicked (one try, answered with /puzzle answer:). Its id carries the puzzle; an id forged onto another message, an
// unknown puzzle or one already answered is refused privately, nothing changed.
import { openPuzzle, puzzleRating, refuse } from '../../match/index.js';
import { defineButton } from '../kit/command.js';
import { isRef, mayRedraw } from '../kit/custom-id.js';
import { serverHere } from '../kit/place.js';
import { userLocale } from '../kit/locale.js';
import { puzzleScreen } from '../puzzle.js';

type PuzzleButtonId = { kind: 'puzzle'; puzzleId: string };

export const puzzle = defineButton<PuzzleButtonId>({
  id: {
    kind: 'puzzle',
    prefix: 'pz',
    fields: 1,
    encode: (id) => {
      if (!isRef(id.puzzleId)) throw new Error('custom id: bad puzzle id');
      return [id.puzzleId];
    },
    decode: ([ref]) => (isRef(ref) ? { kind: 'puzzle', puzzleId: ref } : null),
    target: (id) => `puzzle:${id.puzzleId}`,
  },
  ack: () => 'ephemeral',
  handle: async (ctx, i, id) => {
    // Only the daily post that carries this very puzzle opens it: an id forged onto another message is refused.
    if (!mayRedraw(i.message, id, true)) refuse('common.badButton');
    const open = await openPuzzle(ctx, i.user.id, id.puzzleId, serverHere(i));
    const mine = await puzzleRating(ctx, open.puzzle.game, i.user.id);
    const payload = await puzzleScreen(ctx, i.user.id, userLocale(i), open, mine.rating);
    return { kind: 'message', ephemeral: true, build: () => payload };
  },
});

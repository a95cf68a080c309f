// First move ("colour", after chess) in Swiss rounds, after FIDE C.04.1 and
// the Dutch system's colour rules (C.04.3 A.6 and E), simplified.
//
// A player's colour history is the list of games they played over the board
// (byes and forfeits have no colour). From it, their preference:
// - none: no game yet;
// - absolute: first and second differ by 2 or more, or the last two games
//   had the same colour: they need the other colour (else they would reach a
//   difference of 3 or three in a row);
// - strong: a difference of 1: they want the colour that evens it;
// - mild: even: they want the opposite of their last game (alternation).
export type Colour = 'first' | 'second';

/** 0 none, 1 mild, 2 strong, 3 absolute. */
export type Strength = 0 | 1 | 2 | 3;

export interface Preference {
  colour: Colour | null;
  strength: Strength;
}

const other = (c: Colour): Colour => (c === 'first' ? 'second' : 'first');

/** firsts − seconds */
export const colourDiff = (h: readonly Colour[]): number => h.reduce((d, c) => d + (c === 'first' ? 1 : -1), 0);

export function preference(h: readonly Colour[]): Preference {
  if (h.length === 0) return { colour: null, strength: 0 };
  const d = colourDiff(h);
  const last = h[h.length - 1];
  if (d >= 2) return { colour: 'second', strength: 3 };
  if (d <= -2) return { colour: 'first', strength: 3 };
  if (h.length >= 2 && h[h.length - 2] === last) return { colour: other(last), strength: 3 };
  if (d === 1) return { colour: 'second', strength: 2 };
  if (d === -1) return { colour: 'first', strength: 2 };
  return { colour: other(last), strength: 1 };
}

export interface ColourPlayer {
  colours: readonly Colour[];
  /** Position in the pairing order (0 = highest ranked). */
  rank: number;
}

export interface Allocation {
  /** Whether player a (the first argument) moves first. */
  aFirst: boolean;
  /** 1 when a player gets the colour against an absolute preference (a difference of 3, or three in a row). */
  absoluteMiss: 0 | 1;
  /** 1 when a player gets the colour against a strong or absolute one (their difference leaves −1…1): Dutch C.11. */
  balanceMiss: 0 | 1;
  /** 1 when a player does not get the colour they prefer, however mildly: Dutch C.10. */
  preferenceMiss: 0 | 1;
}

/**
 * Who moves first between a and b:
 * 1. compatible wishes are both granted; a player without a preference takes
 *    what the other does not want;
 * 2. when both want the same colour: the stronger preference, then the larger
 *    colour difference, then the colours are alternated from the most recent
 *    game in which the two had different colours, then the higher-ranked;
 * 3. when neither has a preference (first round): the higher-ranked player
 *    moves first on the 1st, 3rd, 5th… board and second on the others, or the
 *    reverse when `flip` (the lot drawn from the seed).
 */
export function allocate(a: ColourPlayer, b: ColourPlayer, board: number, flip: boolean): Allocation {
  const pa = preference(a.colours);
  const pb = preference(b.colours);
  const ok = (aFirst: boolean): Allocation => ({ aFirst, absoluteMiss: 0, balanceMiss: 0, preferenceMiss: 0 });
  if (pa.colour === null && pb.colour === null) {
    const higherFirst = (board % 2 === 0) !== flip;
    return ok(a.rank < b.rank ? higherFirst : !higherFirst);
  }
  if (pa.colour === null) return ok(pb.colour === 'second');
  if (pb.colour === null || pa.colour !== pb.colour) return ok(pa.colour === 'first');
  const want = pa.colour;
  let aWins: boolean;
  if (pa.strength !== pb.strength) aWins = pa.strength > pb.strength;
  else {
    const da = Math.abs(colourDiff(a.colours));
    const db = Math.abs(colourDiff(b.colours));
    if (da !== db) aWins = da > db;
    else {
      let decided: boolean | null = null;
      for (let k = 1; k <= Math.min(a.colours.length, b.colours.length); k++) {
        const ca = a.colours[a.colours.length - k];
        const cb = b.colours[b.colours.length - k];
        if (ca !== cb) {
          // Each takes the opposite of what they had then.
          decided = ca !== want;
          break;
        }
      }
      aWins = decided ?? a.rank < b.rank;
    }
  }
  const loser = aWins ? pb : pa;
  return {
    aFirst: aWins ? want === 'first' : want !== 'first',
    absoluteMiss: loser.strength === 3 ? 1 : 0,
    balanceMiss: loser.strength >= 2 ? 1 : 0,
    preferenceMiss: 1,
  };
}

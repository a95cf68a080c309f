// The English catalogue: the reference every other language follows.
import { around } from './around.js';
import { games } from './games.js';
import { play } from './play.js';
import { refusals } from './refusals.js';

export const en = {
  ...play,
  ...around,
  game: { ...play.game, ...games.game },
  engine: games.engine,
  refusal: { ...play.refusal, ...refusals.refusal },
} as const;

// The English catalogue: the reference every other language follows.
import { around } from './around.js';
import { games } from './games.js';
import { play } from './play.js';
import { tournament } from './tournament.js';

export const en = { ...play, ...around, ...tournament, game: { ...play.game, ...games.game }, engine: games.engine } as const;

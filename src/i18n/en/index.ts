// The English catalogue: the reference every other language follows.
import { around } from './around.js';
import { builder } from './builder.js';
import { games } from './games.js';
import { play } from './play.js';

export const en = { ...play, ...around, ...builder, game: { ...play.game, ...games.game }, engine: games.engine } as const;

// The English catalogue: the reference every other language follows.
import { around } from './around.js';
import { builder } from './builder.js';
import { games } from './games.js';
import { help } from './help.js';
import { play } from './play.js';
import { rules } from './rules.js';
import { tournament } from './tournament.js';

export const en = { ...play, ...around, ...rules, ...help, ...builder, ...tournament, game: { ...play.game, ...games.game }, engine: games.engine } as const;

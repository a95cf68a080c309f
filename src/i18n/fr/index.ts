// Le catalogue français : exactement les clés de l'anglais (src/i18n/en).
import type { Catalogue } from '../catalogue.js';
import { around } from './around.js';
import { games } from './games.js';
import { play } from './play.js';
import { refusals } from './refusals.js';

export const fr: Catalogue = {
  ...play,
  ...around,
  game: { ...play.game, ...games.game },
  engine: games.engine,
  refusal: { ...play.refusal, ...refusals.refusal },
};

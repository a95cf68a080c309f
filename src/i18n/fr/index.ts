// Le catalogue français : exactement les clés de l'anglais (src/i18n/en).
import type { Catalogue } from '../catalogue.js';
import { activity } from './activity.js';
import { around } from './around.js';
import { builder } from './builder.js';
import { games } from './games.js';
import { help } from './help.js';
import { picture } from './picture.js';
import { play } from './play.js';
import { postgame } from './postgame.js';
import { practice } from './practice.js';
import { puzzle } from './puzzle.js';
import { refusals } from './refusals.js';
import { rules } from './rules.js';
import { takeback } from './takeback.js';
import { tournament } from './tournament.js';
import { web } from './web.js';

export const fr: Catalogue = {
  ...play,
  ...around,
  ...rules,
  ...help,
  ...builder,
  ...tournament,
  ...picture,
  ...takeback,
  ...postgame,
  ...practice,
  ...web,
  ...puzzle,
  ...activity,
  game: { ...play.game, ...games.game },
  engine: games.engine,
  refusal: { ...play.refusal, ...refusals.refusal },
};

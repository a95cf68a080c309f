// Every kind of button and select menu, one file each in this folder: its
// custom id (prefix, fields, checks: kit/custom-id.ts's frame) declared with
// what a click does. A new kind is a new file and one line in `kinds`. The
// router finds a click's kind here from the parsed id; the codecs are also
// registered with kit/custom-id.ts, through which the cards draw the buttons
// without importing these files (whose handlers import the cards).
import type { Button } from '../kit/command.js';
import { registerIds } from '../kit/custom-id.js';
import { activity } from './activity.js';
import { build, practiceBuild } from './build.js';
import { challenge } from './challenge.js';
import { game } from './game.js';
import { list } from './list.js';
import { practice, retry } from './practice.js';
import { puzzle } from './puzzle.js';
import { rules } from './rules.js';
import { takeback } from './takeback.js';
import { tournament } from './tournament.js';

const kinds = [
  challenge,
  game,
  tournament,
  list,
  build,
  rules,
  takeback,
  practiceBuild,
  practice,
  retry,
  puzzle,
  activity,
] as const;

type IdOf<B> = B extends Button<infer T> ? T : never;
/** Every custom id the bot makes: one of its kinds' ids. */
export type CustomId = IdOf<(typeof kinds)[number]>;

registerIds(kinds.map((k) => k.id));
const byKind = new Map<string, Button<CustomId>>(kinds.map((k) => [k.id.kind, k]));

/** The kind of a parsed id: how its click is acknowledged and handled. */
export function buttonOf(id: CustomId): Button<CustomId> {
  return byKind.get(id.kind)!;
}

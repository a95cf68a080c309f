// Every slash command by name, and every component handler by custom-id
// kind (the router and deploy-commands read these).
import { command as abort } from './abort.js';
import { command as board } from './board.js';
import { moveBuilder } from './build.js';
import { challengeButtons, command as challenge } from './challenge.js';
import { command as draw, drawButtons } from './draw.js';
import { command as endgame } from './endgame.js';
import { command as games, gamesPages } from './games.js';
import { command as help } from './help.js';
import type { Command, ComponentHandler } from './kit/command.js';
import { isServerCommand } from './kit/contexts.js';
import type { CustomId } from './kit/custom-id.js';
import { command as leaderboard } from './leaderboard.js';
import { command as move } from './move.js';
import { command as playBot } from './play-bot.js';
import { rematchButton } from './rematch.js';
import { command as replay } from './replay.js';
import { command as resign } from './resign.js';
import { command as rules, rulesPages } from './rules.js';
import { command as settings } from './settings.js';
import { command as stats } from './stats.js';
import { command as tournament, tournamentButtons } from './tournament.js';

export const commands: Command[] = [
  challenge,
  move,
  board,
  resign,
  draw,
  abort,
  playBot,
  leaderboard,
  stats,
  games,
  replay,
  endgame,
  settings,
  rules,
  help,
  tournament,
];

export const commandsByName = new Map(commands.map((c) => [c.data.name, c]));

/** Commands offered only in servers that added the bot (kit/contexts.ts guildOnly). */
export const serverCommands = new Set(commands.filter((c) => isServerCommand(c.data.toJSON())).map((c) => c.data.name));

/** The JSON bodies to register (PUT applications/{id}/commands). */
export const commandData = () => commands.map((c) => c.data.toJSON());

/** Every component handler; the router finds one from the parsed custom id. */
const buttons = [
  challengeButtons,
  drawButtons,
  rematchButton,
  gamesPages,
  rulesPages,
  moveBuilder,
  tournamentButtons,
] as ComponentHandler[];

/** The handler for a parsed custom id. */
export function componentHandler(id: CustomId): ComponentHandler {
  const action = 'action' in id ? id.action : undefined;
  const found = buttons.find((b) => b.kind === id.kind && (!b.actions || b.actions.some((a) => a === action)));
  if (!found) throw new Error(`no handler for custom ids of kind ${id.kind}`);
  return found;
}

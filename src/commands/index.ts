// Every slash command by name (the router and deploy-commands read these).
// The buttons and menus are listed in buttons/index.ts.
import { command as abort } from './abort.js';
import { command as board } from './board.js';
import { command as challenge } from './challenge.js';
import { command as draw } from './draw.js';
import { command as endgame } from './endgame.js';
import { command as games } from './games.js';
import { command as help } from './help.js';
import type { Command } from './kit/command.js';
import { isServerCommand } from './kit/contexts.js';
import { command as leaderboard } from './leaderboard.js';
import { command as move } from './move.js';
import { command as playBot } from './play-bot.js';
import { command as puzzle } from './puzzle.js';
import { command as replay } from './replay.js';
import { command as resign } from './resign.js';
import { command as rules } from './rules.js';
import { command as settings } from './settings.js';
import { command as stats } from './stats.js';
import { command as takeback } from './takeback.js';
import { command as tournament } from './tournament.js';

export const commands: Command[] = [
  challenge,
  move,
  board,
  resign,
  draw,
  takeback,
  abort,
  playBot,
  leaderboard,
  stats,
  games,
  replay,
  puzzle,
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

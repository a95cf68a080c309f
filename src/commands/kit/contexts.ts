// Where a command is offered (Discord's interaction contexts).
import { InteractionContextType } from 'discord.js';

/** Commands of server play: offered in servers only. */
export const guildOnly = <B extends { setContexts(...c: InteractionContextType[]): B }>(b: B): B => b.setContexts(InteractionContextType.Guild);

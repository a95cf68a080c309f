// /replay game:<id>: an animated GIF of a game (finished, or in progress up to
// the current move) and its move list. The id is on the final message, on
// /board and in /stats; autocomplete offers the user's recent games here.
// Drawing a film takes seconds, so the reply is deferred first; it is drawn in
// a render worker thread (ctx.renderReplay, src/render/pool.ts), never on the
// event loop, and a process draws at most MAX_DRAWING at once.
import { AttachmentBuilder, AutocompleteInteraction, ChatInputCommandInteraction, EmbedBuilder, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { UserError, refuse } from '../bot/errors.js';
import { beforeAnswer } from '../bot/match.js';
import { channelUrl, clipText, gameTitle, md, resultLines, resultSummary, setupText } from '../bot/messages.js';
import { MAX_CHOICES, moveList } from '../bot/moves.js';
import { stringOption } from '../bot/options.js';
import { getGame } from '../engine/index.js';
import { isCorruptRecordError, type StoredGame } from '../store/types.js';

/** Discord's upload limit for bots without boosts; the renderer aims below it, checked again here. */
export const MAX_REPLAY_BYTES = 8 * 1024 * 1024;
/** A move list up to this long goes in the embed; longer ones are a text file. */
export const INLINE_MOVES_MAX = 900;
/** Films drawn at once by this process (each holds a few hundred ms of CPU per second). */
const MAX_DRAWING = 2;
/** Per user, across processes (store cooldown): one film every few seconds is plenty. */
const COOLDOWN_MS = 10_000;
const ID_RE = /^[0-9a-z]{4,32}$/;

let drawing = 0;

export const data = new SlashCommandBuilder()
  .setName('replay')
  .setDescription('Watch a game again: an animated board and its move list')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    o.setName('game').setDescription('The game id (under the final message; your recent games are listed)').setRequired(true).setMaxLength(40).setAutocomplete(true),
  );

const shown = (s: string): string => (s.length > 40 ? `${s.slice(0, 39)}…` : s).replace(/`/g, "'");

async function loadReplayable(ctx: BotContext, raw: string, guildId: string | null): Promise<StoredGame> {
  // Ids are lowercase base36; people paste them with backticks or in capitals.
  const id = raw.trim().replace(/^`+|`+$/g, '').toLowerCase();
  if (!ID_RE.test(id)) refuse(`\`${shown(raw)}\` is not a game id. Ids look like \`k3j9x0a2bq\`: see the end of a game's thread, \`/board\` or \`/stats\`.`);
  let rec: StoredGame | null;
  try {
    rec = await ctx.store.games.get(id);
  } catch (e) {
    if (isCorruptRecordError(e)) refuse(`the record of game \`${id}\` is damaged; it cannot be replayed.`);
    throw e;
  }
  // Games of other servers stay private to them.
  if (!rec || rec.guildId !== guildId) refuse(`there is no game \`${id}\` in this server. Check the id under the game's final message or in \`/stats\`.`);
  if (rec!.moves.length === 0) refuse(`game \`${id}\` has no moves yet: nothing to replay.`);
  return rec!;
}

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const raw = stringOption(i.options, 'game', { required: true, max: 40 });
  const rec = await beforeAnswer(ctx, i, async () => {
    const found = await loadReplayable(ctx, raw, i.guildId);
    if (drawing >= MAX_DRAWING) refuse('I am drawing other replays right now; try again in a minute.');
    const wait = await ctx.store.interactions.cooldown(`replay:${i.user.id}`, COOLDOWN_MS);
    if (wait > 0) refuse(`you asked for a replay just now; try again in ${Math.ceil(wait / 1000)} s.`);
    return found;
  });
  drawing++;
  try {
    if (!i.deferred) await i.deferReply();
    const gif = await draw(ctx, rec);
    await i.editReply(replayPost(rec, gif));
  } finally {
    drawing--;
  }
}

async function draw(ctx: BotContext, rec: StoredGame): Promise<Buffer> {
  let gif: Buffer;
  try {
    gif = await ctx.renderReplay(rec.game, rec.setup, rec.moves, { players: [rec.players[0].name, rec.players[1].name] });
  } catch (e) {
    ctx.log.error({ err: e, gameId: rec.id }, 'replay render failed');
    return refuse(`I could not draw game \`${rec.id}\`: its move log does not replay.`);
  }
  if (gif.length > MAX_REPLAY_BYTES) {
    ctx.log.warn({ gameId: rec.id, bytes: gif.length }, 'replay too large to upload');
    refuse(`the replay of game \`${rec.id}\` is too large to upload (${(gif.length / 1048576).toFixed(1)} MB, Discord takes 8 MB).`);
  }
  return gif;
}

export function replayPost(rec: StoredGame, gif: Buffer): { embeds: EmbedBuilder[]; files: AttachmentBuilder[]; allowedMentions: { parse: [] } } {
  const game = getGame(rec.game);
  const title = gameTitle(rec.game);
  const names = `${rec.players[0].name} (${cap(game.sides[0])}) vs ${rec.players[1].name} (${cap(game.sides[1])})`;
  const gifName = `replay-${rec.id}.gif`;
  const files = [new AttachmentBuilder(gif, { name: gifName, description: clipText(`${title} replay: ${names}, ${rec.moves.length} moves`, 1024) })];
  const moves = moveList(game, rec.setup, rec.moves);
  const info = [
    `${setupText(rec.game, rec.setup)} · ${rec.rated ? 'rated' : 'casual'} · ${rec.moves.length} moves · game \`${rec.id}\``,
    rec.status === 'active' ? `**In progress**: replayed up to move ${rec.moves.length}.` : (resultLines(rec)[0] ?? ''),
  ];
  const embed = new EmbedBuilder()
    .setTitle(clipText(`Replay · ${title} · ${md(rec.players[0].name)} vs ${md(rec.players[1].name)}`, 256))
    .setColor(0x9b59b6)
    .setDescription(clipText(info.join('\n'), 4096))
    .setImage(`attachment://${gifName}`);
  if (rec.guildId) embed.setURL(channelUrl(rec.guildId, rec.channelId));
  const inline = moves.join('\n');
  if (inline.length <= INLINE_MOVES_MAX) {
    embed.addFields({ name: 'Moves', value: `\`\`\`\n${inline.replace(/`/g, "'")}\n\`\`\`` });
  } else {
    const text = [`${title} · ${names}`, `Game ${rec.id} · ${setupText(rec.game, rec.setup)} · ${rec.rated ? 'rated' : 'casual'}`, resultSummary(rec), '', ...moves, ''].join('\n');
    const txtName = `moves-${rec.id}.txt`;
    files.push(new AttachmentBuilder(Buffer.from(text, 'utf8'), { name: txtName, description: `Move list of game ${rec.id}` }));
    embed.addFields({ name: 'Moves', value: `${rec.moves.length} moves: see \`${txtName}\`.` });
  }
  return { embeds: [embed], files, allowedMentions: { parse: [] } };
}

/** The user's recent games in this server, filtered by what was typed (id, game or names). */
export async function autocomplete(ctx: BotContext, i: AutocompleteInteraction): Promise<void> {
  const focused = i.options.getFocused(true);
  const typed = typeof focused.value === 'string' ? focused.value.trim().toLowerCase().slice(0, 100) : '';
  let games: StoredGame[];
  try {
    games = await ctx.store.games.listByUser(i.user.id, MAX_CHOICES);
  } catch (e) {
    if (isCorruptRecordError(e) || e instanceof UserError) return i.respond([]);
    throw e;
  }
  const choices = games
    .filter((g) => g.guildId === i.guildId && g.moves.length > 0)
    .map((g) => {
      const state = g.status === 'active' ? 'in progress' : g.status === 'aborted' ? 'aborted' : g.result?.draw ? 'draw' : 'over';
      const name = `${gameTitle(g.game)} · ${g.players[0].name} vs ${g.players[1].name} · ${state} · ${g.moves.length} moves · ${g.id}`;
      return { name: clipText(name, 100), value: g.id };
    })
    .filter((c) => typed === '' || c.name.toLowerCase().includes(typed))
    .slice(0, MAX_CHOICES);
  await i.respond(choices);
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const command: Command = { data, execute, autocomplete };

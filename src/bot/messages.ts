// Message builders: challenge cards, board posts, result blocks, buttons.
// Pure functions from store records to discord.js payloads; all text is
// clipped to Discord's limits here (content 2000, embed description 4096).
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  escapeMarkdown,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import { getGame, isGameId, type GameId } from '../engine/index.js';
import type { PlayerRef, StoredChallenge, StoredGame, PlayerRatingChange } from '../store/types.js';
import { encodeCustomId } from './custom-id.js';
import { scoreLines } from './moves.js';

export const MAX_CONTENT = 2000;
export const clipText = (s: string, n = MAX_CONTENT): string => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
/** A display name inside message text: its markdown shown as typed, not applied. */
export const md = (name: string): string => escapeMarkdown(name);

export const gameTitle = (id: GameId): string => getGame(id).title;

/** Where a game is played, as a link anyone in the server can open (threads included). */
export const channelUrl = (guildId: string, channelId: string): string => `https://discord.com/channels/${guildId}/${channelId}`;

/** A display name inside a masked link's [text]: escaped, and without brackets that would end it early. */
export const linkText = (s: string): string => md(s).replace(/[[\]]/g, '');

/** As many whole lines as fit in `max` characters (a clipped line could cut a link in half), with a note for the rest. */
export function fitLines(lines: string[], max: number): string {
  const out: string[] = [];
  let used = 0;
  for (let k = 0; k < lines.length; k++) {
    const rest = lines.length - k - 1;
    const note = rest > 0 ? `\n…and ${rest} more` : '';
    const add = (out.length ? 1 : 0) + lines[k].length;
    if (used + add + (rest > 0 ? note.length : 0) > max) {
      out.push(`…and ${lines.length - k} more`);
      break;
    }
    out.push(lines[k]);
    used += add;
  }
  return out.join('\n');
}

/** "Exxit · Alice vs Bob" as a link to the game's thread (plain text when the game has no server). */
export function gameLink(rec: StoredGame): string {
  const text = `${gameTitle(rec.game)} · ${linkText(rec.players[0].name)} vs ${linkText(rec.players[1].name)}`;
  return rec.guildId ? `[${text}](${channelUrl(rec.guildId, rec.channelId)})` : text;
}

/** `<@id>` for people (pings when allowed), the AI's name in bold. */
export const playerTag = (p: PlayerRef): string => (p.bot ? `**${md(p.name)}**` : `<@${p.id}>`);

/** "Exxit · Alice vs Bob" (thread names are at most 100 characters). */
export const threadName = (game: GameId, players: [PlayerRef, PlayerRef]): string =>
  clipText(`${gameTitle(game)} · ${players[0].name} vs ${players[1].name}`, 100);

export function setupText(game: GameId, setup: string): string {
  if (game === 'exxit') {
    const tiles: Record<string, number> = { standard: 39, blitz: 29, short: 19 };
    return `${tiles[setup] ?? '?'} tiles (${setup})`;
  }
  if (setup.startsWith('random')) return 'random layout';
  return `layout ${setup.replace('preset', 'preset ')}`;
}

const FIRST_TEXT = { challenger: 'challenger moves first', opponent: 'opponent moves first', random: 'first move drawn at random' } as const;

// ---------------------------------------------------------------------------
// Challenges

export interface ChallengeCard {
  content: string;
  embeds: EmbedBuilder[];
  components: ActionRowBuilder<MessageActionRowComponentBuilder>[];
  allowedMentions: { users: string[] };
}

export function challengeCard(c: StoredChallenge, note?: string): ChallengeCard {
  const gameId: GameId = isGameId(c.game) ? c.game : 'exxit';
  const who = c.opponentId ? `<@${c.challengerId}> challenges <@${c.opponentId}>` : `<@${c.challengerId}> is looking for an opponent`;
  const lines = [
    who,
    `${setupText(gameId, c.setup)} · ${c.rated ? 'rated' : 'casual'} · ${FIRST_TEXT[c.firstMove ?? 'random']}`,
  ];
  const open = c.status === 'open';
  if (c.clockMs) lines.push(`Time per move: ${hoursText(c.clockMs)} (correspondence).`);
  if (open) lines.push(`Expires <t:${Math.floor(c.expiresAt / 1000)}:R>.`);
  else lines.push(note ?? STATUS_TEXT[c.status]);
  const embed = new EmbedBuilder()
    .setTitle(`${gameTitle(gameId)} challenge`)
    .setDescription(clipText(lines.join('\n'), 4096))
    .setColor(open ? 0x5865f2 : 0x4f545c);
  const components: ActionRowBuilder<MessageActionRowComponentBuilder>[] = [];
  if (open) {
    const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'challenge', challengeId: c.id, action: 'accept' })).setLabel('Accept').setStyle(ButtonStyle.Success),
    );
    if (c.opponentId) {
      row.addComponents(
        new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'challenge', challengeId: c.id, action: 'decline' })).setLabel('Decline').setStyle(ButtonStyle.Danger),
      );
    }
    row.addComponents(
      new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'challenge', challengeId: c.id, action: 'cancel' })).setLabel('Cancel').setStyle(ButtonStyle.Secondary),
    );
    components.push(row);
  }
  const ping = open && c.opponentId ? [c.opponentId] : [];
  return { content: ping.length ? `<@${ping[0]}>` : '', embeds: [embed], components, allowedMentions: { users: ping } };
}

const STATUS_TEXT: Record<StoredChallenge['status'], string> = {
  open: '',
  accepted: 'Accepted.',
  declined: 'Declined.',
  cancelled: 'Cancelled by the challenger.',
  expired: 'This challenge expired.',
};

// ---------------------------------------------------------------------------
// Games

export function boardAttachment(png: Buffer, rec: StoredGame): AttachmentBuilder {
  return new AttachmentBuilder(png, {
    name: `${rec.game}-${rec.id}-${rec.moves.length}.png`,
    description: `${gameTitle(rec.game)} board after ${rec.moves.length} moves`,
  });
}

export const sideName = (rec: StoredGame, side: 0 | 1): string => cap(getGame(rec.game).sides[side]);

/** "<@bob> to move (Black)." */
export function toMoveLine(rec: StoredGame, side: 0 | 1): string {
  const p = rec.players[side];
  if (p.bot) return `${playerTag(p)} (${sideName(rec, side)}) is thinking…`;
  const clock = deadlineText(rec);
  return `${playerTag(p)} to move (${sideName(rec, side)}). Play with \`/move\`.${clock ? ` ${clock}` : ''}`;
}

/** "Time per move 24 h · deadline <t:…:R>." ('' for a game without a clock). */
export function deadlineText(rec: StoredGame): string {
  const c = rec.clock;
  return c?.deadline ? `Time per move ${hoursText(c.perMoveMs)} · deadline <t:${Math.floor(c.deadline / 1000)}:R>.` : '';
}

export function hoursText(ms: number): string {
  const h = ms / 3_600_000;
  return Number.isInteger(h) ? `${h} h` : `${Math.round(ms / 60_000)} min`;
}

const REASONS: Record<string, string> = {
  'EX-20a': 'the last tile left the stock',
  'EX-20b': 'two passes in a row',
  'EX-20c': 'the same position occurred a third time',
  'EX-20d': '1,000 plies were played',
  'OD-18': 'more victory conditions',
  'OD-19': 'all tiles are down; tiebreak on galaxies and black holes',
  'OD-20': 'no legal placement left',
  resign: 'resignation',
  'draw-agreed': 'draw agreed',
  abort: 'aborted',
  timeout: 'time ran out',
  time: 'lost on time',
  admin: 'ended by an admin',
};

/** The result in plain words (no mentions, no markdown), for text files: "Bob (Blue) wins: more victory conditions, OD-18". */
export function resultSummary(rec: StoredGame): string {
  const r = rec.result;
  if (rec.status === 'active' || !r) return `In progress: ${rec.moves.length} moves so far`;
  const reason = REASONS[r.reason] ? `${REASONS[r.reason]}${/^(EX|OD)-/.test(r.reason) ? `, ${r.reason}` : ''}` : r.reason;
  if (rec.status === 'aborted') return 'Aborted: no result';
  if (r.draw || r.winner === null) return `Draw: ${reason}`;
  return `${rec.players[r.winner].name} (${sideName(rec, r.winner)}) wins: ${reason}`;
}

export function resultLines(rec: StoredGame): string[] {
  const r = rec.result;
  if (!r) return [];
  const reason = REASONS[r.reason] ? `${REASONS[r.reason]}${/^(EX|OD)-/.test(r.reason) ? `, ${r.reason}` : ''}` : r.reason;
  const lines: string[] = [];
  if (rec.status === 'aborted') lines.push(`**Game aborted** — ${r.reason === 'time' ? 'a side did not make its first move in time; ' : ''}no result, no rating change.`);
  else if (r.draw || r.winner === null) lines.push(`**Draw** (${reason}).`);
  else if (r.reason === 'time') {
    const l = (1 - r.winner) as 0 | 1;
    lines.push(`**${playerTag(rec.players[r.winner])} (${sideName(rec, r.winner)}) wins**: ${playerTag(rec.players[l])} (${sideName(rec, l)}) lost on time.`);
  } else lines.push(`**${playerTag(rec.players[r.winner])} (${sideName(rec, r.winner)}) wins** (${reason}).`);
  if (rec.status === 'over' && /^(EX|OD)-/.test(r.reason)) lines.push(...scoreLines(rec.game, rec.state, getGame(rec.game).sides));
  if (r.ratingChanges) lines.push(...ratingLines(rec, r.ratingChanges));
  else if (rec.status === 'over' && !rec.rated) lines.push('Casual game: ratings unchanged.');
  // The id is what /replay takes; the final message is where players look for it.
  if (rec.status === 'over') lines.push(`-# Game \`${rec.id}\` · watch it again with \`/replay game:${rec.id}\``);
  return lines;
}

function ratingLines(rec: StoredGame, changes: [PlayerRatingChange, PlayerRatingChange]): string[] {
  return changes.map((c) => {
    const p = rec.players.find((x) => x.id === c.userId);
    const b = Math.round(c.global.before.rating);
    const a = Math.round(c.global.after.rating);
    const d = a - b;
    return `${p ? playerTag(p) : c.userId}: ${b} → ${a} (${d >= 0 ? '+' : ''}${d})`;
  });
}

export function rematchRow(rec: StoredGame): ActionRowBuilder<MessageActionRowComponentBuilder> {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'game', gameId: rec.id, version: rec.version, action: 'rematch' }))
      .setLabel('Rematch')
      .setStyle(ButtonStyle.Primary),
  );
}

export function drawRow(rec: StoredGame): ActionRowBuilder<MessageActionRowComponentBuilder> {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'game', gameId: rec.id, version: rec.version, action: 'draw-accept' }))
      .setLabel('Accept draw')
      .setStyle(ButtonStyle.Success),
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'game', gameId: rec.id, version: rec.version, action: 'draw-decline' }))
      .setLabel('Decline')
      .setStyle(ButtonStyle.Danger),
  );
}

/** Users a game post may ping: the human players only. */
export const gameMentions = (rec: StoredGame, sides: (0 | 1)[]): { users: string[] } => ({
  users: sides.map((s) => rec.players[s]).filter((p) => !p.bot).map((p) => p.id),
});

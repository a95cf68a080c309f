// /replay game:<id>: an animated GIF of a game (finished, or in progress up to
// the current move) and its move list. The id is on the final message, on
// /board and in /stats; autocomplete offers the user's recent games here.
// Drawing a film takes seconds, so the answer is acknowledged first; it is
// drawn in a render worker thread (ctx.renderReplay), never on the event
// loop, and a process draws at most MAX_DRAWING at once.
import { AttachmentBuilder, EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import { getGame } from '../engine/index.js';
import { localeOf, type Locale } from '../i18n/catalogue.js';
import { check, gameLocale, refuse, resultLines, resultSummary, setupMsg, sideMsg, titleMsg } from '../match/index.js';
import { isRefusal } from '../match/refusal.js';
import type { StoredGame } from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import { MAX_CHOICES, clipChoice } from './kit/autocomplete.js';
import type { Command, CommandContext } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { described } from './kit/localize.js';
import { stringOption } from './kit/options.js';
import { channelUrl, type MessagePayload } from './kit/posts.js';
import { clipText, lines, t, text } from './kit/text.js';

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

export const data = everywhere(
  described(new SlashCommandBuilder().setName('replay'), 'cmd.replay.description'),
).addStringOption((o) =>
  described(o.setName('game'), 'cmd.replay.game').setRequired(true).setMaxLength(40).setAutocomplete(true),
);

const shown = (s: string): string => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

async function loadReplayable(ctx: CommandContext, raw: string, guildId: string | null): Promise<StoredGame> {
  // Ids are lowercase base36; people paste them with backticks or in capitals.
  const id = raw
    .trim()
    .replace(/^`+|`+$/g, '')
    .toLowerCase();
  if (!ID_RE.test(id)) refuse('replay.notAnId', { typed: { code: shown(raw) } });
  let rec: StoredGame | null;
  try {
    rec = await ctx.store.games.get(id);
  } catch (e) {
    if (isCorruptRecordError(e)) refuse('replay.damaged', { id: { code: id } });
    throw e;
  }
  // Games of other servers stay private to them.
  if (!rec || rec.guildId !== guildId) return refuse('replay.unknown', { id: { code: id } });
  if (rec.moves.length === 0) refuse('replay.noMoves', { id: { code: id } });
  return rec;
}

export const command: Command = {
  data,
  async execute(ctx, i) {
    const raw = stringOption(i.options, 'game', { required: true, max: 40 });
    const rec = await loadReplayable(ctx, raw, i.guildId);
    if (drawing >= MAX_DRAWING) refuse('replay.busy');
    const wait = await ctx.store.interactions.cooldown(`replay:${i.user.id}`, COOLDOWN_MS);
    if (wait > 0) refuse('replay.cooldown', { seconds: Math.ceil(wait / 1000) });
    return {
      kind: 'message',
      ephemeral: false,
      slow: true,
      async build(locale) {
        drawing++;
        try {
          return replayPost(locale, rec, await draw(ctx, rec));
        } finally {
          drawing--;
        }
      },
    };
  },
  async autocomplete(ctx, i) {
    const locale = localeOf(i.locale);
    const focused = i.options.getFocused(true);
    const typed = typeof focused.value === 'string' ? focused.value.trim().toLowerCase().slice(0, 100) : '';
    let games: StoredGame[];
    try {
      games = await ctx.store.gameIndex.listByUser(i.user.id, MAX_CHOICES);
    } catch (e) {
      if (isCorruptRecordError(e) || isRefusal(e)) return [];
      throw e;
    }
    return games
      .filter((g) => g.guildId === i.guildId && g.moves.length > 0)
      .map((g) => {
        const status =
          g.status === 'active' ? 'inProgress' : g.status === 'aborted' ? 'aborted' : g.result?.draw ? 'draw' : 'over';
        const name = t(
          locale,
          'replay.choice',
          {
            game: titleMsg(g.game),
            first: { name: g.players[0].name },
            second: { name: g.players[1].name },
            status: { key: `replay.status.${status}` },
            moves: g.moves.length,
            id: g.id,
          },
          { mode: 'plain' },
        );
        return { name: clipChoice(name), value: g.id };
      })
      .filter((c) => typed === '' || c.name.toLowerCase().includes(typed))
      .slice(0, MAX_CHOICES);
  },
};

async function draw(ctx: CommandContext, rec: StoredGame): Promise<Buffer> {
  let gif: Buffer;
  try {
    gif = await ctx.renderReplay(rec.game, rec.setup, rec.moves, {
      players: [rec.players[0].name, rec.players[1].name],
      locale: gameLocale(rec),
    });
  } catch (e) {
    ctx.log.error({ err: e, gameId: rec.id }, 'replay render failed');
    return refuse('replay.doesNotReplay', { id: { code: rec.id } });
  }
  if (gif.length > MAX_REPLAY_BYTES) {
    ctx.log.warn({ gameId: rec.id, bytes: gif.length }, 'replay too large to upload');
    refuse('replay.tooLarge', { id: { code: rec.id }, mb: gif.length / 1048576 });
  }
  return gif;
}

/**
 * The move list for /replay: "12. Black: D B NW (D 1,0 NW)", one line per
 * ply. Labels are read in the position each move was played in, so the log is
 * replayed through the engine; where that fails (a damaged log) the stored
 * canonical text is shown as it is.
 */
export function moveList(locale: Locale, rec: StoredGame): string[] {
  const game = getGame(rec.game);
  const width = String(rec.moves.length).length;
  const start = game.initial(rec.setup);
  let state: unknown = start.ok ? start.value : null;
  return rec.moves.map((move, k) => {
    const n = String(k + 1).padStart(width);
    if (state === null) return t(locale, 'replay.moveRaw', { n, move }, { mode: 'plain' });
    const side = sideMsg(rec.game, game.toMove(state));
    const parsed = game.parseMove(state, move);
    if (!parsed.ok) {
      state = null;
      return t(locale, 'replay.moveLine', { n, side, label: move }, { mode: 'plain' });
    }
    const label = game.formatMove(state, parsed.value, 'label');
    const next = game.play(state, parsed.value);
    state = next.ok ? next.value : null;
    return label === move
      ? t(locale, 'replay.moveLine', { n, side, label }, { mode: 'plain' })
      : t(locale, 'replay.moveLineBoth', { n, side, label, move }, { mode: 'plain' });
  });
}

export function replayPost(locale: Locale, rec: StoredGame, gif: Buffer): MessagePayload {
  const title = text(locale, titleMsg(rec.game));
  const names = t(
    locale,
    'replay.names',
    {
      first: { name: rec.players[0].name },
      firstSide: sideMsg(rec.game, 0),
      second: { name: rec.players[1].name },
      secondSide: sideMsg(rec.game, 1),
    },
    { mode: 'plain' },
  );
  const gifName = `replay-${rec.id}.gif`;
  const files = [
    new AttachmentBuilder(gif, {
      name: gifName,
      description: clipText(
        t(locale, 'replay.altText', { game: titleMsg(rec.game), names, moves: rec.moves.length }, { mode: 'plain' }),
        1024,
      ),
    }),
  ];
  const moves = moveList(locale, rec);
  const c = check(rec);
  const state = c.ok ? c.value.state : undefined;
  const terms = {
    setup: setupMsg(rec.game, rec.setup),
    rated: { key: rec.rated ? 'common.rated' : 'common.casual' },
    moves: rec.moves.length,
    id: { code: rec.id },
  } as const;
  const info = [
    t(locale, 'replay.info', terms),
    rec.status === 'active'
      ? t(locale, 'replay.inProgress', { moves: rec.moves.length })
      : lines(locale, resultLines(rec, state).slice(0, 1)),
  ];
  const embed = new EmbedBuilder()
    .setTitle(
      clipText(
        t(locale, 'replay.title', {
          game: titleMsg(rec.game),
          first: { name: rec.players[0].name },
          second: { name: rec.players[1].name },
        }),
        256,
      ),
    )
    .setColor(0x9b59b6)
    .setDescription(clipText(info.join('\n'), 4096))
    .setImage(`attachment://${gifName}`);
  if (rec.guildId) embed.setURL(channelUrl(rec.guildId, rec.channelId));
  const inline = moves.join('\n');
  if (inline.length <= INLINE_MOVES_MAX) {
    embed.addFields({ name: t(locale, 'replay.movesTitle'), value: `\`\`\`\n${inline.replace(/`/g, "'")}\n\`\`\`` });
  } else {
    const file = [
      `${title} · ${names}`,
      t(locale, 'replay.fileInfo', terms, { mode: 'plain' }),
      text(locale, resultSummary(rec, state), { mode: 'plain' }),
      '',
      ...moves,
      '',
    ].join('\n');
    const txtName = `moves-${rec.id}.txt`;
    files.push(
      new AttachmentBuilder(Buffer.from(file, 'utf8'), {
        name: txtName,
        description: t(locale, 'replay.movesFileAlt', { id: rec.id }, { mode: 'plain' }),
      }),
    );
    embed.addFields({
      name: t(locale, 'replay.movesTitle'),
      value: t(locale, 'replay.movesInFile', { moves: rec.moves.length, file: { code: txtName } }),
    });
  }
  return { embeds: [embed], files, allowedMentions: { parse: [] } };
}

// The shape of a command module (the discord.js guide's convention: builder
// data, a handler, autocomplete) and of what a handler returns. Handlers
// never answer Discord themselves: they return a Reply and the router
// (src/bot/answer.ts) sends it — one way to answer, whatever was deferred.
import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  Client,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { GameId } from '../../engine/game.js';
import type { Locale } from '../../i18n/catalogue.js';
import type { Msg } from '../../i18n/msg.js';
import type { Announcement } from '../../match/announce.js';
import type { MatchContext } from '../../match/context.js';
import type { InteractionRef } from '../../model/index.js';
import type { IdCodec } from './custom-id.js';
import type { MessagePayload } from './posts.js';

/** `locale`: the language of the words drawn on the picture (a game's pictures are in the game's). */
export type RenderBoard = (
  game: GameId,
  state: unknown,
  opts?: { players?: [string, string]; before?: unknown; locale?: Locale },
) => Promise<Buffer>;
export type RenderReplay = (
  game: GameId,
  setup: string,
  moves: string[],
  opts?: { players?: [string, string]; locale?: Locale },
) => Promise<Buffer>;

/** A review's win-chance graph (src/render renderWinChart): side 0's chance after every ply, the marked moves. */
export type RenderWinChart = (
  game: GameId,
  chart: { chances: number[]; marks: { ply: number; side: 0 | 1; grade: 'inaccuracy' | 'mistake' | 'blunder' }[] },
  opts: { locale?: Locale; players?: [string, string]; background?: boolean },
) => Promise<Buffer>;
/** A position with the move played and the better one drawn on it (src/render renderMoveComparison). */
export type RenderMoveComparison = (
  game: GameId,
  before: unknown,
  moves: { played?: string; better?: string },
  /** `background`: nobody waits on it now (a review's post): drawn after the players' boards, one at a time. */
  opts: { players?: [string, string]; locale?: Locale; background?: boolean },
) => Promise<Buffer>;

/** What every handler gets: the match layer's context plus the Discord client and the renderers. */
export interface CommandContext extends MatchContext {
  client: Client;
  render: RenderBoard;
  renderReplay: RenderReplay;
  /** The post-game review's pictures (kit/review-post.ts). */
  renderWinChart: RenderWinChart;
  renderMoveComparison: RenderMoveComparison;
  /** PUBLIC_URL: the live game page's base URL (src/web), for the link after a game; absent: no link. */
  publicUrl?: string;
  /** ACTIVITY_ENABLED: the board as a Discord Activity; game posts get Open board (kit/posts.ts). Absent: no button. */
  activity?: boolean;
}

/**
 * The message the router sent for a reply, for work that needs it afterwards (its id, a later edit, a private note).
 */
export interface Sent {
  messageId: string | null;
  edit(build: (locale: Locale) => MessagePayload | Promise<MessagePayload>): Promise<void>;
  tell(m: Msg): Promise<void>;
  /**
   * Makes a game's post after the answer (the board after a builder's Confirm,
   * the start after Accept): in the game's channel, or in reply mode as a
   * public follow-up of this interaction. Never throws: a failed post stays owed.
   */
  announce(a: Announcement): Promise<void>;
  /** This interaction, as the one a later post may follow up in reply mode (the AI asked again by /board). */
  interaction: InteractionRef;
}

/**
 * `build` gets the language to write in: `locale` when the reply names it
 * (a game's public posts, a challenge card), else the reader's.
 * `slow`: building takes seconds (a replay film): acknowledge first.
 */
export type Reply =
  /** A new message (the interaction's answer); ephemeral ones are for the person who acted only. */
  | {
      kind: 'message';
      ephemeral: boolean;
      locale?: Locale;
      slow?: boolean;
      build(locale: Locale): MessagePayload | Promise<MessagePayload>;
      after?(sent: Sent): Promise<void>;
    }
  /**
   * A game's public post (board and lines, in the game's language); if Discord refuses the answer it goes to the game's
   * channel.
   */
  | { kind: 'game'; announcement: Announcement; after?(sent: Sent): Promise<void> }
  /** Components: redraw the message that was clicked. `tell` adds a private note. */
  | {
      kind: 'update';
      locale?: Locale;
      build(locale: Locale): MessagePayload | Promise<MessagePayload>;
      tell?: Msg;
      after?(sent: Sent): Promise<void>;
    }
  /** Launch the app's Activity (the board) for the person who clicked: Discord's LAUNCH_ACTIVITY answer. */
  | { kind: 'activity' };

/**
 * How the router acknowledges while the handler works: a handler still
 * running 1.5 s after the interaction was created is deferred this way
 * ('update' for components that redraw their message).
 */
export type Ack = 'public' | 'ephemeral' | 'update';

export interface CommandData {
  name: string;
  toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody;
}

export interface Command {
  data: CommandData;
  /** How the answer will look, for an early deferral (default 'public'). */
  ack?: Ack;
  /** Whether the server's channel list (/settings channels) applies: commands that start a game. */
  startsGame?: boolean;
  execute(ctx: CommandContext, i: ChatInputCommandInteraction): Promise<Reply>;
  autocomplete?(ctx: CommandContext, i: AutocompleteInteraction): Promise<{ name: string; value: string }[]>;
}

/**
 * One kind of button or select menu: its custom id (the codec, kit/custom-id.ts) and what a click does, declared
 * together in one file of commands/buttons/ and listed in buttons/index.ts, where the router finds it from the parsed
 * id. `ack` is how a click is acknowledged while `handle` works.
 */
export interface Button<T extends { kind: string }> {
  id: IdCodec<T>;
  ack(id: T): Ack;
  handle(ctx: CommandContext, i: ButtonInteraction | StringSelectMenuInteraction, id: T): Promise<Reply>;
}

/** A kind's declaration, typed by its id (`defineButton<Id>({ id: {...}, ack, handle })`). */
export const defineButton = <T extends { kind: string }>(b: Button<T>): Button<T> => b;

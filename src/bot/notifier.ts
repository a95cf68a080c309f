// The match layer's Notifier, with discord.js: posts and edits in channels,
// opens the game thread on a card, archives it at the end, and speaks through
// interaction tokens where the bot cannot post (reply mode: group DMs, servers
// where only a user installed the app) — refused there before any call to
// Discord (NotPostable), and a 50001 / 50013 on a post says the same.
import { ChannelType, InteractionWebhook, MessageFlags, type TextChannel } from 'discord.js';
import type { Locale } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import {
  NotPostable,
  postableHere,
  type GamePost,
  type LateAnswer,
  type Notifier,
  type Post,
  type Where,
} from '../match/context.js';
import type { InteractionRef } from '../model/index.js';
import type { CommandContext } from '../commands/kit/command.js';
import { postPayload } from '../commands/kit/posts.js';
import { clipText, text } from '../commands/kit/text.js';
import {
  DISCORD_MISSING_ACCESS,
  DISCORD_MISSING_PERMISSIONS,
  DISCORD_THREAD_ALREADY_CREATED,
  discordErrorCode,
} from './errors.js';

/** What answers a webhook message fetch: discord.js's Message, or the raw API object when its channel is not cached. */
const flagsOf = (m: unknown): number => {
  const f = (m as { flags?: unknown }).flags;
  if (typeof f === 'number') return f;
  const bits = (f as { bitfield?: unknown } | undefined)?.bitfield;
  return typeof bits === 'number' ? bits : 0;
};

const THREADABLE = new Set<ChannelType>([ChannelType.GuildText, ChannelType.GuildAnnouncement]);

export class DiscordNotifier implements Notifier {
  /** Set once the context that holds this notifier exists (the payload builders need it). */
  ctx!: CommandContext;

  private async sendable(channelId: string) {
    const ch = await this.ctx.client.channels.fetch(channelId);
    if (!ch || !ch.isSendable()) throw new Error(`channel ${channelId} is not sendable`);
    return ch;
  }

  /**
   * Runs a call on a channel the bot acts in; reply mode is refused first, and Discord's "no access" becomes the same
   * NotPostable.
   */
  private async inChannel<T>(where: Where, call: () => Promise<T>): Promise<T> {
    if (!postableHere(where)) throw new NotPostable(where.channelId);
    try {
      return await call();
    } catch (e) {
      const { code } = discordErrorCode(e);
      if (code === DISCORD_MISSING_ACCESS || code === DISCORD_MISSING_PERMISSIONS)
        throw new NotPostable(where.channelId);
      throw e;
    }
  }

  async post(where: Where, post: Post, opts: { nonce?: string } = {}): Promise<string> {
    return this.inChannel(where, async () => {
      const ch = await this.sendable(where.channelId);
      const payload = await postPayload(this.ctx, post);
      const msg = await ch.send(opts.nonce ? { ...payload, nonce: opts.nonce, enforceNonce: true } : payload);
      return msg.id;
    });
  }

  private hook(interaction: InteractionRef): InteractionWebhook {
    const client = this.ctx.client;
    if (!client.isReady()) throw new Error('the client is not ready');
    return new InteractionWebhook(client, client.application.id, interaction.token);
  }

  async answerLate(interaction: InteractionRef, post: GamePost): Promise<LateAnswer> {
    if (!this.ctx.client.isReady()) return 'gone';
    const hook = this.hook(interaction);
    let original: unknown;
    try {
      original = await hook.fetchMessage('@original');
    } catch (e) {
      // Never acknowledged, or the token expired: there is nothing to edit or follow.
      if (discordErrorCode(e).status === 404 || discordErrorCode(e).status === 401) return 'gone';
      throw e;
    }
    const flags = flagsOf(original);
    if (flags & MessageFlags.Loading) {
      if (flags & MessageFlags.Ephemeral) {
        // A private "thinking…" cannot carry the public board: remove it (the board goes to the channel, or follows).
        await hook.deleteMessage('@original');
        return 'open';
      }
      await hook.editMessage('@original', await postPayload(this.ctx, post));
      return 'edited';
    }
    // Not "thinking…": a command's public answer went out before the crash, and was the post — unless this post
    // follows that answer, the original is the clicked message (a button's), or the answer was a private note.
    return interaction.followUp || interaction.component || flags & MessageFlags.Ephemeral ? 'open' : 'answered';
  }

  async followUp(interaction: InteractionRef, post: Post): Promise<string> {
    const msg = await this.hook(interaction).send(await postPayload(this.ctx, post));
    return msg.id;
  }

  async edit(where: Where, messageId: string, post: Post): Promise<void> {
    await this.inChannel(where, async () => {
      const ch = await this.ctx.client.channels.fetch(where.channelId);
      if (!ch || !ch.isTextBased()) throw new Error(`channel ${where.channelId} is not a text channel`);
      await ch.messages.edit(messageId, await postPayload(this.ctx, post));
    });
  }

  async openThread(channelId: string, messageId: string, name: Msg, locale: Locale): Promise<string | null> {
    try {
      const ch = await this.ctx.client.channels.fetch(channelId);
      if (!ch || !THREADABLE.has(ch.type)) return null;
      // Thread names are at most 100 characters and show no markdown.
      const thread = await (ch as TextChannel).threads.create({
        startMessage: messageId,
        name: clipText(text(locale, name, { mode: 'plain' }), 100),
        autoArchiveDuration: 1440,
      });
      return thread.id;
    } catch (e) {
      const { status, code } = discordErrorCode(e);
      // A thread on a message has the message's id: reuse it if one exists already.
      if (code === DISCORD_THREAD_ALREADY_CREATED) return messageId;
      if (status === 403 || code === DISCORD_MISSING_PERMISSIONS || code === DISCORD_MISSING_ACCESS || status === 400) {
        this.ctx.log.info({ channelId, code }, 'cannot open a thread here; playing in the channel');
        return null;
      }
      throw e;
    }
  }

  async archive(channelId: string, reason: Msg, locale: Locale): Promise<void> {
    const ch = await this.ctx.client.channels.fetch(channelId);
    if (ch && ch.isThread() && !ch.archived)
      await ch.setArchived(true, clipText(text(locale, reason, { mode: 'plain' }), 512));
  }
}

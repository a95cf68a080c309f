// The one way to answer an interaction. A handler returns a Reply; this
// sends it whatever state the interaction is in (fresh, deferred publicly,
// privately, or as an update: read off discord.js's own flags), and defers on its own when the handler is
// still working 1.5 s after the interaction was created (Discord's limit
// for the first answer is 3 s). A game post that Discord refuses as an
// answer goes to the game's channel instead: an applied move is always shown.
// In reply mode (a channel the bot cannot post in) this interaction is the
// only voice the bot has there: it first shows what the channel's game owes
// (`owed`), and carries the game posts of its after-work (Sent.announce).
import { MessageFlags, type MessageComponentInteraction, type RepliableInteraction } from 'discord.js';

type ComponentLike = RepliableInteraction & MessageComponentInteraction;
import { localeOf, type Locale } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import type { Ack, CommandContext, Reply, Sent } from '../commands/kit/command.js';
import { interactionRef } from '../commands/kit/interaction-ref.js';
import { whyRows } from '../commands/kit/lesson-page.js';
import { gamePayload, type MessagePayload } from '../commands/kit/posts.js';
import { postAnnouncement, postNonce, sendOnce, type Announcement } from '../match/announce.js';
import { postableHere, type GamePost } from '../match/context.js';
import { gameLocale } from '../match/games.js';
import type { InteractionRef } from '../model/index.js';
import { clipText, text } from '../commands/kit/text.js';
import { observeGamePost } from './metrics.js';

/** Act well before Discord's 3 s. */
export const ACK_MARGIN_MS = 1500;

type State = 'fresh' | 'public' | 'ephemeral' | 'update' | 'replied';

const isComponent = (i: RepliableInteraction): i is ComponentLike => i.isMessageComponent();

/** Where an interaction is, from discord.js's flags: `ephemeral` is set by a reply or deferReply, never by deferUpdate. */
function stateOf(i: RepliableInteraction): State {
  if (i.replied) return 'replied';
  if (!i.deferred) return 'fresh';
  if (i.ephemeral === null) return 'update';
  return i.ephemeral ? 'ephemeral' : 'public';
}

/** A game post that went out, and the id of its message when Discord gave one. */
interface Delivered {
  id: string | null;
}

export class Answer {
  private pending: Promise<unknown> | null = null;
  private timer: NodeJS.Timeout | null = null;
  readonly locale: Locale;
  /**
   * Reply mode: a post this channel's game owes (match/reconcile.ts takeOwed),
   * shown with this answer: before it for a command, after it for a component
   * (whose first answer redraws the clicked message).
   */
  owed: Announcement | null = null;

  constructor(
    private readonly ctx: CommandContext,
    private readonly i: RepliableInteraction,
    private readonly ack: Ack,
  ) {
    this.locale = localeOf(i.locale);
  }

  private get state(): State {
    return stateOf(this.i);
  }

  /** Starts the early-deferral timer; call before the handler's work. */
  guard(): void {
    const wait = Math.max(0, this.i.createdTimestamp + ACK_MARGIN_MS - Date.now());
    this.timer = setTimeout(() => {
      if (this.state !== 'fresh') return;
      this.ctx.log.debug('slow answer: deferring early');
      this.pending = this.defer(this.ack).catch((e: unknown) => this.ctx.log.warn({ err: e }, 'early deferral failed'));
    }, wait);
  }

  /** Not ours to answer (another process claimed it): no deferral either. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Stops the timer and waits for a deferral in flight. */
  private async settle(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending) await this.pending;
    this.pending = null;
  }

  private async defer(how: Ack): Promise<void> {
    if (this.state !== 'fresh') return;
    if (how === 'update' && isComponent(this.i)) await this.i.deferUpdate();
    else if (how === 'ephemeral') await this.i.deferReply({ flags: MessageFlags.Ephemeral });
    else await this.i.deferReply();
  }

  /** `locale`: the language the message was written in (an edit keeps it; a public card stays in the server's). */
  private sent(messageId: string | null, locale: Locale): Sent {
    return {
      messageId,
      edit: async (build) => {
        await this.i.editReply(await build(locale));
      },
      tell: (m) => this.tell(m),
      announce: async (a) => {
        if (postableHere(a.post.game)) await postAnnouncement(this.ctx, a);
        else await this.announceHere(a);
      },
      interaction: this.interactionToFollow(),
    };
  }

  /** This interaction as the one a later post follows up (the AI's move after the board it answers). */
  private interactionToFollow(): InteractionRef {
    return { ...interactionRef(this.i), followUp: true };
  }

  /** Reply mode: a game's post as a public message of this interaction. Never throws: a post that fails stays owed. */
  private async announceHere(a: Announcement): Promise<void> {
    let delivered = false;
    try {
      const payload = await gamePayload(this.ctx, a.post);
      await this.settle();
      delivered = (await sendOnce(this.ctx, a.post.game, () => this.message(payload, false))) !== null;
    } catch (e) {
      this.ctx.log.warn(
        { err: e, gameId: a.post.game.id, interactionId: this.i.id },
        'could not show the game post through this interaction; it stays owed',
      );
    }
    await a.after(delivered, delivered ? this.interactionToFollow() : undefined);
  }

  /** The owed post, once: commands show it first (`first`), components after their own answer. */
  private async flushOwed(first: boolean): Promise<void> {
    if (!this.owed || first === isComponent(this.i)) return;
    const a = this.owed;
    this.owed = null;
    await this.announceHere(a);
  }

  /** A new message as the interaction's answer. Returns its id when Discord gives one. */
  private async message(payload: MessagePayload, ephemeral: boolean): Promise<string | null> {
    const flags = ephemeral ? MessageFlags.Ephemeral : undefined;
    switch (this.state) {
      case 'fresh': {
        const res = await this.i.reply({ ...payload, flags, withResponse: true });
        return res.resource?.message?.id ?? null;
      }
      case 'public':
      case 'ephemeral':
        if ((this.state === 'ephemeral') === ephemeral) return (await this.i.editReply(payload)).id;
        // The deferral showed the wrong kind of "thinking…": remove it, then answer as asked.
        await this.removeDeferral();
        break;
      default:
        break;
    }
    return (await this.i.followUp({ ...payload, flags })).id;
  }

  private async removeDeferral(): Promise<void> {
    await this.i.deleteReply().catch((e: unknown) => this.ctx.log.debug({ err: e }, 'could not remove the deferral'));
  }

  /**
   * Sends the handler's reply, then its after-work. The payload (a board
   * image, a page picture) is built while the early-deferral guard still
   * runs, so slow drawing is covered by the deferral like slow work is.
   */
  async send(reply: Reply): Promise<void> {
    if (reply.kind === 'activity') return this.launchActivity();
    await this.flushOwed(true);
    if (reply.kind === 'message' && reply.slow) {
      await this.settle();
      await this.defer(reply.ephemeral ? 'ephemeral' : 'public');
    }
    // The language of what is sent: a game's post is in the game's, a reply that names one in that, else the reader's.
    const locale = reply.kind === 'game' ? gameLocale(reply.announcement.post.game) : (reply.locale ?? this.locale);
    let sent: Sent;
    if (reply.kind === 'message') {
      const payload = await reply.build(locale);
      await this.settle();
      sent = this.sent(await this.message(payload, reply.ephemeral), locale);
    } else if (reply.kind === 'update') {
      const payload = await reply.build(locale);
      await this.settle();
      if (this.state === 'fresh' && isComponent(this.i)) await this.i.update(payload);
      else if (this.state === 'update') await this.i.editReply(payload);
      else await this.message(payload, false);
      sent = this.sent(isComponent(this.i) ? this.i.message.id : null, locale);
      if (reply.tell) await this.tell(reply.tell);
    } else {
      sent = this.sent(await this.gamePost(reply), locale);
      observeGamePost(this.ctx, this.i);
    }
    await this.flushOwed(false);
    if (reply.after) await reply.after(sent);
  }

  /**
   * The Activity for the person who clicked. LAUNCH_ACTIVITY must be the first answer: after an early deferral (a slow
   * store) it cannot be sent any more, and the person is asked to press again. What a reply-mode channel owes waits for
   * the next answer there (this one carries no message).
   */
  private async launchActivity(): Promise<void> {
    await this.settle();
    if (this.state === 'fresh' && isComponent(this.i)) await this.i.launchActivity();
    else await this.tell({ key: 'activity.late' });
  }

  /**
   * A game's public post as the answer; if Discord refuses it, the post goes
   * to the game's channel. If that fails too, the change is saved but not
   * shown: the person is told so (never that it failed) and the post stays
   * owed for the announcement sweep.
   */
  private async gamePost(reply: Extract<Reply, { kind: 'game' }>): Promise<string | null> {
    const a = reply.announcement;
    const sent = (await this.answerWithPost(a.post)) ?? (await this.postInChannel(a.post));
    if (!sent)
      await this.tell({ key: 'common.postFailed' }).catch((e: unknown) =>
        this.ctx.log.warn({ err: e }, 'could not say the post is late'),
      );
    await a.after(sent !== null, sent ? this.interactionToFollow() : undefined);
    return sent?.id ?? null;
  }

  /** The post as this interaction's answer; null (and a public "thinking…" removed) when it cannot be. */
  private async answerWithPost(post: GamePost): Promise<Delivered | null> {
    const built = await gamePayload(this.ctx, post).then(
      (payload) => ({ payload, err: null }),
      (err: unknown) => ({ payload: null, err }),
    );
    await this.settle();
    let err: unknown = built.err;
    if (built.payload && this.state === 'ephemeral' && postableHere(post.game)) {
      // Deferred privately: the public board goes to the channel instead. (Reply mode has no channel to fall back
      // to: there the private "thinking…" gives way to a public follow-up.)
      await this.removeDeferral();
      err = new Error('a public post after a private deferral');
    } else if (built.payload) {
      const payload = built.payload;
      try {
        // Where the bot cannot post, Discord cannot drop a second copy: sent at most once (announce.ts).
        if (postableHere(post.game)) return { id: await this.message(payload, false) };
        const sent = await sendOnce(this.ctx, post.game, () => this.message(payload, false));
        if (sent) return { id: sent.sent };
        err = new Error('sent before: noted as shown');
      } catch (e) {
        err = e;
      }
    }
    this.ctx.log.warn({ err, gameId: post.game.id }, 'could not answer with the post; posting in the channel');
    if (this.state === 'public') await this.removeDeferral();
    return null;
  }

  /** The post in the game's channel (where the bot can post); null when that fails too. */
  private async postInChannel(post: GamePost): Promise<Delivered | null> {
    try {
      return { id: await this.ctx.notifier.post(post.game, post, { nonce: postNonce(post.game) }) };
    } catch (e) {
      this.ctx.log.error({ err: e, gameId: post.game.id }, 'could not post the game; left to the announcement sweep');
      return null;
    }
  }

  /**
   * A private note to the person who acted (refusals, "this challenge expired"); a refusal citing `rule` gets a Why?
   * button to its /rules page.
   */
  async tell(m: Msg, rule?: string): Promise<void> {
    await this.flushOwed(true);
    await this.note(m, rule);
    await this.flushOwed(false);
  }

  private async note(m: Msg, rule?: string): Promise<void> {
    await this.settle();
    const content = clipText(text(this.locale, m));
    const why = whyRows(this.locale, rule);
    const payload = { content, allowedMentions: { parse: [] as [] }, ...(why.length > 0 ? { components: why } : {}) };
    if (this.state === 'ephemeral') {
      await this.i.editReply(payload);
      return;
    }
    if (this.state === 'public') await this.removeDeferral();
    if (this.state === 'fresh') await this.i.reply({ ...payload, flags: MessageFlags.Ephemeral });
    else await this.i.followUp({ ...payload, flags: MessageFlags.Ephemeral });
  }
}

// Accept / Decline / Cancel on a challenge card (kit/posts.ts challengeCard
// draws them). Every transition is an atomic status change in the store (two
// accepts: one game); in reply mode Accept shows the starting board as a
// follow-up of the click.
import { localeOf } from '../../i18n/catalogue.js';
import { acceptChallenge, cancelChallenge, declineChallenge, refuse, type CardChange } from '../../match/index.js';
import { defineButton, type Reply } from '../kit/command.js';
import { codes, isRef, mayRedraw } from '../kit/custom-id.js';
import { interactionRef } from '../kit/interaction-ref.js';
import { playerOf } from '../kit/people.js';
import { challengeCard } from '../kit/posts.js';

type ChallengeAction = 'accept' | 'decline' | 'cancel';
const actions = codes<ChallengeAction>({ accept: 'a', decline: 'd', cancel: 'x' });
type ChallengeButtonId = { kind: 'challenge'; challengeId: string; action: ChallengeAction };

const cardReply = (change: CardChange): Reply => ({
  kind: 'update',
  locale: localeOf(change.challenge.locale),
  build: () => challengeCard({ challenge: change.challenge, note: change.note }),
  tell: change.tell,
  // Reply mode: the starting board follows the redrawn card.
  after: change.post ? (sent) => sent.announce(change.post!) : undefined,
});

export const challenge = defineButton<ChallengeButtonId>({
  id: {
    kind: 'challenge',
    prefix: 'c',
    fields: 2,
    encode: (id) => {
      if (!isRef(id.challengeId)) throw new Error('custom id: bad challenge id');
      return [id.challengeId, actions.write(id.action)];
    },
    decode: ([ref, code]) => {
      const action = actions.read(code);
      return isRef(ref) && action ? { kind: 'challenge', challengeId: ref, action } : null;
    },
    target: (id) => id.challengeId,
  },
  ack: () => 'update',
  async handle(ctx, i, id) {
    // The answer redraws the card (and an accepted one starts its thread): never another message the id was forged
    // onto.
    if (!mayRedraw(i.message, id)) refuse('common.badButton');
    if (id.action === 'cancel') return cardReply(await cancelChallenge(ctx, id.challengeId, i.user.id));
    if (id.action === 'decline') return cardReply(await declineChallenge(ctx, id.challengeId, i.user.id));
    return cardReply(await acceptChallenge(ctx, id.challengeId, playerOf(i), i.message.id, interactionRef(i)));
  },
});

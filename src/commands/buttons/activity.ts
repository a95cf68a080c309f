// Open board on a game's board post (kit/posts.ts draws it when ACTIVITY_ENABLED): launches the app's Activity, the
// board in the browser inside Discord (docs/web.md). The Activity finds the game from the channel it runs in, checked
// by the web server with Discord (src/runtime/activity-auth.ts): the id only names the game for the registry's rules.
import { refuse } from '../../match/index.js';
import { defineButton } from '../kit/command.js';
import { gameRefFields, type GameRefId } from '../kit/custom-id.js';

export const activity = defineButton<GameRefId<'activity'>>({
  id: { ...gameRefFields('activity'), prefix: 'a' },
  // Nothing to read before answering: LAUNCH_ACTIVITY goes out at once (it cannot follow a deferral).
  ack: () => 'ephemeral',
  handle: (ctx) =>
    // A button drawn before the Activity was turned off.
    ctx.activity ? Promise.resolve({ kind: 'activity' }) : refuse('activity.off'),
});

// The bot's public surface: start it in-process (npm start, tests, demo, bench).
export { startBot, sweepChallenges, type StartBotOptions, type RunningBot } from './start.js';
export { sweepClocks } from './clock.js';
export type { BotContext, RenderBoard, RenderReplay, ThinkMove } from './context.js';
export { commandData } from '../commands/index.js';
export { closeRenderPool } from '../render/pool.js';

// The bot's public surface: start it in-process (npm start, tests, demo, bench).
export { startBot, type StartBotOptions, type RunningBot, type BotContext } from './start.js';
export { sweepClocks } from '../match/sweeps.js';
export { sweepChallenges } from '../match/challenges.js';
export { sweepTournaments } from '../match/tournaments.js';
export { sweepSeasons } from '../match/seasons.js';
export type { RenderBoard, RenderReplay } from '../commands/kit/command.js';
export type { ThinkMove } from '../match/context.js';
export { commandData } from '../commands/index.js';
export { closeRenderPool } from '../render/pool.js';
export { BotMetrics, type BotMetricsOptions, type MetricsJson } from './metrics.js';
export { checkReadiness, type Readiness } from './health.js';

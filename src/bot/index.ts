// The bot's public surface: start it in-process (npm start, tests, demo, bench).
export { startBot, type StartBotOptions, type RunningBot } from './start.js';
export { sweepChallenges, sweepClocks, sweepSeasons, sweepTournaments } from '../match/index.js';
export { closeRenderPool } from '../render/pool.js';
export { BotMetrics, type MetricsJson } from './metrics.js';
export { checkReadiness, type Readiness } from './health.js';

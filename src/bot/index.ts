// The bot's public surface: start it in-process (npm start, tests, demo, bench).
export { startBot, type StartBotOptions, type RunningBot } from './start.js';
export { sweepClocks } from '../match/sweeps.js';
export { sweepChallenges } from '../match/challenges.js';
export { sweepTournaments } from '../match/tournaments.js';
export { sweepSeasons } from '../match/seasons.js';
export { closeRenderPool } from '../render/pool.js';
export { BotMetrics, type MetricsJson } from './metrics.js';
export { checkReadiness, type Readiness } from './health.js';

// Which of npm start's roles this process plays (src/index.ts): kept free of
// heavy imports, so that it can be asked before anything else is loaded.

/** Set by the shard manager in its children's environment. */
export const SHARD_PROCESS_ENV = 'HEXMATE_SHARD_PROCESS';

/** Requests the manager sends its processes (the `hexmate` field of a discord-hybrid-sharding custom request). */
export type ManagerRequest = 'ready' | 'metrics';

/** A bot process started by the shard manager (an IPC channel to it, and its mark in the environment). */
export function isShardProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[SHARD_PROCESS_ENV] === '1' && typeof process.send === 'function';
}

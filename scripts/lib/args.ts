// Argument handling and output shared by the engine and render tools.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { getGame, isGameId, type AnyGame } from '../../src/engine/index.js';

export class UsageError extends Error {}

/** Where a tool writes: the process's streams from the command line (processIo), buffers in tests. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** A progress line that rewrites itself (`\r`), for a terminal only. */
  progress?(text: string): void;
}

export const processIo = (): Io => ({
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  progress: process.stderr.isTTY ? (t) => void process.stderr.write(t) : undefined,
});

type Options = NonNullable<ParseArgsConfig['options']>;

export function parse<O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true as const });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function gameArg(name: string | undefined): AnyGame {
  if (!isGameId(name)) throw new UsageError(`unknown game "${name ?? ''}" (expected exxit or orion)`);
  return getGame(name);
}

export function intArg(name: string, value: string | undefined, min: number): number {
  if (value === undefined) throw new UsageError(`--${name} is required`);
  if (!/^-?\d+$/.test(value.trim()) || Number(value) < min)
    throw new UsageError(`--${name} must be an integer ≥ ${min}, not "${value}"`);
  return Number(value);
}

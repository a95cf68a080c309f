// Argument handling shared by the engine and render tools.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { getGame, isGameId, type AnyGame } from '../../src/engine/index.js';

export class UsageError extends Error {}

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
  if (!/^-?\d+$/.test(value.trim()) || Number(value) < min) throw new UsageError(`--${name} must be an integer ≥ ${min}, not "${value}"`);
  return Number(value);
}

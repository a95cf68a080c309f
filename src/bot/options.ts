// Reading slash-command options as untrusted input: every value is checked
// against what the command declared, and a bad one is a clear refusal.
import { ApplicationCommandOptionType, type ChatInputCommandInteraction, type User } from 'discord.js';
import { refuse } from './errors.js';

type Options = ChatInputCommandInteraction['options'];

function raw(options: Options, name: string, type: ApplicationCommandOptionType) {
  const o = options.get(name, false);
  if (!o) return null;
  if (o.type !== type) refuse(`the option \`${name}\` has the wrong type.`);
  return o;
}

export function stringOption<T extends string>(options: Options, name: string, opts: { required: true; choices?: readonly T[]; max?: number }): T;
export function stringOption<T extends string>(options: Options, name: string, opts: { required?: false; choices?: readonly T[]; max?: number }): T | null;
export function stringOption(options: Options, name: string, opts: { required?: boolean; choices?: readonly string[]; max?: number }): string | null {
  const o = raw(options, name, ApplicationCommandOptionType.String);
  const v = o?.value;
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    if (opts.required) refuse(`the option \`${name}\` is required.`);
    return null;
  }
  if (typeof v !== 'string') return refuse(`the option \`${name}\` must be text.`);
  if (v.length > (opts.max ?? 100)) refuse(`the option \`${name}\` is too long (at most ${opts.max ?? 100} characters).`);
  if (opts.choices && !opts.choices.includes(v)) refuse(`\`${clip(v)}\` is not a valid \`${name}\` (one of: ${opts.choices.join(', ')}).`);
  return v;
}

export function intOption(options: Options, name: string, choices: readonly number[]): number | null {
  const o = raw(options, name, ApplicationCommandOptionType.Integer);
  if (!o || o.value === undefined || o.value === null) return null;
  if (typeof o.value !== 'number' || !choices.includes(o.value)) refuse(`\`${name}\` must be one of ${choices.join(', ')}.`);
  return o.value as number;
}

export function boolOption(options: Options, name: string): boolean | null {
  const o = raw(options, name, ApplicationCommandOptionType.Boolean);
  if (!o || o.value === undefined || o.value === null) return null;
  if (typeof o.value !== 'boolean') refuse(`\`${name}\` must be true or false.`);
  return o.value as boolean;
}

export function userOption(options: Options, name: string): User | null {
  const o = raw(options, name, ApplicationCommandOptionType.User);
  if (!o) return null;
  if (!o.user) refuse(`I could not find the user given as \`${name}\`.`);
  return o.user ?? null;
}

const clip = (s: string): string => (s.length > 40 ? `${s.slice(0, 39)}…` : s).replace(/`/g, "'");

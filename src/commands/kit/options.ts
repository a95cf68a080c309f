// Reading slash-command options as untrusted input: every value is checked
// against what the command declared, and a bad one is a clear refusal.
import { ApplicationCommandOptionType, type ChatInputCommandInteraction, type User } from 'discord.js';
import { refuse } from '../../match/refusal.js';

type Options = ChatInputCommandInteraction['options'];

function raw(options: Options, name: string, type: ApplicationCommandOptionType) {
  const o = options.get(name, false);
  if (!o) return null;
  if (o.type !== type) refuse('option.wrongType', { name: { code: name } });
  return o;
}

const shown = (s: string): string => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

export function stringOption<T extends string>(
  options: Options,
  name: string,
  opts: { required: true; choices?: readonly T[]; max?: number },
): T;
export function stringOption<T extends string>(
  options: Options,
  name: string,
  opts: { required?: false; choices?: readonly T[]; max?: number },
): T | null;
export function stringOption(
  options: Options,
  name: string,
  opts: { required?: boolean; choices?: readonly string[]; max?: number },
): string | null {
  const o = raw(options, name, ApplicationCommandOptionType.String);
  const v = o?.value;
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    if (opts.required) refuse('option.required', { name: { code: name } });
    return null;
  }
  if (typeof v !== 'string') return refuse('option.notText', { name: { code: name } });
  const max = opts.max ?? 100;
  if (v.length > max) refuse('option.tooLong', { name: { code: name }, max });
  if (opts.choices && !opts.choices.includes(v))
    refuse('option.notAChoice', {
      value: { code: shown(v) },
      name: { code: name },
      choices: { list: opts.choices.map((c) => ({ code: c })), type: 'disjunction' },
    });
  return v;
}

export function intOption(options: Options, name: string, choices: readonly number[]): number | null {
  const o = raw(options, name, ApplicationCommandOptionType.Integer);
  if (!o || o.value === undefined || o.value === null) return null;
  if (typeof o.value !== 'number' || !choices.includes(o.value))
    refuse('option.notAChoiceNumber', {
      name: { code: name },
      choices: { list: choices.map((c) => ({ code: String(c) })), type: 'disjunction' },
    });
  return o.value;
}

export function boolOption(options: Options, name: string): boolean | null {
  const o = raw(options, name, ApplicationCommandOptionType.Boolean);
  if (!o || o.value === undefined || o.value === null) return null;
  if (typeof o.value !== 'boolean') refuse('option.notBoolean', { name: { code: name } });
  return o.value;
}

export function userOption(options: Options, name: string): User | null {
  const o = raw(options, name, ApplicationCommandOptionType.User);
  if (!o) return null;
  if (!o.user) refuse('option.userNotFound', { name: { code: name } });
  return o.user ?? null;
}

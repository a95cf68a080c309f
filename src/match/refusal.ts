// A refusal meant for the person who acted: a message (key + parameters) and,
// when a rule of the game was broken, its id (the bot offers the rule's page).
// The edge turns it into one private reply in the reader's language.
// Anything else thrown is a bug: logged, and the person sees a generic error.
import type { MessageKey } from '../i18n/catalogue.js';
import type { Msg, Param } from '../i18n/msg.js';
import { isCorruptRecordError } from '../store/types.js';

export class Refusal extends Error {
  override readonly name = 'Refusal';
  constructor(
    readonly msg: Msg,
    /** The rule broken (EX-13d, OD-14), when the refusal is the engine's. */
    readonly rule?: string,
  ) {
    super(msg.key);
  }
}

/** Throws the refusal (a function declaration, so TypeScript narrows after it). */
export function refuse(key: MessageKey, params?: Readonly<Record<string, Param>>): never {
  throw new Refusal(params ? { key, params } : { key });
}

export function refuseMsg(m: Msg, rule?: string): never {
  throw new Refusal(m, rule);
}

export const isRefusal = (e: unknown): e is Refusal => e instanceof Refusal;

/** A record an action needs: the refusal `gone` when there is none, `damaged` when the store cannot decode it. */
export async function loadOrRefuse<T>(read: Promise<T | null>, gone: MessageKey, damaged: MessageKey): Promise<T> {
  try {
    return (await read) ?? refuse(gone);
  } catch (e) {
    if (isCorruptRecordError(e)) refuse(damaged);
    throw e;
  }
}

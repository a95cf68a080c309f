// A refusal meant for the user: the router turns it into one ephemeral reply.
// Anything else thrown is a bug: logged, and the user sees a generic error.
export class UserError extends Error {
  override readonly name = 'UserError';
}

/** Throws the refusal (a function declaration, so TypeScript narrows after it). */
export function refuse(message: string): never {
  throw new UserError(message);
}

/** Discord REST error codes we react to. */
export const DISCORD_MISSING_ACCESS = 50001;
export const DISCORD_MISSING_PERMISSIONS = 50013;
export const DISCORD_THREAD_ALREADY_CREATED = 160004;

export function discordErrorCode(e: unknown): { status?: number; code?: number | string } {
  if (typeof e === 'object' && e !== null) {
    const o = e as { status?: unknown; code?: unknown };
    return {
      status: typeof o.status === 'number' ? o.status : undefined,
      code: typeof o.code === 'number' || typeof o.code === 'string' ? o.code : undefined,
    };
  }
  return {};
}

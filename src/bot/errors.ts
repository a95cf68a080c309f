// Discord REST error codes the bot reacts to, and reading them off an error.
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

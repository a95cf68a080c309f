// What Discord says about the gateway before any shard connects: the shard
// count it recommends (the shard manager's SHARDS=auto, in src/runtime).
import { REST, Routes, type RESTGetAPIGatewayBotResult } from 'discord.js';

/** SHARDS=auto: the count Discord recommends (GET /gateway/bot, through DISCORD_API_URL when set). */
export async function recommendedShards(token: string, apiUrl?: string): Promise<number> {
  const rest = new REST({ ...(apiUrl ? { api: apiUrl } : {}), hashSweepInterval: 0, handlerSweepInterval: 0 }).setToken(
    token,
  );
  const r = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
  if (!Number.isInteger(r.shards) || r.shards < 1)
    throw new Error(`GET /gateway/bot recommended ${String(r.shards)} shards`);
  return r.shards;
}

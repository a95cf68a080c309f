/** Discord snowflakes: ms since the Discord epoch << 22 | worker | process | increment. */
const DISCORD_EPOCH = 1420070400000n;
let increment = 0n;

export function snowflake(at = Date.now()): string {
  increment = (increment + 1n) & 0xfffn;
  // Worker/process bits are random-ish per module so two fakes rarely collide.
  return (((BigInt(at) - DISCORD_EPOCH) << 22n) | (1n << 17n) | (1n << 12n) | increment).toString();
}

/** Which shard receives a guild's events (Discord's formula). */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

// Per-server settings (admins: default clock, allowed channels).
import { decodeRecord, encodeFields, toFieldMap } from './codec.js';
import type { StoreContext } from './games.js';
import { assertKeyPart } from './keys.js';
import { settingsSchema } from './schemas.js';
import type { GuildSettings, SettingsStore } from './types.js';

const SETTINGS_FIELDS = ['clockMs', 'channels'] as const;

export class RedisSettingsStore implements SettingsStore {
  constructor(private readonly ctx: StoreContext) {}

  async get(guildId: string): Promise<GuildSettings> {
    assertKeyPart('guild id', guildId);
    const key = this.ctx.keys.settings(guildId);
    return decodeRecord('settings', key, toFieldMap(await this.ctx.redis.hgetall(key)), settingsSchema);
  }

  async update(guildId: string, changes: Partial<{ [K in keyof GuildSettings]: GuildSettings[K] | null }>): Promise<GuildSettings> {
    assertKeyPart('guild id', guildId);
    const key = this.ctx.keys.settings(guildId);
    const set: Record<string, unknown> = {};
    const clear: string[] = [];
    for (const k of SETTINGS_FIELDS) {
      const v = changes[k];
      if (v === undefined) continue;
      if (v === null) clear.push(k);
      else set[k] = v;
    }
    const check = settingsSchema.safeParse(set);
    if (!check.success) throw new TypeError(`invalid settings: ${check.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const fields = encodeFields(set);
    // Field-level writes in one transaction (one key): concurrent admins touching different fields both win.
    const tx = this.ctx.redis.multi();
    if (fields.length) tx.hset(key, ...fields);
    if (clear.length) tx.hdel(key, ...clear);
    await tx.exec();
    return this.get(guildId);
  }
}

// Per-server settings (admins: default clock, allowed channels, language).
// Every write is a compare-and-set on the record's version `v`, so two admins
// changing the channel list at once both land (one re-reads and retries).
import { settingsSchema, type GuildSettings } from '../model/index.js';
import { decodeRecord, encodeFields, toFieldMap } from './codec.js';
import { issuesOf, type StoreContext } from './context.js';
import { assertKeyPart } from './keys.js';
import { SETTINGS_CAS } from './scripts.js';
import { CorruptRecordError, type SettingsChanges, type SettingsStore } from './types.js';

const SETTINGS_FIELDS = Object.keys(settingsSchema.shape) as (keyof GuildSettings)[];
const MAX_ATTEMPTS = 20;

/** A record's version `v`: absent or damaged (not an integer) is 0, as SETTINGS_CAS takes it. */
function versionOf(raw: string | null | undefined): number {
  const v = Number(raw ?? 0);
  return Number.isInteger(v) ? v : 0;
}

export class RedisSettingsStore implements SettingsStore {
  constructor(private readonly ctx: StoreContext) {}

  private async read(guildId: string): Promise<{ settings: GuildSettings; v: number }> {
    assertKeyPart('guild id', guildId);
    const key = this.ctx.keys.settings(guildId);
    const fields = toFieldMap(await this.ctx.redis.hgetall(key));
    const v = versionOf(fields.v);
    delete fields.v;
    return { settings: decodeRecord('settings', key, fields, settingsSchema), v };
  }

  async get(guildId: string): Promise<GuildSettings> {
    return (await this.read(guildId)).settings;
  }

  update(guildId: string, changes: SettingsChanges): Promise<GuildSettings> {
    return this.modify(guildId, () => changes);
  }

  async modify(guildId: string, change: (current: GuildSettings) => SettingsChanges): Promise<GuildSettings> {
    const key = this.ctx.keys.settings(guildId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { settings, v } = await this.read(guildId).catch(async (e: unknown) => {
        // A damaged record: the admin's write replaces the fields it names (and fixes them).
        if (!(e instanceof CorruptRecordError)) throw e;
        return { settings: {}, v: versionOf(await this.ctx.redis.hget(key, 'v')) };
      });
      const changes = change(settings);
      const set: Record<string, unknown> = {};
      const clear: string[] = [];
      for (const k of SETTINGS_FIELDS) {
        const val = changes[k];
        if (val === undefined) continue;
        if (val === null) clear.push(k);
        else set[k] = val;
      }
      const check = settingsSchema.safeParse(set);
      if (!check.success) throw new TypeError(`invalid settings: ${issuesOf(check.error.issues)}`);
      const fields = encodeFields(set);
      if (Number(await SETTINGS_CAS.run(this.ctx.redis, [key], [v, fields.length, ...fields, ...clear])) === 1) {
        const next: GuildSettings = { ...settings, ...(set as GuildSettings) };
        for (const k of clear) delete next[k as keyof GuildSettings];
        return next;
      }
    }
    throw new Error('settings: too much contention');
  }
}

/**
 * OAuth2 and Activities, as an Activity's page and its server meet them: a user authorizes the app (the SDK's
 * authorize gives the page a one-time code: `authorizeCode`), the server exchanges the code with the client secret
 * (POST /oauth2/token) and reads the user (GET /users/@me, Bearer); a LAUNCH_ACTIVITY callback (type 12) or
 * `launchActivity` opens an instance in a channel, whose users and location the bot reads (GET
 * /applications/{app}/activity-instances/{id}, shaped as discord-api-spec's EmbeddedActivityInstance).
 */
import { randomBytes } from 'node:crypto';
import { snowflake } from './snowflake.js';
import type { FakeChannel } from './types.js';

/** The application's OAuth2 client secret "in the developer portal". */
export const FAKE_CLIENT_SECRET = 'fake-client-secret-for-tests-0123';

/** The Entry Point command Discord creates when Activities are enabled (type 4, handler 2: Discord launches it). */
export function entryPointCommand(applicationId: string): Record<string, unknown> {
  return {
    id: snowflake(),
    application_id: applicationId,
    version: snowflake(),
    default_member_permissions: null,
    type: 4,
    handler: 2,
    name: 'launch',
    description: 'Launch an Activity',
    dm_permission: true,
    contexts: [0, 1, 2],
    integration_types: [0, 1],
    nsfw: false,
  };
}

export interface FakeActivityInstance {
  id: string;
  launchId: string;
  channelId: string;
  guildId: string | null;
  /** Users in the instance now (the launcher first). */
  users: string[];
}

const token = () => randomBytes(15).toString('hex');

export class Activities {
  /** One-time codes → the user who authorized and the scopes. */
  private readonly codes = new Map<string, { userId: string; scopes: string[] }>();
  /** Access tokens → their user. */
  private readonly tokens = new Map<string, { userId: string; scopes: string[] }>();
  readonly instances = new Map<string, FakeActivityInstance>();

  /** The user said yes to the app's authorize prompt: a one-time code (`code` to choose it, e.g. the SDK mock's). */
  authorizeCode(userId: string, code = token(), scopes = ['identify']): string {
    this.codes.set(code, { userId, scopes });
    return code;
  }

  /** A code for an access token, once. */
  exchange(code: string): { access_token: string; scope: string } | null {
    const grant = this.codes.get(code);
    if (!grant) return null;
    this.codes.delete(code);
    const access = token();
    this.tokens.set(access, grant);
    return { access_token: access, scope: grant.scopes.join(' ') };
  }

  userOf(accessToken: string, scope: string): string | null {
    const t = this.tokens.get(accessToken);
    return t && t.scopes.includes(scope) ? t.userId : null;
  }

  /** `userId` launches (or joins) the app's Activity in `ch`: one instance per channel, as Discord keeps it. */
  launch(ch: FakeChannel, userId: string): FakeActivityInstance {
    for (const inst of this.instances.values()) {
      if (inst.channelId !== ch.id) continue;
      if (!inst.users.includes(userId)) inst.users.push(userId);
      return inst;
    }
    const guildId = ch.guild_id ?? null;
    const inst: FakeActivityInstance = {
      id: `i-${snowflake()}-${guildId ? `gc-${guildId}` : 'pc'}-${ch.id}`,
      launchId: snowflake(),
      channelId: ch.id,
      guildId,
      users: [userId],
    };
    this.instances.set(inst.id, inst);
    return inst;
  }

  leave(instanceId: string, userId: string): void {
    const inst = this.instances.get(instanceId);
    if (!inst) return;
    inst.users = inst.users.filter((u) => u !== userId);
    if (inst.users.length === 0) this.instances.delete(instanceId); // the last one out ends it
  }

  /** discord-api-spec's EmbeddedActivityInstance. */
  instanceObj(inst: FakeActivityInstance, applicationId: string): Record<string, unknown> {
    return {
      application_id: applicationId,
      instance_id: inst.id,
      launch_id: inst.launchId,
      location: inst.guildId
        ? { id: `gc-${inst.guildId}-${inst.channelId}`, kind: 'gc', channel_id: inst.channelId, guild_id: inst.guildId }
        : { id: `pc-${inst.channelId}`, kind: 'pc', channel_id: inst.channelId },
      users: [...inst.users],
    };
  }
}

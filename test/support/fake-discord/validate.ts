/**
 * Checks REST bodies the bot sends the way Discord would: first against
 * Discord's published schema (discord-api-spec's Zod schemas), then against
 * limits Discord enforces that the schema does not express (or expresses more
 * loosely, e.g. a string choice value up to 6000 chars where Discord allows 100).
 */
import * as S from 'discord-api-spec/zod';
import { safeParse, type ZodMiniType } from 'zod/mini';
import type { UploadedFile } from './multipart.js';

export interface Problem {
  path: Array<string | number>;
  code: string;
  message: string;
}

export type BodyKind =
  | 'interactionCallback'
  | 'webhookExecute'
  | 'webhookEdit'
  | 'messageCreate'
  | 'messageEdit'
  | 'threadFromMessage'
  | 'threadCreate'
  | 'threadUpdate'
  | 'channelUpdate'
  | 'commandsBulk'
  | 'commandCreate';

export interface ValidateContext {
  files: UploadedFile[];
  /** For callbacks: the type of the interaction being answered (2 command, 3 component, 4 autocomplete, 5 modal). */
  interactionType?: number;
}

const EPHEMERAL = 1 << 6;
const SUPPRESS_EMBEDS = 1 << 2;
const SUPPRESS_NOTIFICATIONS = 1 << 12;
const IS_COMPONENTS_V2 = 1 << 15;
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024; // attachment_size_limit of an unboosted guild
const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

class Problems {
  list: Problem[] = [];
  add(path: Array<string | number>, code: string, message: string): void {
    // The schema and the limit checks may both catch one field; report it once.
    const key = path.join('.');
    if (this.list.some((p) => p.path.join('.') === key)) return;
    this.list.push({ path, code, message });
  }
  schema(schema: ZodMiniType, value: unknown, path: Array<string | number> = []): boolean {
    const r = safeParse(schema, value);
    if (r.success) return true;
    for (const issue of flattenIssues(r.error.issues as any[])) {
      this.add([...path, ...issue.path], 'SCHEMA_' + String(issue.code).toUpperCase(), describeIssue(issue));
    }
    return false;
  }
}

/** For unions, report the branch that got furthest (fewest issues) instead of "Invalid input". */
function flattenIssues(issues: any[], prefix: PropertyKey[] = []): any[] {
  const out: any[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...(issue.path ?? [])];
    if (issue.code === 'invalid_union' && Array.isArray(issue.errors) && issue.errors.length > 0) {
      // A branch whose issues are all below the union's own level matched its shape; prefer those.
      const shaped = (branch: any[]) => branch.every((i) => (i.path ?? []).length > 0);
      const best = [...issue.errors].sort(
        (a: any[], b: any[]) => Number(shaped(b)) - Number(shaped(a)) || a.length - b.length,
      )[0];
      out.push(...flattenIssues(best, path));
    } else {
      out.push({ ...issue, path });
    }
  }
  return out;
}

function describeIssue(issue: any): string {
  switch (issue.code) {
    case 'too_big':
      return `must be at most ${issue.maximum}${issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''}`;
    case 'too_small':
      return `must be at least ${issue.minimum}${issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''}`;
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${JSON.stringify(issue.values)}`;
    default:
      return issue.message ?? String(issue.code);
  }
}

const len = (s: unknown): number => (typeof s === 'string' ? [...s].length : 0);

export function validateBody(kind: BodyKind, body: unknown, ctx: ValidateContext): Problem[] {
  const p = new Problems();
  switch (kind) {
    case 'interactionCallback':
      checkCallback(p, body, ctx);
      break;
    case 'webhookExecute':
      p.schema(S.IncomingWebhookRequestPartialSchema, body);
      checkMessage(p, body, [], ctx, { create: true, ephemeralOk: true });
      break;
    case 'webhookEdit':
      p.schema(S.IncomingWebhookUpdateRequestPartialSchema, body);
      checkMessage(p, body, [], ctx, { create: false });
      break;
    case 'messageCreate':
      p.schema(S.MessageCreateRequestSchema, body);
      checkMessage(p, body, [], ctx, { create: true });
      break;
    case 'messageEdit':
      p.schema(S.MessageEditRequestPartialSchema, body);
      checkMessage(p, body, [], ctx, { create: false });
      break;
    case 'threadFromMessage':
      p.schema(S.CreateTextThreadWithMessageRequestSchema, body);
      break;
    case 'threadCreate':
      p.schema(S.CreateTextThreadWithoutMessageRequestSchema, body);
      break;
    case 'threadUpdate':
      p.schema(S.UpdateThreadRequestPartialSchema, body);
      break;
    case 'channelUpdate':
      p.schema(S.UpdateGuildChannelRequestPartialSchema, body);
      break;
    case 'commandsBulk':
      checkCommandList(p, body);
      break;
    case 'commandCreate': {
      const cmd = normalizeCommand(body);
      // Discord reports every problem at once: the limit checks run even when the schema fails.
      p.schema(S.ApplicationCommandCreateRequestSchema, cmd);
      if (isObj(cmd)) checkCommand(p, cmd, []);
      break;
    }
  }
  return p.list;
}

// ---------------------------------------------------------------- callbacks

function checkCallback(p: Problems, body: unknown, ctx: ValidateContext): void {
  if (!isObj(body) || typeof body.type !== 'number') {
    p.add(['type'], 'BASE_TYPE_REQUIRED', 'callback type is required');
    return;
  }
  const it = ctx.interactionType;
  const allowed: Record<number, number[]> = {
    // interaction type → callback types Discord accepts for it
    2: [4, 5, 9, 12],
    3: [4, 5, 6, 7, 9, 12],
    4: [8],
    5: [4, 5, 6, 7, 12],
  };
  if (it !== undefined && allowed[it] && !allowed[it].includes(body.type)) {
    p.add(
      ['type'],
      'INTERACTION_CALLBACK_TYPE_INVALID',
      `callback type ${body.type} is not valid for interaction type ${it}`,
    );
    return;
  }
  switch (body.type) {
    case 1:
      p.schema(S.PongInteractionCallbackRequestSchema, body);
      return;
    case 4:
    case 5:
      p.schema(S.CreateMessageInteractionCallbackRequestSchema, body);
      if (body.data != null) checkMessage(p, body.data, ['data'], ctx, { create: body.type === 4, ephemeralOk: true });
      else if (body.type === 4)
        p.add(['data'], 'BASE_TYPE_REQUIRED', 'type 4 needs data (Cannot send an empty message)');
      return;
    case 6:
    case 7:
      p.schema(S.UpdateMessageInteractionCallbackRequestSchema, body);
      if (body.data != null) checkMessage(p, body.data, ['data'], ctx, { create: false, ephemeralOk: true });
      return;
    case 8:
      p.schema(S.ApplicationCommandAutocompleteCallbackRequestSchema, body);
      if (isObj(body.data)) checkChoices(p, body.data?.choices, ['data', 'choices'], 'autocomplete');
      return;
    case 9:
      p.schema(S.ModalInteractionCallbackRequestSchema, body);
      return;
    case 12:
      p.schema(S.LaunchActivityInteractionCallbackRequestSchema, body);
      return;
    default:
      p.add(['type'], 'INTERACTION_CALLBACK_TYPE_INVALID', `unsupported callback type ${body.type}`);
  }
}

function checkChoices(p: Problems, choices: unknown, path: Array<string | number>, what: string): void {
  if (choices == null) return;
  if (!Array.isArray(choices)) return p.add(path, 'BASE_TYPE_BAD_ARRAY', 'choices must be an array');
  if (choices.length > 25)
    p.add(path, 'BASE_TYPE_MAX_LENGTH', `${what}: ${choices.length} choices, must be 25 or fewer`);
  choices.forEach((c, i) => {
    if (!isObj(c)) return p.add([...path, i], 'BASE_TYPE_REQUIRED', 'choice must be an object');
    const n = len(c.name);
    if (n < 1 || n > 100)
      p.add([...path, i, 'name'], 'BASE_TYPE_BAD_LENGTH', `choice name is ${n} characters, must be 1..100`);
    if (typeof c.value === 'string' && len(c.value) > 100)
      p.add(
        [...path, i, 'value'],
        'BASE_TYPE_MAX_LENGTH',
        `string choice value is ${len(c.value)} characters, must be 100 or fewer`,
      );
    if (c.value === undefined || c.value === null)
      p.add([...path, i, 'value'], 'BASE_TYPE_REQUIRED', 'choice value is required');
    if (isObj(c.name_localizations))
      checkLocalized(p, c.name_localizations, [...path, i, 'name_localizations'], 100, false);
  });
}

// ---------------------------------------------------------------- messages

interface MessageCheck {
  create: boolean;
  /** Interaction callbacks and webhook follow-ups may carry EPHEMERAL. */
  ephemeralOk?: boolean;
}

function checkMessage(
  p: Problems,
  m: unknown,
  path: Array<string | number>,
  ctx: ValidateContext,
  opts: MessageCheck,
): void {
  if (!isObj(m)) return;
  const flags = typeof m.flags === 'number' ? m.flags : 0;
  if (len(m.content) > 2000)
    p.add(
      [...path, 'content'],
      'BASE_TYPE_MAX_LENGTH',
      `content is ${len(m.content)} characters, must be 2000 or fewer`,
    );

  // Only interaction responses and their follow-ups may be ephemeral.
  const allowedFlags = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2 | (opts.ephemeralOk ? EPHEMERAL : 0);
  if (flags & ~allowedFlags)
    p.add([...path, 'flags'], 'MESSAGE_FLAGS_INVALID', `flags ${flags} include bits Discord does not accept here`);

  if (Array.isArray(m.embeds)) checkEmbeds(p, m.embeds, [...path, 'embeds']);
  if (Array.isArray(m.components))
    checkComponents(p, m.components, [...path, 'components'], (flags & IS_COMPONENTS_V2) !== 0);
  if (flags & IS_COMPONENTS_V2 && (m.content || (Array.isArray(m.embeds) && m.embeds.length)))
    p.add([...path, 'content'], 'MESSAGE_COMPONENTS_V2', 'content and embeds cannot be used with IS_COMPONENTS_V2');

  const fileBytes = ctx.files.reduce((n, f) => n + f.bytes.length, 0);
  if (ctx.files.length > 10)
    p.add([...path, 'attachments'], 'BASE_TYPE_MAX_LENGTH', `${ctx.files.length} files, must be 10 or fewer`);
  if (fileBytes > MAX_UPLOAD_BYTES)
    p.add([...path, 'attachments'], 'FILE_TOO_LARGE', `uploads total ${fileBytes} bytes, over ${MAX_UPLOAD_BYTES}`);
  if (Array.isArray(m.attachments)) {
    const uploadedIds = new Set(ctx.files.map((f) => /^files\[(\d+)\]$/.exec(f.field)?.[1]).filter(Boolean));
    m.attachments.forEach((a: any, i: number) => {
      // A new attachment's id is the index of its `files[n]` part; on edits, ids of kept attachments are snowflakes.
      if (opts.create && isObj(a) && !uploadedIds.has(String(a.id)))
        p.add(
          [...path, 'attachments', i, 'id'],
          'ATTACHMENT_NOT_FOUND',
          `attachment id ${a.id} has no matching files[${a.id}] upload`,
        );
    });
  }
  if (opts.create) {
    const empty =
      !m.content &&
      !(Array.isArray(m.embeds) && m.embeds.length) &&
      !(Array.isArray(m.components) && m.components.length) &&
      ctx.files.length === 0 &&
      !(Array.isArray(m.sticker_ids) && m.sticker_ids.length) &&
      !m.poll;
    if (empty) p.add(path, 'MESSAGE_EMPTY', 'Cannot send an empty message (50006)');
  }
  const am = m.allowed_mentions;
  if (isObj(am) && Array.isArray(am.parse)) {
    if (am.parse.includes('users') && Array.isArray(am.users) && am.users.length)
      p.add(
        [...path, 'allowed_mentions'],
        'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        'parse:["users"] and users are mutually exclusive',
      );
    if (am.parse.includes('roles') && Array.isArray(am.roles) && am.roles.length)
      p.add(
        [...path, 'allowed_mentions'],
        'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        'parse:["roles"] and roles are mutually exclusive',
      );
  }
}

function checkEmbeds(p: Problems, embeds: any[], path: Array<string | number>): void {
  if (embeds.length > 10) p.add(path, 'BASE_TYPE_MAX_LENGTH', `${embeds.length} embeds, must be 10 or fewer`);
  let total = 0;
  const limit = (v: unknown, max: number, at: Array<string | number>) => {
    const n = len(v);
    total += n;
    if (n > max) p.add(at, 'BASE_TYPE_MAX_LENGTH', `${n} characters, must be ${max} or fewer`);
  };
  embeds.forEach((e, i) => {
    if (!isObj(e)) return;
    const at = [...path, i];
    limit(e.title, 256, [...at, 'title']);
    limit(e.description, 4096, [...at, 'description']);
    if (isObj(e.footer)) limit(e.footer.text, 2048, [...at, 'footer', 'text']);
    if (isObj(e.author)) limit(e.author.name, 256, [...at, 'author', 'name']);
    if (Array.isArray(e.fields)) {
      if (e.fields.length > 25)
        p.add([...at, 'fields'], 'BASE_TYPE_MAX_LENGTH', `${e.fields.length} fields, must be 25 or fewer`);
      e.fields.forEach((f: any, j: number) => {
        if (!isObj(f)) return;
        if (!f.name) p.add([...at, 'fields', j, 'name'], 'BASE_TYPE_REQUIRED', 'field name is required');
        if (!f.value) p.add([...at, 'fields', j, 'value'], 'BASE_TYPE_REQUIRED', 'field value is required');
        limit(f.name, 256, [...at, 'fields', j, 'name']);
        limit(f.value, 1024, [...at, 'fields', j, 'value']);
      });
    }
  });
  if (total > 6000) p.add(path, 'MAX_EMBED_SIZE_EXCEEDED', `embeds total ${total} characters, must be 6000 or fewer`);
}

function checkComponents(p: Problems, rows: any[], path: Array<string | number>, v2: boolean): void {
  const ids = new Map<string, Array<string | number>>();
  const seeId = (c: any, at: Array<string | number>) => {
    if (typeof c.custom_id !== 'string') return;
    if (len(c.custom_id) > 100)
      p.add(
        [...at, 'custom_id'],
        'BASE_TYPE_MAX_LENGTH',
        `custom_id is ${len(c.custom_id)} characters, must be 100 or fewer`,
      );
    if (c.custom_id.length === 0) p.add([...at, 'custom_id'], 'BASE_TYPE_MIN_LENGTH', 'custom_id must not be empty');
    if (ids.has(c.custom_id))
      p.add(
        [...at, 'custom_id'],
        'COMPONENT_CUSTOM_ID_DUPLICATED',
        `custom_id "${c.custom_id}" is used twice in one message`,
      );
    ids.set(c.custom_id, at);
  };
  if (!v2 && rows.length > 5) p.add(path, 'BASE_TYPE_MAX_LENGTH', `${rows.length} action rows, must be 5 or fewer`);
  rows.forEach((row, i) => {
    const at = [...path, i];
    if (!isObj(row)) return;
    if (!v2 && row.type !== 1)
      p.add(
        [...at, 'type'],
        'COMPONENT_LAYOUT_INVALID',
        'top-level components must be action rows (type 1) without IS_COMPONENTS_V2',
      );
    if (row.type !== 1) return walkV2(row, at);
    const kids = Array.isArray(row.components) ? row.components : [];
    if (kids.length === 0)
      p.add([...at, 'components'], 'BASE_TYPE_MIN_LENGTH', 'an action row needs at least one component');
    const buttons = kids.filter((c: any) => c?.type === 2);
    const selects = kids.filter((c: any) => [3, 5, 6, 7, 8].includes(c?.type));
    if (buttons.length > 5)
      p.add([...at, 'components'], 'BASE_TYPE_MAX_LENGTH', `${buttons.length} buttons in one row, must be 5 or fewer`);
    if (selects.length > 0 && kids.length > 1)
      p.add([...at, 'components'], 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'a select menu must be alone in its action row');
    kids.forEach((c: any, j: number) => {
      if (!isObj(c)) return;
      const cat = [...at, 'components', j];
      seeId(c, cat);
      if (c.type === 2) checkButton(p, c, cat);
      if ([3, 5, 6, 7, 8].includes(c.type)) {
        if (len(c.placeholder) > 150)
          p.add([...cat, 'placeholder'], 'BASE_TYPE_MAX_LENGTH', 'placeholder must be 150 characters or fewer');
        if (c.type === 3) {
          const opts = Array.isArray(c.options) ? c.options : [];
          if (opts.length < 1 || opts.length > 25)
            p.add([...cat, 'options'], 'BASE_TYPE_BAD_LENGTH', `${opts.length} options, must be 1..25`);
          opts.forEach((o: any, k: number) => {
            if (len(o?.label) > 100)
              p.add(
                [...cat, 'options', k, 'label'],
                'BASE_TYPE_MAX_LENGTH',
                'option label must be 100 characters or fewer',
              );
            if (len(o?.value) > 100)
              p.add(
                [...cat, 'options', k, 'value'],
                'BASE_TYPE_MAX_LENGTH',
                'option value must be 100 characters or fewer',
              );
            if (len(o?.description) > 100)
              p.add(
                [...cat, 'options', k, 'description'],
                'BASE_TYPE_MAX_LENGTH',
                'option description must be 100 characters or fewer',
              );
          });
        }
      }
    });
  });
  function walkV2(c: any, at: Array<string | number>): void {
    seeId(c, at);
    if (c.type === 2) checkButton(p, c, at);
    for (const key of ['components', 'accessory']) {
      const v = c[key];
      if (Array.isArray(v)) v.forEach((k: any, j: number) => isObj(k) && walkV2(k, [...at, key, j]));
      else if (isObj(v)) walkV2(v, [...at, key]);
    }
  }
}

function checkButton(p: Problems, b: any, at: Array<string | number>): void {
  if (len(b.label) > 80)
    p.add([...at, 'label'], 'BASE_TYPE_MAX_LENGTH', `button label is ${len(b.label)} characters, must be 80 or fewer`);
  if (b.style === 5) {
    if (!b.url) p.add([...at, 'url'], 'BUTTON_URL_REQUIRED', 'a link button needs a url');
    if (b.custom_id != null)
      p.add([...at, 'custom_id'], 'BUTTON_CUSTOM_ID_INVALID', 'a link button cannot have a custom_id');
  } else if (b.style === 6) {
    if (!b.sku_id) p.add([...at, 'sku_id'], 'BUTTON_SKU_REQUIRED', 'a premium button needs a sku_id');
  } else {
    if (b.custom_id == null)
      p.add([...at, 'custom_id'], 'BUTTON_CUSTOM_ID_REQUIRED', 'a non-link button needs a custom_id');
    if (b.url != null) p.add([...at, 'url'], 'BUTTON_URL_INVALID', 'only link buttons have a url');
  }
  if (!b.label && !b.emoji && b.style !== 6)
    p.add(at, 'BUTTON_LABEL_OR_EMOJI_REQUIRED', 'a button needs a label or an emoji');
}

// ---------------------------------------------------------------- commands

/** discord.js sends permission bitfields as strings (Discord accepts that); the spec types them as numbers. */
function normalizeCommand(cmd: unknown): unknown {
  if (!isObj(cmd)) return cmd;
  const out = { ...cmd };
  if (typeof out.default_member_permissions === 'string' && /^\d+$/.test(out.default_member_permissions))
    out.default_member_permissions = Number(out.default_member_permissions);
  return out;
}

function checkCommandList(p: Problems, body: unknown): void {
  if (!Array.isArray(body)) return p.add([], 'BASE_TYPE_BAD_ARRAY', 'bulk overwrite needs an array of commands');
  const seen = new Set<string>();
  let chatInput = 0;
  body.forEach((raw, i) => {
    const cmd = normalizeCommand(raw) as any;
    p.schema(S.ApplicationCommandUpdateRequestSchema, cmd, [i]);
    if (!isObj(cmd)) return;
    checkCommand(p, cmd, [i]);
    const key = `${cmd.type ?? 1}:${cmd.name}`;
    if (seen.has(key))
      p.add([i, 'name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME', `command name "${cmd.name}" is used twice`);
    seen.add(key);
    if ((cmd.type ?? 1) === 1) chatInput++;
  });
  if (chatInput > 100) p.add([], 'BASE_TYPE_MAX_LENGTH', `${chatInput} chat input commands, must be 100 or fewer`);
}

/** Discord's locales (`fr`, `en-US`, `en-GB`, `es-419`, …), from the spec's AvailableLocalesEnum. */
export const LOCALES: ReadonlySet<string> = (() => {
  const s = new Set<string>();
  const def = (S.AvailableLocalesEnumSchema as any)._zod?.def;
  for (const v of def?.values ?? []) s.add(String(v));
  if (!s.has('fr') || !s.has('en-US'))
    throw new Error('fake-discord: could not read the locale list from discord-api-spec');
  return s;
})();

/** Slash commands: combined name/description/choice characters, counting each field's longest localization. */
const COMMAND_CHAR_LIMIT = 8000;

/** `contexts` / `integration_types` are sets: the spec says uniqueItems, the Zod schema does not check it. */
function checkSet(p: Problems, v: unknown, path: Array<string | number>): void {
  if (!Array.isArray(v)) return;
  v.forEach((x, i) => {
    if (v.indexOf(x) !== i)
      p.add([...path, i], 'SET_TYPE_ALREADY_CONTAINS_VALUE', `${JSON.stringify(x)} is listed twice`);
  });
}

/** A chat input command or option name: Discord's regex, and lowercase where the letters have a lowercase form. */
const isName = (v: unknown): boolean => typeof v === 'string' && COMMAND_NAME.test(v) && v === v.toLowerCase();

function checkLocalized(
  p: Problems,
  map: Record<string, unknown>,
  path: Array<string | number>,
  max: number,
  lower: boolean,
): void {
  for (const [locale, v] of Object.entries(map)) {
    if (LOCALES.size && !LOCALES.has(locale))
      p.add([...path, locale], 'LOCALE_INVALID', `"${locale}" is not a Discord locale`);
    if (typeof v !== 'string') continue;
    if (len(v) < 1 || len(v) > max) p.add([...path, locale], 'BASE_TYPE_BAD_LENGTH', `must be 1..${max} characters`);
    if (lower && !isName(v))
      p.add(
        [...path, locale],
        'APPLICATION_COMMAND_INVALID_NAME',
        `"${v}" is not a valid lowercase command or option name`,
      );
  }
}

function checkCommand(p: Problems, cmd: any, at: Array<string | number>): void {
  const type = cmd.type ?? 1;
  let chars = 0;
  // Only the longest of a field and its localizations counts (Discord's rule for the size limit).
  const count = (s: unknown, localized?: unknown) =>
    (chars += Math.max(len(s), ...(isObj(localized) ? Object.values(localized).map(len) : [])));
  checkSet(p, cmd.contexts, [...at, 'contexts']);
  checkSet(p, cmd.integration_types, [...at, 'integration_types']);
  if (type === 1) {
    if (!isName(cmd.name))
      p.add(
        [...at, 'name'],
        'APPLICATION_COMMAND_INVALID_NAME',
        `"${cmd.name}" must be 1..32 lowercase letters, digits, - or _`,
      );
  }
  // Chat input and Entry Point (type 4, an Activity's Launch) commands have a description.
  if (type === 1 || type === 4) {
    const d = len(cmd.description);
    if (d < 1 || d > 100)
      p.add([...at, 'description'], 'BASE_TYPE_BAD_LENGTH', `description is ${d} characters, must be 1..100`);
  } else if (cmd.description) {
    p.add(
      [...at, 'description'],
      'APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED',
      'only chat input commands have a description',
    );
  }
  count(cmd.name, cmd.name_localizations);
  count(cmd.description, cmd.description_localizations);
  if (isObj(cmd.name_localizations))
    checkLocalized(p, cmd.name_localizations, [...at, 'name_localizations'], 32, type === 1);
  if (isObj(cmd.description_localizations))
    checkLocalized(p, cmd.description_localizations, [...at, 'description_localizations'], 100, false);
  if (Array.isArray(cmd.options)) checkOptions(p, cmd.options, [...at, 'options'], 0, count);
  if (type === 1 && chars > COMMAND_CHAR_LIMIT)
    p.add(
      at,
      'APPLICATION_COMMAND_TOO_LARGE',
      `command totals ${chars} characters, must be ${COMMAND_CHAR_LIMIT} or fewer`,
    );
}

function checkOptions(
  p: Problems,
  options: any[],
  path: Array<string | number>,
  depth: number,
  count: (s: unknown, localized?: unknown) => void,
): void {
  if (options.length > 25) p.add(path, 'BASE_TYPE_MAX_LENGTH', `${options.length} options, must be 25 or fewer`);
  const names = new Set<string>();
  let sawOptional = false;
  options.forEach((o, i) => {
    if (!isObj(o)) return;
    const at = [...path, i];
    count(o.name, o.name_localizations);
    count(o.description, o.description_localizations);
    if (!isName(o.name))
      p.add(
        [...at, 'name'],
        'APPLICATION_COMMAND_INVALID_NAME',
        `option "${o.name}" must be 1..32 lowercase letters, digits, - or _`,
      );
    if (names.has(o.name))
      p.add(
        [...at, 'name'],
        'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
        `option name "${o.name}" is used twice`,
      );
    names.add(o.name);
    const d = len(o.description);
    if (d < 1 || d > 100)
      p.add([...at, 'description'], 'BASE_TYPE_BAD_LENGTH', `option description is ${d} characters, must be 1..100`);
    if (isObj(o.name_localizations)) checkLocalized(p, o.name_localizations, [...at, 'name_localizations'], 32, true);
    if (isObj(o.description_localizations))
      checkLocalized(p, o.description_localizations, [...at, 'description_localizations'], 100, false);
    const sub = o.type === 1 || o.type === 2;
    if (sub) {
      if (o.type === 2 && depth > 0)
        p.add([...at, 'type'], 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'sub-command groups cannot be nested');
      if (o.type === 1 && depth > 1)
        p.add([...at, 'type'], 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'sub-commands nest at most inside one group');
      if (Array.isArray(o.options)) {
        if (o.type === 2 && o.options.some((x: any) => x?.type !== 1))
          p.add(
            [...at, 'options'],
            'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
            'a sub-command group contains only sub-commands',
          );
        checkOptions(p, o.options, [...at, 'options'], depth + 1, count);
      }
      return;
    }
    if (o.required) {
      if (sawOptional)
        p.add(
          [...at, 'required'],
          'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
          'required options must come before optional ones',
        );
    } else sawOptional = true;
    if (o.autocomplete && Array.isArray(o.choices) && o.choices.length)
      p.add(
        [...at, 'autocomplete'],
        'APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES',
        'autocomplete cannot be combined with choices',
      );
    if (Array.isArray(o.choices)) {
      checkChoices(p, o.choices, [...at, 'choices'], 'option');
      for (const c of o.choices) {
        count(c?.name, c?.name_localizations);
        count(typeof c?.value === 'string' ? c.value : '');
      }
    }
    if (o.min_length != null && (o.min_length < 0 || o.min_length > 6000))
      p.add([...at, 'min_length'], 'NUMBER_TYPE_MAX', 'min_length must be 0..6000');
    if (o.max_length != null && (o.max_length < 1 || o.max_length > 6000))
      p.add([...at, 'max_length'], 'NUMBER_TYPE_MAX', 'max_length must be 1..6000');
  });
  if (
    depth === 0 &&
    options.some((o) => o?.type === 1 || o?.type === 2) &&
    options.some((o) => o?.type !== 1 && o?.type !== 2)
  )
    p.add(path, 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'sub-commands cannot be mixed with plain options');
}

// ---------------------------------------------------------------- unknown fields

const SCHEMAS: Partial<Record<BodyKind, ZodMiniType>> = {
  webhookExecute: S.IncomingWebhookRequestPartialSchema,
  webhookEdit: S.IncomingWebhookUpdateRequestPartialSchema,
  messageCreate: S.MessageCreateRequestSchema,
  messageEdit: S.MessageEditRequestPartialSchema,
  threadFromMessage: S.CreateTextThreadWithMessageRequestSchema,
  threadCreate: S.CreateTextThreadWithoutMessageRequestSchema,
  threadUpdate: S.UpdateThreadRequestPartialSchema,
  commandCreate: S.ApplicationCommandCreateRequestSchema,
};
const CALLBACK_SCHEMAS: Record<number, ZodMiniType> = {
  1: S.PongInteractionCallbackRequestSchema,
  4: S.CreateMessageInteractionCallbackRequestSchema,
  5: S.CreateMessageInteractionCallbackRequestSchema,
  6: S.UpdateMessageInteractionCallbackRequestSchema,
  7: S.UpdateMessageInteractionCallbackRequestSchema,
  8: S.ApplicationCommandAutocompleteCallbackRequestSchema,
  9: S.ModalInteractionCallbackRequestSchema,
  12: S.LaunchActivityInteractionCallbackRequestSchema,
};

/**
 * Fields the schema does not know. Discord silently ignores them, so they are
 * not violations, but they are usually bugs (`ephemeral: true` in a raw body,
 * a camelCase `customId`): the fake reports them as warnings.
 */
/**
 * Fields Discord documents and accepts (discord.js sends them by default) but
 * the published spec lacks for these routes: not worth a warning.
 */
const SPEC_GAPS = [
  /^(\d+\.)?(nsfw|default_permission)$/, // commands
  /^(data\.)?(tts|enforce_nonce|nonce)$/, // message bodies, callbacks, webhook edits
];

export function unknownFields(kind: BodyKind, body: unknown): string[] {
  let schema = SCHEMAS[kind];
  if (kind === 'interactionCallback' && isObj(body)) schema = CALLBACK_SCHEMAS[body.type as number];
  const out: string[] = [];
  if (kind === 'commandsBulk' && Array.isArray(body)) {
    body.forEach((cmd, i) => walkUnknown(S.ApplicationCommandUpdateRequestSchema, normalizeCommand(cmd), [i], out, 0));
  } else if (schema) {
    walkUnknown(schema, kind === 'commandCreate' ? normalizeCommand(body) : body, [], out, 0);
  }
  return out.filter((f) => !SPEC_GAPS.some((re) => re.test(f)) && !(kind === 'threadFromMessage' && f === 'type')); // discord.js sends the thread type
}

function walkUnknown(schema: any, value: unknown, path: Array<string | number>, out: string[], depth: number): void {
  const def = schema?._zod?.def;
  if (!def || depth > 40 || value === undefined || value === null) return;
  switch (def.type) {
    case 'lazy':
      return walkUnknown(def.getter(), value, path, out, depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
      return walkUnknown(def.innerType, value, path, out, depth + 1);
    case 'array':
      if (Array.isArray(value)) value.forEach((v, i) => walkUnknown(def.element, v, [...path, i], out, depth + 1));
      return;
    case 'union': {
      // Follow the branch the value actually matches.
      const branch = def.options.find((o: ZodMiniType) => safeParse(o, value).success);
      if (branch) walkUnknown(branch, value, path, out, depth + 1);
      return;
    }
    case 'intersection':
      return walkUnknown(def.right, value, path, out, depth + 1);
    case 'object':
      if (!isObj(value)) return;
      for (const [key, v] of Object.entries(value)) {
        if (!(key in def.shape)) out.push([...path, key].join('.'));
        else walkUnknown(def.shape[key], v, [...path, key], out, depth + 1);
      }
      return;
    default:
      return;
  }
}

/** Discord's 50035 error body: `{ code, message, errors: { a: { 0: { _errors: [{code, message}] } } } }`. */
export function invalidFormBody(problems: Problem[]): Record<string, unknown> {
  const errors: Record<string, any> = {};
  for (const pr of problems) {
    let node = errors;
    for (const key of pr.path) node = node[String(key)] ??= {};
    (node._errors ??= []).push({ code: pr.code, message: pr.message });
  }
  return { code: 50035, message: 'Invalid Form Body', errors };
}

export function formatProblem(pr: Problem): string {
  return `${pr.path.length ? pr.path.join('.') : '(body)'}: ${pr.message} [${pr.code}]`;
}

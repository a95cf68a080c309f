// The fake's body checks: Discord's schema (discord-api-spec) plus the limits it misses.
import { describe, expect, it } from 'vitest';
import { formatProblem, invalidFormBody, validateBody, type BodyKind } from './fake-discord/validate.js';
import type { UploadedFile } from './fake-discord/multipart.js';

const file = (n: number, size = 10): UploadedFile => ({
  field: `files[${n}]`,
  filename: `f${n}.png`,
  contentType: 'image/png',
  bytes: Buffer.alloc(size),
});
const problems = (kind: BodyKind, body: unknown, files: UploadedFile[] = [], interactionType?: number) =>
  validateBody(kind, body, { files, interactionType }).map(formatProblem).join('\n');
const button = (id: string, extra: object = {}) => ({ type: 2, style: 1, label: 'Go', custom_id: id, ...extra });
const row = (...components: object[]) => ({ type: 1, components });

describe('fake Discord body validation', () => {
  it('accepts what a game bot sends: board post with embed, PNG and two rows of buttons', () => {
    const body = {
      content: '<@123> to move',
      embeds: [
        {
          title: 'Exxit',
          description: 'Move 3: P A',
          color: 0x3366ff,
          fields: [{ name: 'Score', value: '3 – 2', inline: true }],
          image: { url: 'attachment://board.png' },
        },
      ],
      components: [
        row(button('v1:res:g1:3'), button('v1:draw:g1:3')),
        row({ type: 2, style: 5, label: 'Rules', url: 'https://example.org/rules' }),
      ],
      attachments: [{ id: '0', filename: 'board.png' }],
      allowed_mentions: { users: ['123'] },
    };
    expect(problems('messageCreate', body, [file(0)])).toBe('');
    expect(problems('interactionCallback', { type: 4, data: { ...body, flags: 64 } }, [file(0)], 2)).toBe('');
    expect(problems('webhookEdit', { content: 'edited', attachments: [] })).toBe('');
    expect(problems('interactionCallback', { type: 5, data: { flags: 64 } }, [], 2)).toBe('');
    expect(problems('interactionCallback', { type: 6 }, [], 3)).toBe('');
    expect(
      problems(
        'interactionCallback',
        {
          type: 9,
          data: {
            custom_id: 'm',
            title: 'Offer',
            components: [{ type: 1, components: [{ type: 4, custom_id: 't', style: 1, label: 'Note' }] }],
          },
        },
        [],
        2,
      ),
    ).toBe('');
  });

  it.each([
    ['embed title 257', { embeds: [{ title: 't'.repeat(257) }] }, /embeds\.0\.title/],
    ['embed description 4097', { embeds: [{ description: 'd'.repeat(4097) }] }, /embeds\.0\.description/],
    [
      '26 embed fields',
      { embeds: [{ fields: Array.from({ length: 26 }, (_, i) => ({ name: `n${i}`, value: 'v' })) }] },
      /fields/,
    ],
    [
      '6001 embed characters',
      { embeds: [{ description: 'd'.repeat(4000) }, { description: 'd'.repeat(2001) }] },
      /6000/,
    ],
    ['11 embeds', { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, /embeds/],
    ['custom_id 101', { components: [row(button('c'.repeat(101)))] }, /custom_id/],
    ['duplicate custom ids', { components: [row(button('a')), row(button('a'))] }, /used twice/],
    ['6 buttons in a row', { components: [row(...[1, 2, 3, 4, 5, 6].map((i) => button(`b${i}`)))] }, /components/],
    ['6 rows', { components: [1, 2, 3, 4, 5, 6].map((i) => row(button(`r${i}`))) }, /action rows|components/],
    [
      'link button with custom_id',
      { components: [row({ type: 2, style: 5, label: 'x', url: 'https://a.b', custom_id: 'x' })] },
      /link button/,
    ],
    ['button without custom_id', { components: [row({ type: 2, style: 1, label: 'x' })] }, /custom_id/],
    [
      'select not alone in its row',
      { components: [row({ type: 3, custom_id: 's', options: [{ label: 'a', value: 'a' }] }, button('b'))] },
      /select|components/,
    ],
    ['button label 81', { components: [row(button('b', { label: 'l'.repeat(81) }))] }, /label/],
    ['content 2001', { content: 'x'.repeat(2001) }, /content/],
    ['empty message', { content: '' }, /empty/],
    ['ephemeral outside interactions', { content: 'x', flags: 64 }, /flags/],
    ['attachment without upload', { content: 'x', attachments: [{ id: '1' }] }, /files\[1\]/],
  ])('message create: %s', (_what, body, pattern) => {
    expect(problems('messageCreate', body)).toMatch(pattern);
  });

  it('uploads: at most 10 files and 10 MiB', () => {
    const files = Array.from({ length: 11 }, (_, i) => file(i));
    expect(problems('messageCreate', { attachments: files.map((_, i) => ({ id: String(i) })) }, files)).toMatch(
      /attachments: .*10/,
    );
    expect(problems('webhookExecute', { content: 'x' }, [file(0, 10 * 1024 * 1024 + 1)])).toMatch(/10485760/);
  });

  it('callbacks must fit the interaction: 8 only for autocomplete, 6/7 only for components', () => {
    expect(problems('interactionCallback', { type: 8, data: { choices: [] } }, [], 2)).toMatch(
      /not valid for interaction type 2/,
    );
    expect(problems('interactionCallback', { type: 7, data: { content: 'x' } }, [], 2)).toMatch(/not valid/);
    expect(problems('interactionCallback', { type: 4, data: { content: 'x' } }, [], 4)).toMatch(/not valid/);
    expect(problems('interactionCallback', { type: 4 }, [], 2)).toMatch(/empty|data/);
  });

  it('autocomplete choices: ≤ 25, names 1..100, string values ≤ 100 (integer values allowed)', () => {
    const choices = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `m${i}`, value: `m${i}` }));
    expect(problems('interactionCallback', { type: 8, data: { choices: choices(25) } }, [], 4)).toBe('');
    expect(problems('interactionCallback', { type: 8, data: { choices: [{ name: 'one', value: 1 }] } }, [], 4)).toBe(
      '',
    );
    expect(problems('interactionCallback', { type: 8, data: { choices: choices(26) } }, [], 4)).toMatch(
      /data\.choices/,
    );
    expect(problems('interactionCallback', { type: 8, data: { choices: [{ name: '', value: 'a' }] } }, [], 4)).toMatch(
      /choices\.0\.name/,
    );
    expect(
      problems('interactionCallback', { type: 8, data: { choices: [{ name: 'a', value: 'v'.repeat(101) }] } }, [], 4),
    ).toMatch(/choices\.0\.value/);
  });

  describe('application commands', () => {
    const move = {
      name: 'move',
      description: 'Play a move',
      name_localizations: { fr: 'jouer' },
      description_localizations: { fr: 'Jouer un coup' },
      default_member_permissions: '2048', // discord.js sends bitfields as strings
      options: [
        { type: 3, name: 'text', description: 'The move', required: true, autocomplete: true },
        { type: 4, name: 'level', description: 'Level', choices: [{ name: 'Easy', value: 1 }] },
      ],
    };
    it('accepts a well-formed list, sub-commands included', () => {
      const admin = {
        name: 'admin',
        description: 'Admin',
        options: [
          {
            type: 1,
            name: 'end',
            description: 'End a game',
            options: [{ type: 7, name: 'channel', description: 'Where' }],
          },
        ],
      };
      expect(problems('commandsBulk', [move, admin])).toBe('');
    });
    it.each([
      ['uppercase name', { ...move, name: 'Move' }, /0\.name/],
      ['name 33', { ...move, name: 'm'.repeat(33) }, /0\.name/],
      ['no description', { ...move, description: '' }, /description/],
      ['description 101', { ...move, description: 'd'.repeat(101) }, /description/],
      ['uppercase localized name', { ...move, name_localizations: { fr: 'Jouer' } }, /name_localizations\.fr/],
      ['unknown locale', { ...move, name_localizations: { xx: 'jouer' } }, /xx/],
      ['required after optional', { ...move, options: [...move.options].reverse() }, /required/],
      [
        'autocomplete with choices',
        { ...move, options: [{ ...move.options[0], choices: [{ name: 'a', value: 'a' }] }] },
        /autocomplete/,
      ],
      [
        '26 options',
        { ...move, options: Array.from({ length: 26 }, (_, i) => ({ type: 3, name: `o${i}`, description: 'd' })) },
        /options/,
      ],
      [
        'choice value 101',
        {
          ...move,
          options: [{ type: 3, name: 'g', description: 'd', choices: [{ name: 'a', value: 'v'.repeat(101) }] }],
        },
        /choices\.0\.value/,
      ],
      [
        'sub-commands mixed with options',
        {
          ...move,
          options: [
            { type: 1, name: 's', description: 'd' },
            { type: 3, name: 't', description: 'd' },
          ],
        },
        /mixed/,
      ],
    ])('rejects %s', (_what, cmd, pattern) => {
      expect(problems('commandsBulk', [cmd])).toMatch(pattern);
    });
    it('rejects duplicate names in one overwrite', () => {
      expect(problems('commandsBulk', [move, move])).toMatch(/used twice/);
    });

    // User installs: where a command is offered, and its names in the users' languages.
    const play = {
      name: 'play',
      description: 'Start a game',
      integration_types: [0, 1],
      contexts: [0, 1, 2],
      name_localizations: { fr: 'jouer', 'en-GB': 'play', 'es-419': 'jugar', hi: 'खेल', th: 'เล่น', ja: '遊ぶ' },
      description_localizations: { fr: 'Lancer une partie', 'en-US': 'Start a game', 'zh-TW': '開始遊戲' },
      options: [
        {
          type: 3,
          name: 'game',
          description: 'Which game',
          name_localizations: { fr: 'jeu', de: 'spiel' },
          description_localizations: { fr: 'Quel jeu', de: 'Welches Spiel' },
          choices: [
            {
              name: 'Orion Duel',
              value: 'orion',
              name_localizations: { fr: 'Duel d’Orion', 'pt-BR': 'Duelo de Órion' },
            },
          ],
        },
      ],
    };
    it('accepts contexts, integration_types and localizations (command, options, choices) in every Discord locale form', () => {
      expect(problems('commandsBulk', [play])).toBe('');
      expect(problems('commandCreate', play)).toBe('');
      expect(problems('commandsBulk', [{ ...play, contexts: [2], integration_types: [1] }])).toBe('');
    });
    const opt = (o: object) => ({ ...play, options: [{ ...play.options[0], ...o }] });
    const choice = (c: object) => opt({ choices: [{ ...play.options[0].choices[0], ...c }] });
    it.each([
      ['context 3', { ...play, contexts: [0, 3] }, /contexts\.1/],
      ['no context', { ...play, contexts: [] }, /contexts/],
      ['a context twice', { ...play, contexts: [0, 2, 0] }, /contexts\.2: 0 is listed twice/],
      ['integration type 2', { ...play, integration_types: [2] }, /integration_types\.0/],
      ['an integration type twice', { ...play, integration_types: [1, 1] }, /integration_types\.1: 1 is listed twice/],
      ['integration type as a string', { ...play, integration_types: ['1'] }, /integration_types\.0/],
      [
        'locale "en"',
        { ...play, name_localizations: { en: 'play' } },
        /name_localizations\.en: "en" is not a Discord locale/,
      ],
      [
        'locale "fr-FR"',
        { ...play, description_localizations: { 'fr-FR': 'Jouer' } },
        /description_localizations\.fr-FR/,
      ],
      [
        'localized name with a space',
        { ...play, name_localizations: { fr: 'lancer partie' } },
        /name_localizations\.fr/,
      ],
      ['localized name 33', { ...play, name_localizations: { fr: 'j'.repeat(33) } }, /name_localizations\.fr/],
      [
        'empty localized description',
        { ...play, description_localizations: { fr: '' } },
        /description_localizations\.fr/,
      ],
      [
        'localized description 101',
        { ...play, description_localizations: { fr: 'd'.repeat(101) } },
        /description_localizations\.fr/,
      ],
      [
        'option: uppercase localized name',
        opt({ name_localizations: { fr: 'Jeu' } }),
        /options\.0\.name_localizations\.fr/,
      ],
      ['option: unknown locale', opt({ name_localizations: { xx: 'jeu' } }), /options\.0\.name_localizations\.xx/],
      [
        'option: localized description 101',
        opt({ description_localizations: { de: 'd'.repeat(101) } }),
        /options\.0\.description_localizations\.de/,
      ],
      [
        'choice: localized name 101',
        choice({ name_localizations: { fr: 'n'.repeat(101) } }),
        /choices\.0\.name_localizations\.fr/,
      ],
      [
        'choice: empty localized name',
        choice({ name_localizations: { fr: '' } }),
        /choices\.0\.name_localizations\.fr/,
      ],
      [
        'choice: unknown locale',
        choice({ name_localizations: { 'en-AU': 'Orion' } }),
        /choices\.0\.name_localizations\.en-AU/,
      ],
    ])('rejects %s', (_what, cmd, pattern) => {
      expect(problems('commandsBulk', [cmd])).toMatch(pattern);
      expect(problems('commandCreate', cmd)).toMatch(pattern);
    });
    it('reports every problem of a command at once, schema and limits alike', () => {
      const bad = {
        ...play,
        contexts: [0, 0],
        integration_types: [2],
        name_localizations: { en: 'play', fr: 'Jouer' },
      };
      const out = problems('commandsBulk', [bad]).split('\n');
      expect(out).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^0\.integration_types\.0: /),
          expect.stringMatching(/^0\.contexts\.1: 0 is listed twice/),
          expect.stringMatching(/^0\.name_localizations\.en: /),
          expect.stringMatching(/^0\.name_localizations\.fr: /),
        ]),
      );
      expect(out).toHaveLength(4);
    });
    it('counts ≤ 8000 characters per slash command, only the longest localization of each field', () => {
      const choices = Array.from({ length: 25 }, (_, i) => ({
        name: `${i}`.padEnd(100, 'n'),
        value: `${i}`.padEnd(100, 'v'),
        name_localizations: { fr: `${i}`.padEnd(100, 'f') },
      }));
      const options = (n: number) => [
        {
          type: 3,
          name: 'o'.repeat(32),
          description: 'd'.repeat(100),
          name_localizations: { fr: 'f'.repeat(32) },
          choices,
        },
        ...Array.from({ length: n }, (_, i) => ({
          type: 3,
          name: `o${i}`.padEnd(32, 'x'),
          description: 'd'.repeat(100),
          description_localizations: { fr: 'f'.repeat(100), de: 'g'.repeat(99) },
        })),
      ];
      const big = (n: number) => ({
        name: 'play',
        description: 'd'.repeat(100),
        description_localizations: { fr: 'f'.repeat(100) },
        options: options(n),
      });
      // 4 + 100 + (132 + 25 × 200) + 20 × 132 = 7876: fine, though far over if every localization were added up.
      expect(problems('commandsBulk', [big(20)])).toBe('');
      // Two more options: 8140.
      expect(problems('commandsBulk', [big(22)])).toMatch(/0: command totals 8140 characters, must be 8000 or fewer/);
    });
  });

  it("builds Discord's 50035 error body", () => {
    const errs = validateBody('messageCreate', { content: 'x'.repeat(2001) }, { files: [] });
    expect(invalidFormBody(errs)).toMatchObject({
      code: 50035,
      message: 'Invalid Form Body',
      errors: { content: { _errors: [{ code: expect.any(String), message: expect.stringMatching(/2000/) }] } },
    });
  });
});

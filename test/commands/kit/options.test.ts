// Slash-command options are untrusted: whatever a (forged) payload carries,
// each reader returns a value within what the command declared, or throws a
// Refusal the catalogues can say — never anything else.
import { CommandInteractionOptionResolver, type ChatInputCommandInteraction, type Client } from 'discord.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOCK_CHOICES,
  FIRST_CHOICES,
  gameIds,
  readGameOptions,
  setupOptions,
} from '../../../src/commands/kit/game-options.js';
import { boolOption, intOption, stringOption, userOption } from '../../../src/commands/kit/options.js';
import { MAX_CONTENT, text } from '../../../src/commands/kit/text.js';
import { getGame } from '../../../src/engine/index.js';
import { LOCALES } from '../../../src/i18n/catalogue.js';
import { isRefusal } from '../../../src/match/refusal.js';

type Options = ChatInputCommandInteraction['options'];

const NAMES = ['game', 'first', 'opponent', 'text', 'clock', 'rated', ...setupOptions().map((o) => o.option.name), 'x'];

/** A value as a forged payload may carry it. */
const value = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    '   ',
    '\u200b',
    'x'.repeat(101),
    'x'.repeat(5000),
    '@everyone',
    '<@1>',
    '`code`',
    'exxit',
    'orion',
    'me',
    'them',
    'random',
    'preset1',
    'random:1',
  ),
  fc.constantFrom(...gameIds(), ...FIRST_CHOICES, ...setupOptions().flatMap((o) => o.option.choices)),
  fc.integer(),
  fc.constantFrom(0, -1, 19, 29, 39, 24, 1.5, Number.NaN, Infinity, -0, 2 ** 53),
  fc.boolean(),
  fc.constantFrom(null, undefined),
  fc.jsonValue({ maxDepth: 1 }),
);

const option = fc.record({
  name: fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 8 })),
  // String, Integer, Boolean, User, Channel, Role, Mentionable, Number, Attachment; and ones Discord never sends.
  type: fc.oneof(fc.constantFrom(3, 4, 5, 6, 7, 8, 9, 10, 11), fc.integer({ min: -5, max: 50 })),
  value,
  user: fc.option(fc.record({ id: fc.stringMatching(/^\d{17,19}$/) }), { nil: undefined }),
});

/**
 * Mostly well-formed /challenge payloads (a real game, setup choices of either game, who moves first) with forged
 * options mixed in.
 */
const gamePayload = fc
  .tuple(
    fc.option(fc.record({ name: fc.constant('game'), type: fc.constant(3), value: fc.constantFrom(...gameIds()) }), {
      freq: 4,
    }),
    fc.subarray(
      setupOptions().flatMap(({ option: o }) =>
        o.choices.map((c) => ({ name: o.name, type: o.type === 'integer' ? 4 : 3, value: c })),
      ),
    ),
    fc.option(
      fc.record({ name: fc.constant('first'), type: fc.constant(3), value: fc.constantFrom(...FIRST_CHOICES) }),
    ),
    fc.array(option, { maxLength: 2 }),
  )
  .chain(([game, setup, first, forged]) =>
    fc.shuffledSubarray([...(game ? [game] : []), ...setup.slice(0, 2), ...(first ? [first] : []), ...forged], {
      minLength: 0,
    }),
  );

/**
 * discord.js's own resolver, as a ChatInputCommandInteraction builds it (its constructor is private in the typings).
 */
const Resolver = CommandInteractionOptionResolver as unknown as new (
  client: Client,
  options: unknown[],
  resolved: object,
) => Options;
const options = (raw: unknown[]): Options => new Resolver({} as Client, raw, {});
/** stringOption with `required` decided at run time (its overloads want a literal). */
const anyString = stringOption as (
  o: Options,
  name: string,
  opts: { required?: boolean; choices?: readonly string[]; max?: number },
) => string | null;

/**
 * Runs a reader: its value, or the refusal it threw after checking it reads in every language. Anything else fails the
 * test.
 */
function read<T>(f: () => T): { value: T } | { refused: true } {
  try {
    return { value: f() };
  } catch (e) {
    if (!isRefusal(e)) throw e;
    for (const l of LOCALES) {
      const said = text(l, e.msg);
      expect(said.trim()).not.toBe('');
      expect(said.length).toBeLessThanOrEqual(MAX_CONTENT);
      // Discord renders no mention inside inline code, where a refusal quotes what was sent (`@everyone`).
      expect(said.replace(/`[^`]*`/g, '')).not.toMatch(/@everyone|<@\d/);
    }
    return { refused: true };
  }
}

describe('option readers', () => {
  it('string: null only when not required, else non-blank text within max and among the choices', () => {
    fc.assert(
      fc.property(
        fc.array(option, { maxLength: 4 }),
        fc.boolean(),
        fc.option(fc.constantFrom(['a', 'b'], [...gameIds()]), { nil: undefined }),
        fc.integer({ min: 1, max: 200 }),
        (raw, required, choices, max) => {
          const r = read(() => anyString(options(raw), 'game', { required, choices, max }));
          if ('refused' in r) return;
          if (r.value === null) {
            expect(required).toBe(false);
            return;
          }
          expect(typeof r.value).toBe('string');
          expect(r.value.trim()).not.toBe('');
          expect(r.value.length).toBeLessThanOrEqual(max);
          if (choices) expect(choices).toContain(r.value);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('integer, boolean, user: the declared type and choices, or null', () => {
    fc.assert(
      fc.property(fc.array(option, { maxLength: 4 }), (raw) => {
        const o = options(raw);
        const n = read(() => intOption(o, 'clock', CLOCK_CHOICES));
        if ('value' in n && n.value !== null) expect(CLOCK_CHOICES).toContain(n.value);
        const b = read(() => boolOption(o, 'rated'));
        if ('value' in b && b.value !== null) expect(typeof b.value).toBe('boolean');
        const u = read(() => userOption(o, 'opponent'));
        if ('value' in u && u.value !== null) expect(u.value.id).toMatch(/^\d+$/);
      }),
      { numRuns: 800 },
    );
  });

  it('game options: a registered game, a setup it accepts, who moves first; or a refusal', () => {
    let accepted = 0;
    fc.assert(
      fc.property(gamePayload, (raw) => {
        const r = read(() => readGameOptions({ options: options(raw) } as ChatInputCommandInteraction));
        if ('refused' in r) return;
        accepted++;
        expect(gameIds()).toContain(r.value.game);
        expect(getGame(r.value.game).initial(r.value.setup).ok).toBe(true);
        expect(['challenger', 'opponent', 'random']).toContain(r.value.first);
        const own = getGame(r.value.game).options.map((o) => o.name);
        for (const k of Object.keys(r.value.options)) expect(own).toContain(k);
      }),
      { numRuns: 800 },
    );
    // The payloads reach past the refusals often enough to test what is accepted.
    expect(accepted).toBeGreaterThan(10);
  });

  it('game options from well-formed payloads: every choice of every game is accepted', () => {
    for (const game of gameIds()) {
      for (const { option: o } of setupOptions().filter((s) =>
        getGame(game).options.some((x) => x.name === s.option.name),
      )) {
        for (const c of o.choices) {
          const raw = [
            { name: 'game', type: 3, value: game },
            { name: o.name, type: o.type === 'integer' ? 4 : 3, value: c },
          ];
          const r = readGameOptions({ options: options(raw) } as ChatInputCommandInteraction);
          expect(r.options[o.name]).toBe(c);
        }
      }
    }
  });
});

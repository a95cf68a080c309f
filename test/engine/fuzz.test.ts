// Bad input never crashes an engine, for every registered game through the
// Game interface: any move text (random Unicode, control characters, huge,
// almost-notation) is either a legal move or a refusal the catalogues can say;
// any damaged stored state is refused or accepted as a state that plays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { text } from '../../src/commands/kit/text.js';
import { allGames, type AnyGame } from '../../src/engine/index.js';
import { LOCALES } from '../../src/i18n/catalogue.js';
import { ruleErrorMsg } from '../../src/match/describe.js';
import { propertyRuns } from '../support/property-runs.js';

const games = allGames();

/** A position `plies` moves into a game of `setup`, the moves chosen by `seed` (forced ones included). */
function positionAfter(game: AnyGame, setup: string, plies: number, seed: number): unknown {
  const init = game.initial(setup);
  if (!init.ok) throw new Error(`setup ${setup}`);
  let s = init.value;
  let x = seed >>> 0;
  for (let k = 0; k < plies; k++) {
    const legal = game.legalMoves(s);
    if (legal.length === 0) break;
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    const next = game.play(s, legal[x % legal.length]);
    if (!next.ok) throw new Error('a legal move was refused');
    s = next.value;
  }
  return s;
}

interface Sample {
  state: unknown;
  /** Legal move texts, canonical and label forms. */
  forms: string[];
  /** The words of those texts. */
  words: string[];
}

/**
 * A few positions of each setup, from the start to the late middle game (computed once: legal-move lists are not free).
 */
function samples(game: AnyGame): Sample[] {
  const out: Sample[] = [];
  for (const setup of game.setups) {
    for (const [k, plies] of [0, 2, 5, 9, 14, 20].entries()) {
      const state = positionAfter(game, setup.replace('<seed>', String(k)), plies, 7 * k + 1);
      const legal = game.legalMoves(state).slice(0, 60);
      const forms = legal.length
        ? legal.flatMap((m) => [game.formatMove(state, m, 'canonical'), game.formatMove(state, m, 'label')])
        : ['pass'];
      out.push({ state, forms, words: [...new Set(forms.flatMap((f) => f.split(/[\s,]+/)))] });
    }
  }
  return out;
}

const CONTROL = [
  '\u0000',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u200b',
  '\u200d',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\ufffd',
  '\ud83d',
  '\udc00',
];
const ODD = [
  'ｐ',
  'Ｄ',
  '１',
  '⁰',
  '٣',
  'é',
  'ß',
  'İ',
  'ı',
  '🂡',
  '👩‍👩‍👧',
  '−',
  '–',
  '，',
  '（',
  '）',
  '@everyone',
  '<@1>',
  '**',
  '`',
  '|',
  '\\',
];

/** Legal move texts of the position (canonical and label forms), mutated a little: the almost-notation people send. */
function nearValid({ forms }: Sample): fc.Arbitrary<string> {
  const char = fc.oneof(
    fc.constantFrom(' ', ',', '-', '0', '9', 'X', 'N', 'E', 'W', 'S', 'R', 'L', '(', ')'),
    fc.constantFrom(...CONTROL, ...ODD),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  );
  const edit = fc.record({
    kind: fc.constantFrom('insert', 'delete', 'replace', 'case', 'double'),
    at: fc.nat(),
    c: char,
  });
  return fc.tuple(fc.constantFrom(...forms), fc.array(edit, { maxLength: 4 })).map(([t, edits]) => {
    for (const e of edits) {
      const i = t.length ? e.at % (t.length + 1) : 0;
      if (e.kind === 'insert') t = t.slice(0, i) + e.c + t.slice(i);
      else if (e.kind === 'delete') t = t.slice(0, i) + t.slice(i + 1);
      else if (e.kind === 'replace') t = t.slice(0, i) + e.c + t.slice(i + 1);
      else if (e.kind === 'case') t = e.at % 2 ? t.toLowerCase() : t.toUpperCase();
      else t = `${t} ${t}`;
    }
    return t;
  });
}

/** Words of move texts, numbers out of range and junk, in any order. */
function wordSoup({ words }: Sample): fc.Arbitrary<string> {
  const word = fc.oneof(
    fc.constantFrom(
      'pass',
      'P',
      'D',
      'F',
      'X1',
      'X99',
      '0,0',
      '-1',
      '99999',
      '-0',
      '1e9',
      'NaN',
      ',',
      '(',
      ')',
      ...words,
    ),
    fc.constantFrom(...ODD),
  );
  return fc
    .array(word, { maxLength: 7 })
    .chain((ws) => fc.constantFrom(' ', ',', '  ', '\t', '').map((sep) => ws.join(sep)));
}

const HUGE = [
  ' '.repeat(10_000),
  'P '.repeat(20_000),
  `P ${'9'.repeat(50_000)},0`,
  'S1 '.repeat(20_000),
  `${'('.repeat(5_000)}P 0,0${')'.repeat(5_000)}`,
  '\u0000'.repeat(10_000),
  '👩‍👩‍👧'.repeat(5_000),
  `L3 ${'E5,'.repeat(10_000)}E4`,
];

function texts(sample: Sample): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: fc.constantFrom(...CONTROL, ...ODD, ' ', 'P', 'D', '1', ','), maxLength: 20 }),
    nearValid(sample),
    nearValid(sample),
    wordSoup(sample),
    fc.constantFrom(...HUGE),
  );
}

/**
 * A refusal is one of the game's codes, cites a rule the lessons explain, carries short plain parameters, and reads in
 * every language.
 */
function expectClearRefusal(
  game: AnyGame,
  error: { rule: string; code: string; params: Record<string, unknown> },
): void {
  expect(game.errorCodes).toContain(error.code);
  expect(error.rule).toMatch(/^(?:EX|OD)-\d+[a-z]?$/);
  expect(game.ruleTopic(error.rule), error.rule).not.toBeNull();
  for (const v of Object.values(error.params)) {
    if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
    else expect(typeof v === 'string' && v.length <= 60, `parameter ${JSON.stringify(v).slice(0, 80)}`).toBe(true);
  }
  for (const locale of LOCALES) {
    const said = text(locale, ruleErrorMsg(error as never));
    expect(said.startsWith(error.rule), said).toBe(true);
    expect(said.length).toBeLessThan(400);
  }
}

/** Every path to a value inside a JSON tree. */
function paths(x: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof x !== 'object' || x === null) return [at];
  const out: (string | number)[][] = [at];
  for (const [k, v] of Object.entries(x)) out.push(...paths(v, [...at, Array.isArray(x) ? Number(k) : k]));
  return out;
}

/** A stored state with one value replaced, removed, or its container changed: what a damaged record holds. */
function damaged(base: unknown): fc.Arbitrary<unknown> {
  const all = paths(base).filter((p) => p.length > 0);
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(-1, 0, 1, 2, 3, 1.5, -0, 1e308, 2 ** 53, '', '0', null, true, [], {}),
  );
  return fc
    .tuple(fc.constantFrom(...all), value, fc.constantFrom('set', 'set', 'set', 'delete', 'wrap'))
    .map(([path, v, how]) => {
      const s = JSON.parse(JSON.stringify(base));
      let o = s;
      for (const k of path.slice(0, -1)) o = o[k];
      const last = path[path.length - 1];
      if (how === 'delete') {
        if (Array.isArray(o)) o.splice(Number(last), 1);
        else delete o[last];
      } else if (how === 'wrap') o[last] = [o[last]];
      else o[last] = v;
      return s;
    });
}

describe.each(games.map((g) => [g.id, g] as const))('%s', (_id, game) => {
  const pool = samples(game);
  const positions = fc.constantFrom(...pool);

  it('parseMove answers any text with a legal move or a clear refusal, and never changes the position', () => {
    fc.assert(
      fc.property(
        positions.chain((p) => fc.tuple(fc.constant(p.state), texts(p))),
        ([s, typed]) => {
          const before = JSON.stringify(s);
          const r = game.parseMove(s, typed);
          expect(JSON.stringify(s)).toBe(before);
          if (r.ok) expect(game.play(s, r.value).ok).toBe(true);
          else expectClearRefusal(game, r.error);
        },
      ),
      { numRuns: propertyRuns(700) },
    );
  });

  it('parseMove accepts every legal move in both notations, in any case and spacing', () => {
    fc.assert(
      fc.property(
        positions,
        fc.nat(),
        fc.constantFrom('canonical', 'label') as fc.Arbitrary<'canonical' | 'label'>,
        fc.boolean(),
        ({ state: s }, k, style, lower) => {
          const legal = game.legalMoves(s);
          fc.pre(legal.length > 0);
          const m = legal[k % legal.length];
          const written = game.formatMove(s, m, style);
          const typed = `  ${(lower ? written.toLowerCase() : written).replace(/ /g, '   ')} `;
          const r = game.parseMove(s, typed);
          expect(r.ok, typed).toBe(true);
          if (r.ok) expect(game.formatMove(s, r.value, 'canonical')).toBe(game.formatMove(s, m, 'canonical'));
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('parseMove refuses what is not text (a forged payload) without throwing', () => {
    const s = pool[2].state;
    fc.assert(
      fc.property(fc.anything(), (v) => {
        fc.pre(typeof v !== 'string');
        const r = game.parseMove(s, v as string);
        expect(r.ok).toBe(false);
        if (!r.ok) expectClearRefusal(game, r.error);
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it('setups read from options or records: initial, setupFor and describeSetup answer anything without throwing', () => {
    const setup = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom(
        ...game.setups.map((x) => x.replace('<seed>', '1')),
        'random:',
        'random:-1',
        'random:1e9',
        `random:${'9'.repeat(400)}`,
        'random:NaN',
        'preset0',
        'STANDARD',
        ' blitz',
        '',
      ),
    );
    fc.assert(
      fc.property(
        setup,
        fc.dictionary(
          fc.constantFrom(...game.options.map((o) => o.name), 'x'),
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.integer(),
            fc.constantFrom(...game.options.flatMap((o) => o.choices)),
          ),
        ),
        fc.integer(),
        (text, values, seed) => {
          const init = game.initial(text);
          if (init.ok) expect(game.legalMoves(init.value).length).toBeGreaterThan(0);
          else expect(game.errorCodes).toContain(init.error.code);
          const note = game.describeSetup(text);
          expect(game.noteIds).toContain(note.id);
          const chosen = game.setupFor(values, seed);
          if (chosen.ok) expect(game.initial(chosen.value).ok).toBe(true);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('fromJSON answers any JSON value with a refusal', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(game.fromJSON(v).ok).toBe(false);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('fromJSON refuses or accepts a damaged state, never throws, and what it accepts is a state that plays', () => {
    fc.assert(
      fc.property(
        positions.chain((p) => damaged(JSON.parse(JSON.stringify(p.state)))),
        (data) => {
          const r = game.fromJSON(data);
          if (!r.ok) {
            expect(r.error.code).toMatch(new RegExp(`^${game.id}\\.`));
            expect(typeof r.error.detail).toBe('string');
            return;
          }
          const s = r.value;
          expect(game.fromJSON(JSON.parse(JSON.stringify(s)))).toEqual(r);
          game.outcome(s);
          game.summary(s);
          game.scoreNotes(s);
          for (const m of game.legalMoves(s).slice(0, 8)) {
            game.formatMove(s, m, 'label');
            expect(game.play(s, m).ok).toBe(true);
          }
        },
      ),
      { numRuns: propertyRuns(600) },
    );
  });
});

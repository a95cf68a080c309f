// The custom-id codec: round trip, the 100-character limit, and untrusted input, over every kind of
// src/commands/buttons (the list registers them with the codec as it loads).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buttonOf, type CustomId } from '../../../src/commands/buttons/index.js';
import {
  carriedIds,
  encodeCustomId,
  mayRedraw,
  parseCustomId,
  registerIds,
} from '../../../src/commands/kit/custom-id.js';

const idArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
const atArb = fc.integer({ min: 0, max: 999_999_999 });
const pathArb = fc.array(fc.stringMatching(/^[0-9A-Za-z]{1,4}$/), { maxLength: 6 });
const customIdArb: fc.Arbitrary<CustomId> = fc.oneof(
  fc.record({
    kind: fc.constant('challenge' as const),
    challengeId: idArb,
    action: fc.constantFrom('accept' as const, 'decline' as const, 'cancel' as const),
  }),
  fc.record({
    kind: fc.constant('game' as const),
    gameId: idArb,
    version: fc.integer({ min: 0, max: 999_999_999 }),
    action: fc.constantFrom('draw-accept' as const, 'draw-decline' as const, 'rematch' as const),
  }),
  fc.record({
    kind: fc.constant('takeback' as const),
    gameId: idArb,
    version: fc.integer({ min: 0, max: 999_999_999 }),
    action: fc.constantFrom('takeback-ask' as const, 'takeback-accept' as const, 'takeback-decline' as const),
  }),
  fc.record({ kind: fc.constant('puzzle' as const), puzzleId: idArb }),
  fc.record({ kind: fc.constant('activity' as const), gameId: idArb }),
  fc.record({
    kind: fc.constant('list' as const),
    list: fc.constant('games' as const),
    page: fc.integer({ min: 0, max: 99 }),
  }),
  fc.record({
    kind: fc.constant('build' as const),
    gameId: idArb,
    at: atArb,
    action: fc.constant('open' as const),
    path: fc.constant<string[]>([]),
  }),
  fc.record({
    kind: fc.constant('build' as const),
    gameId: idArb,
    at: atArb,
    action: fc.constantFrom('view' as const, 'confirm' as const),
    path: pathArb,
  }),
  fc.record({
    kind: fc.constant('build' as const),
    gameId: idArb,
    at: atArb,
    action: fc.constant('select' as const),
    menu: fc.integer({ min: 0, max: 3 }),
    path: pathArb,
  }),
  fc.record({
    kind: fc.constant('rules' as const),
    game: fc.stringMatching(/^[a-z][a-z0-9-]{0,23}$/),
    page: fc.integer({ min: 0, max: 99 }),
    action: fc.constantFrom('open' as const, 'page' as const, 'post' as const, 'jump' as const),
  }),
  fc.record({
    kind: fc.constant('tournament' as const),
    tournamentId: idArb,
    action: fc.constantFrom(
      'join' as const,
      'leave' as const,
      'start' as const,
      'cancel' as const,
      'cancel-confirm' as const,
    ),
  }),
);

describe('custom ids', () => {
  it('round-trip and stay within 100 characters', () => {
    fc.assert(
      fc.property(customIdArb, (id) => {
        const text = encodeCustomId(id);
        expect(text.length).toBeLessThanOrEqual(100);
        expect(parseCustomId(text)).toEqual({ ok: true, value: id });
      }),
    );
  });

  it('never throw on arbitrary input and accept only what they made', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 120 }), fc.anything()), (raw) => {
        const r = parseCustomId(raw);
        if (r.ok) expect(encodeCustomId(r.value)).toBe(raw);
        else expect(r.reason).toMatch(/^common.(badButton|oldButton)$/);
      }),
    );
  });

  it('never throw on a valid id mutated (a character changed, added, dropped; a part swapped, emptied or repeated; overlong) and accept only what they made', () => {
    const char = fc.oneof(
      fc.constantFrom(
        ':',
        '.',
        '-',
        '_',
        '0',
        '9',
        'a',
        'Z',
        ' ',
        '\u0000',
        '\u200b',
        'é',
        '😀',
        '\ud800',
        '/',
        '{',
        '}',
      ),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    const edit = fc.record({
      kind: fc.constantFrom('insert', 'delete', 'replace', 'swap', 'empty', 'repeat', 'pad', 'number'),
      at: fc.nat(),
      other: fc.nat(),
      c: char,
    });
    let kept = 0;
    fc.assert(
      fc.property(customIdArb, fc.array(edit, { minLength: 1, maxLength: 3 }), (id, edits) => {
        let t = encodeCustomId(id);
        for (const e of edits) {
          const parts = t.split(':');
          const i = e.at % (t.length + 1);
          const p = e.at % parts.length;
          const q = e.other % parts.length;
          if (e.kind === 'insert') t = t.slice(0, i) + e.c + t.slice(i);
          else if (e.kind === 'delete') t = t.slice(0, i) + t.slice(i + 1);
          else if (e.kind === 'replace') t = t.slice(0, i) + e.c + t.slice(i + 1);
          else if (e.kind === 'pad') t = t + e.c.repeat(100);
          else {
            if (e.kind === 'swap') [parts[p], parts[q]] = [parts[q], parts[p]];
            else if (e.kind === 'empty') parts[p] = '';
            else if (e.kind === 'repeat') parts.splice(p, 0, parts[p]);
            else parts[p] = ['-1', '01', '1e3', '999999999999', 'NaN', '0x10', ' 1'][e.other % 7];
            t = parts.join(':');
          }
        }
        const r = parseCustomId(t);
        if (r.ok) {
          kept++;
          expect(encodeCustomId(r.value)).toBe(t);
        } else expect(r.reason).toMatch(/^common.(badButton|oldButton)$/);
      }),
      { numRuns: 3000 },
    );
    // Some mutations land on another id of ours (a digit changed): those must be exact ids the encoder makes.
    expect(kept).toBeGreaterThan(0);
  });

  it('refuse what the encoder would not make', () => {
    expect(() => encodeCustomId({ kind: 'game', gameId: 'a:b', version: 1, action: 'rematch' })).toThrow();
    expect(() => encodeCustomId({ kind: 'game', gameId: 'ab', version: -1, action: 'rematch' })).toThrow();
    expect(parseCustomId('hx1:g:abc:01:da').ok).toBe(false);
    expect(parseCustomId('hx1:g:abc:1:zz').ok).toBe(false);
    expect(() => encodeCustomId({ kind: 'takeback', gameId: 'a b', version: 1, action: 'takeback-ask' })).toThrow();
    expect(parseCustomId('hx1:tb:abc:1:y')).toEqual({
      ok: true,
      value: { kind: 'takeback', gameId: 'abc', version: 1, action: 'takeback-accept' },
    });
    for (const bad of ['hx1:tb:abc:1:x', 'hx1:tb:abc:-1:a', 'hx1:tb:abc:01:n', 'hx1:tb:abc:1', 'hx1:tb::1:a'])
      expect(parseCustomId(bad).ok, bad).toBe(false);
    expect(parseCustomId('hx2:g:abc:1:da')).toEqual({ ok: false, reason: 'common.oldButton' });
    expect(parseCustomId('x'.repeat(101)).ok).toBe(false);
    expect(() => encodeCustomId({ kind: 'list', list: 'games', page: 100 })).toThrow();
    expect(parseCustomId('hx1:l:g:07').ok).toBe(false);
    expect(parseCustomId('hx1:l:g:100').ok).toBe(false);
    expect(parseCustomId('hx1:l:x:1').ok).toBe(false);
    expect(parseCustomId('hx1:l:g:3')).toEqual({ ok: true, value: { kind: 'list', list: 'games', page: 3 } });
    // The move builder: the game, the moves played, the action, the choices so far.
    expect(parseCustomId('hx1:b:abc:12:s1:V3.F')).toEqual({
      ok: true,
      value: { kind: 'build', gameId: 'abc', at: 12, action: 'select', menu: 1, path: ['V3', 'F'] },
    });
    expect(parseCustomId('hx1:b:abc:0:o:')).toEqual({
      ok: true,
      value: { kind: 'build', gameId: 'abc', at: 0, action: 'open', path: [] },
    });
    for (const bad of [
      'hx1:b:abc:1:o:p',
      'hx1:b:abc:1:s4:',
      'hx1:b:abc:1:v:a.b.c.d.e.f.g',
      'hx1:b:abc:1:v:abcde',
      'hx1:b:abc:1:v:a..b',
      'hx1:b:abc:1:v:a-b',
      'hx1:b:abc:01:c:a',
      'hx1:b:abc:1:x:a',
      'hx1:b:abc:1:c',
    ]) {
      expect(parseCustomId(bad).ok, bad).toBe(false);
    }
    expect(() => encodeCustomId({ kind: 'build', gameId: 'abc', at: 1, action: 'open', path: ['a'] })).toThrow();
    expect(() =>
      encodeCustomId({ kind: 'build', gameId: 'abc', at: 1, action: 'select', menu: 4, path: [] }),
    ).toThrow();
    expect(() => encodeCustomId({ kind: 'build', gameId: 'abc', at: 1, action: 'view', path: ['a.b'] })).toThrow();
    // Rules pages: a game id as the registry spells them, a page 0–99, a known action.
    expect(parseCustomId('hx1:r:exxit:4:o')).toEqual({
      ok: true,
      value: { kind: 'rules', game: 'exxit', page: 4, action: 'open' },
    });
    expect(parseCustomId('hx1:r:orion:10:j')).toEqual({
      ok: true,
      value: { kind: 'rules', game: 'orion', page: 10, action: 'jump' },
    });
    for (const bad of [
      'hx1:r:exxit:04:p',
      'hx1:r:exxit:100:p',
      'hx1:r:Exxit:1:p',
      'hx1:r:exxit:1:x',
      'hx1:r:exxit:1',
      'hx1:r::1:p',
      `hx1:r:${'a'.repeat(25)}:1:p`,
      'hx1:r:ex xit:1:p',
    ]) {
      expect(parseCustomId(bad).ok, bad).toBe(false);
    }
    expect(() => encodeCustomId({ kind: 'rules', game: 'exxit', page: 100, action: 'page' })).toThrow();
    expect(() => encodeCustomId({ kind: 'rules', game: 'a:b', page: 1, action: 'page' })).toThrow();
    expect(parseCustomId('hx1:t:abc:j')).toEqual({
      ok: true,
      value: { kind: 'tournament', tournamentId: 'abc', action: 'join' },
    });
    expect(parseCustomId('hx1:t:abc:q').ok).toBe(false);
    expect(parseCustomId('hx1:t:a/b:j').ok).toBe(false);
  });
});

describe('which message a click may redraw', () => {
  /** A message as discord.js shows it: rows of components with their custom ids. */
  const message = (...ids: string[]) => ({
    components: [{ components: ids.map((customId) => ({ customId })) }, { components: [{ url: 'https://x' }] }],
  });
  const id = (raw: string): CustomId => {
    const p = parseCustomId(raw);
    if (!p.ok) throw new Error(raw);
    return p.value;
  };

  it('its own card, offer, list or builder; not another message the id was forged onto', () => {
    const card = message('hx1:c:abc:a', 'hx1:c:abc:x', 'not-ours');
    expect(carriedIds(card).map((x) => x.kind)).toEqual(['challenge', 'challenge']);
    expect(mayRedraw(card, id('hx1:c:abc:d'))).toBe(true);
    expect(mayRedraw(card, id('hx1:c:other:a'))).toBe(false);
    expect(mayRedraw(card, id('hx1:t:abc:j'))).toBe(false);
    const board = message('hx1:b:g1:3:o:');
    expect(mayRedraw(board, id('hx1:g:g1:4:dd'))).toBe(false);
    expect(mayRedraw(message('hx1:g:g1:4:da', 'hx1:g:g1:4:dd'), id('hx1:g:g1:5:dd'))).toBe(true);
    expect(mayRedraw(message('hx1:t:t1:l'), id('hx1:t:t1:j'))).toBe(true);
    // A takeback's answer redraws that offer only: not the board's Takeback, not another offer of the game.
    const offer = message('hx1:tb:g1:5:y', 'hx1:tb:g1:5:n');
    expect(mayRedraw(offer, id('hx1:tb:g1:5:n'), true)).toBe(true);
    expect(mayRedraw(offer, id('hx1:tb:g1:4:y'), true)).toBe(false);
    expect(mayRedraw(message('hx1:b:g1:3:o:', 'hx1:tb:g1:5:a'), id('hx1:tb:g1:5:y'), true)).toBe(false);
    expect(mayRedraw({ components: [] }, id('hx1:tb:g1:5:y'), true)).toBe(false);
    // A card whose buttons went on its last change still answers a late click; a list never pages without its buttons.
    expect(mayRedraw({ components: [] }, id('hx1:c:abc:a'))).toBe(true);
    expect(mayRedraw({ components: [] }, id('hx1:l:g:1'), true)).toBe(false);
    expect(mayRedraw(board, id('hx1:l:g:1'), true)).toBe(false);
    expect(mayRedraw(message('hx1:l:g:0', 'hx1:l:g:2'), id('hx1:l:g:1'), true)).toBe(true);
  });
});

describe('ids already posted', () => {
  // Ids as the codec wrote them before each kind became one declaration: buttons on messages posted then must still
  // decode to the same value, and the encoder must still write them byte for byte.
  const posted: [string, CustomId][] = [
    ['hx1:c:Ab_-9:a', { kind: 'challenge', challengeId: 'Ab_-9', action: 'accept' }],
    ['hx1:c:abc:d', { kind: 'challenge', challengeId: 'abc', action: 'decline' }],
    ['hx1:c:abc:x', { kind: 'challenge', challengeId: 'abc', action: 'cancel' }],
    ['hx1:g:g1:0:da', { kind: 'game', gameId: 'g1', version: 0, action: 'draw-accept' }],
    ['hx1:g:g1:17:dd', { kind: 'game', gameId: 'g1', version: 17, action: 'draw-decline' }],
    ['hx1:g:x-Y_z:999999999:rm', { kind: 'game', gameId: 'x-Y_z', version: 999999999, action: 'rematch' }],
    ['hx1:t:t1:j', { kind: 'tournament', tournamentId: 't1', action: 'join' }],
    ['hx1:t:t1:l', { kind: 'tournament', tournamentId: 't1', action: 'leave' }],
    ['hx1:t:t1:s', { kind: 'tournament', tournamentId: 't1', action: 'start' }],
    ['hx1:t:t1:x', { kind: 'tournament', tournamentId: 't1', action: 'cancel' }],
    ['hx1:t:t1:cx', { kind: 'tournament', tournamentId: 't1', action: 'cancel-confirm' }],
    ['hx1:l:g:0', { kind: 'list', list: 'games', page: 0 }],
    ['hx1:l:g:99', { kind: 'list', list: 'games', page: 99 }],
    ['hx1:b:g1:0:o:', { kind: 'build', gameId: 'g1', at: 0, path: [], action: 'open' }],
    ['hx1:b:g1:12:v:', { kind: 'build', gameId: 'g1', at: 12, path: [], action: 'view' }],
    ['hx1:b:g1:12:v:V3.F', { kind: 'build', gameId: 'g1', at: 12, path: ['V3', 'F'], action: 'view' }],
    [
      'hx1:b:g1:3:c:a.b.c.d.e.f',
      { kind: 'build', gameId: 'g1', at: 3, path: ['a', 'b', 'c', 'd', 'e', 'f'], action: 'confirm' },
    ],
    ['hx1:b:g1:3:s0:', { kind: 'build', gameId: 'g1', at: 3, path: [], action: 'select', menu: 0 }],
    ['hx1:b:g1:3:s3:Z9z', { kind: 'build', gameId: 'g1', at: 3, path: ['Z9z'], action: 'select', menu: 3 }],
    ['hx1:r:exxit:0:o', { kind: 'rules', game: 'exxit', page: 0, action: 'open' }],
    ['hx1:r:orion:99:p', { kind: 'rules', game: 'orion', page: 99, action: 'page' }],
    ['hx1:r:a-b:5:s', { kind: 'rules', game: 'a-b', page: 5, action: 'post' }],
    ['hx1:r:exxit:4:j', { kind: 'rules', game: 'exxit', page: 4, action: 'jump' }],
    ['hx1:a:g1', { kind: 'activity', gameId: 'g1' }],
  ];

  it('decode as before, are written the same, and each reaches the handler of its kind', () => {
    for (const [raw, value] of posted) {
      expect(parseCustomId(raw), raw).toEqual({ ok: true, value });
      expect(encodeCustomId(value)).toBe(raw);
      expect(buttonOf(value).id.kind).toBe(value.kind);
    }
    // One kind, two answers: a draw offer is redrawn, Rematch answers privately (or posts).
    expect(buttonOf(posted[3][1]).ack(posted[3][1])).toBe('update');
    expect(buttonOf(posted[5][1]).ack(posted[5][1])).toBe('ephemeral');
  });

  it('a kind may not take a prefix or a kind already taken, nor a prefix that is not a short word', () => {
    const challenge = buttonOf({ kind: 'challenge', challengeId: 'a', action: 'accept' }).id;
    expect(() => registerIds([challenge])).not.toThrow();
    expect(() => registerIds([{ ...challenge, kind: 'other' as 'challenge' }])).toThrow(/prefix c/);
    expect(() => registerIds([{ ...challenge, prefix: 'zz' }])).toThrow(/prefix zz/);
    expect(() => registerIds([{ ...challenge, kind: 'other' as 'challenge', prefix: 'z:' }])).toThrow();
    expect(parseCustomId('hx1:zz:a:a').ok).toBe(false);
  });
});

// What a page may say on its socket (parseClientMessage) and what a refusal sent to it carries (forPage): anything
// but the exact shapes is refused, and no user id reaches a page.
import { describe, expect, it } from 'vitest';
import { parseClientMessage } from '../../src/match/view.js';
import { forPage } from '../../src/match/web-move.js';

describe("a page's messages", () => {
  it('takes the three shapes, exactly', () => {
    expect(parseClientMessage({ type: 'ping' })).toEqual({ type: 'ping' });
    expect(parseClientMessage({ type: 'hello' })).toEqual({ type: 'hello' });
    expect(parseClientMessage({ type: 'hello', token: 'a.b' })).toEqual({ type: 'hello', token: 'a.b' });
    expect(parseClientMessage({ type: 'move', id: 3, version: 7, move: 'L3 C4 NE' })).toEqual({
      type: 'move',
      id: 3,
      version: 7,
      move: 'L3 C4 NE',
    });
  });

  it('takes each field at its limit: a token of 1,024 characters, ids and versions from 0, a move of 64', () => {
    const token = 'x'.repeat(1024);
    expect(parseClientMessage({ type: 'hello', token })).toEqual({ type: 'hello', token });
    const edge = { type: 'move', id: 0, version: 0, move: 'm'.repeat(64) };
    expect(parseClientMessage(edge)).toEqual(edge);
  });

  it('refuses anything else', () => {
    const good = { type: 'move', id: 1, version: 2, move: 'P 0,0' };
    for (const bad of [
      null,
      'ping',
      [],
      { type: 'resign' },
      { type: 'ping', extra: 1 },
      { type: 'hello', token: 5 },
      { type: 'hello', token: 'x'.repeat(1025) },
      { ...good, type: 'mvoe' },
      { ...good, id: -1 },
      { ...good, version: -1 },
      { ...good, id: 1.5 },
      { ...good, version: '2' },
      { ...good, version: Number.MAX_SAFE_INTEGER + 1 },
      { ...good, move: '' },
      { ...good, move: 'x'.repeat(65) },
      { ...good, move: 'P 0,0\n' },
      { ...good, userId: '200000000000000001' },
      { type: 'move', id: 1, version: 2 },
    ])
      expect(parseClientMessage(bad)).toBeNull();
  });

  it("sends a refusal's players as names, never their ids or mentions", () => {
    const m = forPage({
      key: 'move.notYourTurn',
      params: {
        name: { player: { id: '200000000000000001', name: 'Bob' } },
        who: { user: '200000000000000002' },
        nested: { key: 'game.over', params: { p: { player: { id: '200000000000000003', name: 'Ann' } } } },
      } as never,
    });
    expect(JSON.stringify(m)).not.toMatch(/2000000000000000/);
    expect(m.params).toEqual({
      name: { name: 'Bob' },
      who: '',
      nested: { key: 'game.over', params: { p: { name: 'Ann' } } },
    });
  });
});

// The README's thread picture (scripts/thread-picture.ts): Discord markdown
// as the bot writes it is read into styled runs (mentions by name, times
// relative to the post, escapes undone), names keep only what the bundled
// fonts draw, and the posts chosen are a board, the refusal with its Why?
// button and the next board, whatever else the demo wrote around them.
import { describe, expect, it } from 'vitest';
import type { DemoPost, DemoThread } from '../../scripts/demo.js';
import { drawableName, parseLine, pickPosts } from '../../scripts/thread-picture.js';

const names = { '11': 'Alice', '12': 'B🎲b' };
const at = Date.parse('2026-12-01T10:00:00Z');

describe('parseLine', () => {
  it('reads bold, code, mentions, relative times and escapes', () => {
    const deadline = Math.floor(at / 1000) + 24 * 3600;
    expect(
      parseLine(`<@11> to move (Red). Play with **Move** below or \`/move\`. Deadline <t:${deadline}:R>.`, names, at),
    ).toEqual([
      { text: '@Alice', style: 'mention' },
      { text: ' to move (Red). Play with ', style: 'text' },
      { text: 'Move', style: 'bold' },
      { text: ' below or ', style: 'text' },
      { text: '/move', style: 'code' },
      { text: '. Deadline ', style: 'text' },
      { text: 'in 24 hours', style: 'text' },
      { text: '.', style: 'text' },
    ]);
    expect(parseLine('**<@12> (Black) wins** \\*not bold\\*', names, at)).toEqual([
      { text: '@Bb', style: 'mention' },
      { text: ' (Black) wins', style: 'bold' },
      { text: ' *not bold*', style: 'text' },
    ]);
    expect(parseLine('-# Game `k3j9` · <@99>', names, at)).toEqual([
      { text: 'Game ', style: 'small' },
      { text: 'k3j9', style: 'code' },
      { text: ' · ', style: 'small' },
      { text: '@unknown', style: 'mention' },
    ]);
  });
});

describe('drawableName', () => {
  it('leaves out emoji the fonts cannot draw, and falls back when nothing is left', () => {
    expect(drawableName('🔥 Alice 🎲', 'x')).toBe('Alice');
    expect(drawableName('Zoë 👩‍👩‍👧 ✔️', 'x')).toBe('Zoë');
    expect(drawableName('👍🏽', 'someone')).toBe('someone');
    expect(drawableName('a\u0007b', 'x')).toBe('a b');
  });
});

describe('pickPosts', () => {
  const post = (o: Partial<DemoPost>): DemoPost => ({
    section: 'exxit',
    who: 'Alice',
    action: '/move text:P A',
    ephemeral: false,
    content: '',
    components: [],
    ...o,
  });
  const thread = (posts: DemoPost[]): DemoThread => ({
    names,
    botId: '1',
    channel: 'games',
    threads: { exxit: 'Exxit · Alice vs Bob' },
    posts,
  });

  it('takes the board before the refusal, the refusal and the next board', () => {
    const posts = [
      post({ section: 'orion', image: 'orion-01.png' }),
      post({ image: 'exxit-01.png' }),
      post({ image: 'exxit-02.png' }),
      post({ who: 'Alice', ephemeral: true, content: 'It is not your turn' }),
      post({ who: 'Bob', ephemeral: true, content: 'EX-13d: …', components: [{ type: 2, label: 'Why?', style: 2 }] }),
      post({ who: 'Bob', action: 'clicks **Why?**', ephemeral: true, image: 'rules-exxit-why.png' }),
      post({ who: 'Bob', image: 'exxit-03.png' }),
    ];
    expect(pickPosts(thread(posts)).map((p) => p.image ?? p.content)).toEqual([
      'exxit-02.png',
      'EX-13d: …',
      'exxit-03.png',
    ]);
  });

  it('says what to do when the demo output has no refusal', () => {
    expect(() => pickPosts(thread([post({ image: 'exxit-01.png' })]))).toThrow(/npm run demo/);
  });
});

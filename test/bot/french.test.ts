// A French server, two French players: a whole game of each kind through the
// real bot — the challenge card, the thread, refusals, /board, a declined
// draw, the end — and not one English sentence reaches them. Every text they
// could read is collected (content, embeds, buttons, menus, attachment
// descriptions, thread names, autocomplete, each version of an edited
// message) and checked against common English words; command names, move
// notation and ids stay as typed (code spans are left out).
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/i18n/catalogue.js';
import { renderBoard, renderReplay } from '../../src/render/index.js';
import type { FakeChannel, FakeUser } from '../support/fake-discord/index.js';
import {
  checkAndCloseAfterEach,
  createHarness,
  findButton,
  isEphemeral,
  toMove,
  toOptions,
  waitFor,
  type Harness,
  type OptValue,
  frenchClub,
} from './harness.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const NNBSP = '\u202f';

/** Words that are English and not French: any of them in a text is a sentence left untranslated. */
const ENGLISH = new Set(
  (
    'the to is are and of your you not with by for this that from into more after before move moves wins win won lost game games ' +
    'draw offers offer turn rated casual rating ratings accept decline declined board time play played rules red black blue ' +
    'tiles tile pass legal largest victory resign abort rematch challenge challenges opponent first random layout ' +
    'preset stack dance free reserve deadline per hour hours thinking cell cells already covered cannot expected ' +
    'over ended unchanged agreed declines watch again left no yes it its who what when'
  ).split(' '),
);

/** Every text a reader can see in a message-like payload. */
function textsOf(m: any): string[] {
  if (!m) return [];
  const out: string[] = [];
  const add = (s: unknown) => {
    if (typeof s === 'string' && s) out.push(s);
  };
  add(m.content);
  for (const e of m.embeds ?? []) {
    add(e.title);
    add(e.description);
    add(e.footer?.text);
    add(e.author?.name);
    for (const f of e.fields ?? []) {
      add(f.name);
      add(f.value);
    }
  }
  for (const row of m.components ?? []) {
    for (const c of row.components ?? []) {
      add(c.label);
      add(c.placeholder);
      for (const o of c.options ?? []) {
        add(o.label);
        add(o.description);
      }
    }
  }
  for (const a of m.attachments ?? []) add(a.description);
  for (const v of m.history ?? []) out.push(...textsOf(v));
  for (const c of m.choices ?? []) add(c.name);
  return out;
}

/** The English words of a text, code spans, mentions, timestamps and links left out. */
function englishIn(text: string): string[] {
  const prose = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[@#]!?\d+>|<t:\d+:\w>/g, ' ')
    .replace(/\]\(https:\/\/[^)]+\)/g, ']');
  // Words of letters and digits: a game id ("cq8not444s") is one word, not an English "not" between two others.
  return (prose.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => ENGLISH.has(w));
}

interface French {
  channel: FakeChannel;
  amelie: FakeUser;
  bruno: FakeUser;
  /** Everything the bot sent as answers to the interactions of this test. */
  answers: any[];
  slash(user: FakeUser, channelId: string, command: string, opts?: Record<string, OptValue | undefined>): Promise<any>;
  click(user: FakeUser, messageId: string, customId: string): Promise<any>;
  /** Every text the two players could read so far, wherever the bot put it. */
  seen(): string[];
  /** The language each picture was drawn in, in order. */
  drawnIn: (Locale | undefined)[];
}

async function frenchServer(): Promise<French> {
  const drawnIn: (Locale | undefined)[] = [];
  // The real renderers, in-process, noting the language they are asked for.
  h = await createHarness({
    bot: {
      render: (game, state, opts) => (drawnIn.push(opts?.locale), renderBoard(game, state, opts)),
      renderReplay: (game, setup, moves, opts) => (drawnIn.push(opts?.locale), renderReplay(game, setup, moves, opts)),
    },
  });
  const { channel, amelie, bruno } = frenchClub(h.fake);
  const answers: any[] = [];
  const keep = (r: any) => {
    answers.push(r.callback.data, r.original, ...r.followups);
    return r;
  };
  return {
    channel,
    amelie,
    bruno,
    answers,
    drawnIn,
    slash: async (user, channelId, command, opts = {}) =>
      keep(await h!.fake.slash(user, channelId, command, toOptions(opts)).done()),
    click: async (user, messageId, customId) => keep(await h!.fake.click(user, messageId, customId).done()),
    seen() {
      const channels = [channel.id, ...h!.fake.threads(channel.id).map((t) => t.id)];
      const messages = channels.flatMap((c) => h!.fake.messages(c, { includeEphemeral: true }));
      const threadNames = h!.fake.threads(channel.id).map((t) => t.name ?? '');
      return [...threadNames, ...messages.flatMap(textsOf), ...answers.flatMap(textsOf)];
    },
  };
}

/** No English word anywhere the players looked, and French where it should be. */
function expectAllFrench(f: French): string[] {
  const texts = f.seen();
  expect(texts.length).toBeGreaterThan(20);
  const english = texts.map((t) => ({ t, words: englishIn(t) })).filter((x) => x.words.length > 0);
  expect(english).toEqual([]);
  return texts;
}

/** /challenge, Accept, the game's thread: all in French. */
async function startFrench(f: French, opts: Record<string, OptValue>) {
  const ch = await f.slash(f.amelie, f.channel.id, 'challenge', { opponent: f.bruno, first: 'me', ...opts });
  const card = ch.original;
  expect(card.embeds[0].title).toMatch(/^Défi · /);
  expect(card.embeds[0].description).toContain(`<@${f.amelie.id}> défie <@${f.bruno.id}>`);
  await f.click(f.bruno, card.id, findButton(card, 'Accepter'));
  const rec = await waitFor(async () =>
    (await h!.store.gameIndex.listByUser(f.amelie.id, 5)).find((g) => g.status === 'active'),
  );
  expect(rec.locale).toBe('fr');
  const start = await h!.fake.waitForMessage(rec.channelId, (m) => m.attachments.length > 0);
  expect(start.content).toContain(`À <@${f.amelie.id}> de jouer`);
  return rec;
}

const ORION_ENDING_1 =
  'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE'
    .split(';')
    .map((m) => m.trim());

describe('a French server', () => {
  it('the English detector finds English and lets French, notation and code through', () => {
    expect(englishIn('It is not your turn: Bob is to move.')).toEqual([
      'it',
      'is',
      'not',
      'your',
      'turn',
      'is',
      'to',
      'move',
    ]);
    expect(
      englishIn(`**<@123> (Bleu) gagne** (aux points${NNBSP}: deux passes de suite, EX-20b). Jouez avec \`/move\`.`),
    ).toEqual([]);
    expect(englishIn('Rouge : D B NW (danse) · voir `moves-abc.txt`')).toEqual([]);
    expect(
      textsOf({
        embeds: [{ title: 'T', fields: [{ name: 'N', value: 'V' }] }],
        components: [{ components: [{ label: 'L' }] }],
        attachments: [{ description: 'A' }],
      }),
    ).toEqual(['T', 'N', 'V', 'L', 'A']);
  });

  it('Orion Duel from the challenge to the end, with refusals, /board and a declined draw: all in French', async () => {
    const f = await frenchServer();
    const rec = await startFrench(f, { game: 'orion', layout: 'preset1', rated: true });
    const thread = rec.channelId;
    expect(h!.fake.channel(thread)?.name).toBe('Orion Duel · Amélie contre Bruno');

    // Refusals, privately: the turn, then a rule.
    const early = await f.slash(f.bruno, thread, 'move', { text: 'S1 K2' });
    expect(isEphemeral(early)).toBe(true);
    expect(early.callback.data.content).toBe(`Ce n’est pas votre tour${NNBSP}: c’est à Amélie de jouer.`);
    const rule = await f.slash(f.amelie, thread, 'move', { text: 'S1 F5' });
    expect(isEphemeral(rule)).toBe(true);
    expect(rule.callback.data.content).toBe(
      `OD-14${NNBSP}: un hexagone orange posé sur un jeton doit prolonger une chaîne orange existante (trou noir F5${NNBSP}: aucun hexagone orange de cette tuile ne touche une case orange)`,
    );
    // Autocomplete for the player who is not to move.
    const ac = await h!.fake
      .autocomplete(f.bruno, thread, 'move', [{ name: 'text', type: 3, value: 'S1 K', focused: true }])
      .done();
    f.answers.push(ac.callback.data);
    expect(ac.callback.data.choices[0].name).toMatch(/^pas votre tour · S1 K/);

    for (let i = 0; i < 6; i++)
      await f.slash(i % 2 === 0 ? f.amelie : f.bruno, thread, 'move', { text: ORION_ENDING_1[i] });

    const board = await f.slash(f.bruno, thread, 'board');
    expect(isEphemeral(board)).toBe(false);
    expect(board.original.content).toContain('Coup 6. Partie `');
    expect(board.original.attachments[0].description).toBe('Orion Duel · plateau après 6 coups');
    // The closer look, privately, in French (its words are checked with the rest below).
    const detail = await f.slash(f.bruno, thread, 'board', { detail: true });
    expect(isEphemeral(detail)).toBe(true);
    expect(detail.original.embeds[0].title).toBe('Orion Duel · Amélie contre Bruno · vue détaillée');

    const offer = await f.slash(f.amelie, thread, 'draw');
    expect(offer.original.content).toBe(
      `<@${f.bruno.id}>, <@${f.amelie.id}> propose la nulle. L’offre tombe au prochain coup.`,
    );
    const declined = await f.click(f.bruno, offer.original.id, findButton(offer.original, 'Refuser'));
    expect(h!.fake.message(offer.original.id)?.content).toBe(`Proposition de nulle refusée par <@${f.bruno.id}>.`);
    expect(declined.callback.type).toBe(7);

    let last: any;
    for (let i = 6; i < ORION_ENDING_1.length; i++) {
      last = await f.slash(i % 2 === 0 ? f.amelie : f.bruno, thread, 'move', { text: ORION_ENDING_1[i] });
      expect(isEphemeral(last), `${ORION_ENDING_1[i]}: ${last.callback.data?.content}`).toBe(false);
    }
    const final = last.original;
    expect(final.content).toContain('Bleu : T3 F4 SE'.replace(' :', `${NNBSP}:`));
    expect(final.content).toContain(
      `**<@${f.bruno.id}> (Bleu) gagne** (plus de conditions de victoire, Orange 0 à Bleu 1, OD-18).`,
    );
    expect(final.content).toContain(`Conditions de victoire (OD-17)${NNBSP}: Orange 0`);
    expect(final.content).toMatch(new RegExp(`<@${f.bruno.id}>${NNBSP}: 1500 → \\d+ \\(\\+\\d+\\)`));
    expect(final.content).toContain('revoyez-la avec `/replay game:');
    expect(findButton(final, 'Revanche')).toMatch(/^hx1:g:/);
    const after = await f.slash(f.amelie, thread, 'move', { text: 'S1 K2' });
    expect(after.callback.data.content).toMatch(/^(La partie de ce salon est terminée|Cette partie est terminée)/);
    // Every board was drawn with French words.
    expect(f.drawnIn).toHaveLength(1 + ORION_ENDING_1.length + 1); // the start, each move, /board
    expect(new Set(f.drawnIn)).toEqual(new Set(['fr']));

    expectAllFrench(f);
  });

  it('Exxit (19 tiles) to its end by EX-20b, forced passes announced, a refusal on the way: all in French', async () => {
    const f = await frenchServer();
    const rec = await startFrench(f, { game: 'exxit', tiles: 19 });
    const thread = rec.channelId;
    expect(h!.fake.messages(thread)[0].content).toContain(
      '**Exxit** · Amélie (Rouge) contre Bruno (Noir) · 19 tuiles (courte)',
    );
    let last: any;
    let passes = 0;
    for (const [k, mv] of EXXIT_SHORT.entries()) {
      if (mv === 'pass') continue; // the bot plays these
      const user = toMove(await h!.game(thread)) === 0 ? f.amelie : f.bruno;
      if (k === 2) {
        // A dance is compulsory here: placing is refused, with the rule.
        const refused = await f.slash(user, thread, 'move', { text: 'P 0,0' });
        expect(isEphemeral(refused)).toBe(true);
        expect(refused.callback.data.content).toBe(`EX-11a${NNBSP}: une danse est obligatoire (1 possible)`);
      }
      last = await f.slash(user, thread, 'move', { text: mv });
      expect(isEphemeral(last), `${mv}: ${last.callback.data?.content}`).toBe(false);
      passes += (last.original.content.match(/passe \(aucun coup légal, EX-10\)/g) ?? []).length;
    }
    expect(passes).toBe(6);
    expect((await h!.game(thread)).result?.reason).toBe('EX-20b');
    const final = last.original.content;
    expect(final).toMatch(
      new RegExp(
        `gagne\\*\\* \\(aux points, Rouge \\d+ à Noir \\d+${NNBSP}: deux passes de suite, aucun joueur ne pouvait jouer, EX-20b\\)`,
      ),
    );
    expect(final).toMatch(new RegExp(`Score \\(EX-21\\)${NNBSP}: Rouge \\d+ · Noir \\d+`));
    expect(final).toContain(`Partie amicale${NNBSP}: cotes inchangées.`);

    // The film: the reply in the reader's language, the picture in the game's.
    const film = await f.slash(f.bruno, f.channel.id, 'replay', { game: rec.id });
    expect(film.original.embeds[0].title).toBe('Film · Exxit · Amélie contre Bruno');
    expect(film.original.attachments[0].description).toMatch(
      /^Film Exxit\u202f: Amélie \(Rouge\) contre Bruno \(Noir\), 43 coups$/,
    );
    // Every picture of the game was drawn with French words.
    expect(f.drawnIn.length).toBeGreaterThan(30);
    expect(new Set(f.drawnIn)).toEqual(new Set(['fr']));

    expectAllFrench(f);
  });
});

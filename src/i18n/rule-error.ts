// The words of a rules engine's refusal: `EX-13d: the target stack is taller
// than yours (2 > 1)`. The engine gives the rule id, a code and parameters
// (src/engine/game.ts, RuleError); the text is `refusal.<code>` in the
// catalogue. Typed by shape: i18n does not import the engine.
import { format, type Locale } from './catalogue.js';

export interface RuleErrorLike {
  rule: string;
  code: string;
  params: Readonly<Record<string, string | number>>;
}

/** The refusal as text (the engine and render tools print it in English). */
export const ruleErrorText = (e: RuleErrorLike, locale: Locale = 'en'): string =>
  format(locale, 'refusal.rule', { rule: e.rule, text: format(locale, `refusal.${e.code}`, e.params) });

// A refusal as the engines give it (rule, code, parameters), for the engine
// tests: language-independent; the words are the catalogues' business.
import type { RuleError } from '../../src/engine/game.js';

export const refused = (rule: string, code: string, params: Record<string, string | number> = {}): RuleError => ({
  rule,
  code,
  params,
});

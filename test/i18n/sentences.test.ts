// No sentence a user could read is written in src/commands, src/bot or
// src/match: every string and template literal of two or more words there
// fails this test, unless it is text for operators — a log call's
// (`ctx.log.warn(…, 'could not …')`), a background task's label, an error
// thrown or built (`throw …`, `new …Error(…)`: bugs are logged and the user
// sees the generic message), a `detail` (operators' text by name, as on
// RuleError and the readiness check), or a metric's definition (`new
// Counter({ help })`: for Prometheus). Catalogue keys, custom ids and codes
// are single words.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DIRS = ['src/commands', 'src/bot', 'src/match'];
const LOG_LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);
/** Two words of letters in a row: a sentence, or the start of one. */
const SENTENCE = /\p{L}+\s+\p{L}+/u;

const filesIn = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesIn(p) : p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });

/** `log.warn(…)`, `ctx.log.error(…)`, `this.ctx.log.debug(…)`, `logger.info(…)`. */
function isLogCall(n: ts.CallExpression): boolean {
  const c = n.expression;
  if (!ts.isPropertyAccessExpression(c) || !LOG_LEVELS.has(c.name.text)) return false;
  const target = c.expression;
  const name = ts.isIdentifier(target) ? target.text : ts.isPropertyAccessExpression(target) ? target.name.text : '';
  return name === 'log' || name === 'logger';
}

/** Whether a literal is text for operators (see the header), from its position in the tree. */
function forOperators(n: ts.Node): boolean {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
    if (ts.isCallExpression(p) && isLogCall(p)) return true;
    // ctx.background(label, work): the label names the task in the logs.
    if (
      ts.isCallExpression(p) &&
      ts.isPropertyAccessExpression(p.expression) &&
      p.expression.name.text === 'background' &&
      p.arguments[0] === n
    )
      return true;
    if (ts.isThrowStatement(p)) return true;
    if (ts.isNewExpression(p) && /Error$/.test(p.expression.getText())) return true;
    if (ts.isNewExpression(p) && /^(Counter|Gauge|Histogram|Summary)$/.test(p.expression.getText())) return true;
    if (ts.isPropertyAssignment(p) && p.name.getText() === 'detail') return true;
    if (ts.isTypeNode(p) || ts.isImportDeclaration(p) || ts.isExportDeclaration(p)) return true;
    if (ts.isFunctionLike(p) || ts.isBlock(p)) return false;
  }
  return false;
}

/** The words of a literal; a template's substitutions count as no word. */
const textOf = (n: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string =>
  ts.isTemplateExpression(n) ? [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join('0') : n.text;

export function sentenceLiterals(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n)) {
        const text = textOf(n);
        if (SENTENCE.test(text) && !forOperators(n)) {
          found.push(
            `${relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${JSON.stringify(text.slice(0, 80))}`,
          );
        }
        if (!ts.isTemplateExpression(n)) return;
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return found;
}

describe('sentences outside the catalogues', () => {
  it('none in src/commands, src/bot and src/match', () => {
    const files = DIRS.flatMap((d) => filesIn(join(ROOT, d)));
    expect(files.length).toBeGreaterThan(40);
    expect(sentenceLiterals(files)).toEqual([]);
  });

  it('the scan finds a sentence in a reply, a template or a field, and lets log lines and errors through', () => {
    const probe = join(ROOT, 'test/i18n/fixtures/sentences-probe.ts');
    const found = sentenceLiterals([probe]).map((l) => l.replace(/^[^:]+:(\d+): /, '$1 '));
    expect(found).toEqual([
      '7 "Good game, well played!"',
      '8 "It is 0 to move"',
      '9 "no legal move"',
      '10 "Partie terminée"',
    ]);
  });
});

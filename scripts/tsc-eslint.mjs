#!/usr/bin/env node
// npm test's type-check and lint in one process (scripts/check.mjs): `tsc -p tsconfig.json`, `tsc -p web/tsconfig.json`
// and `eslint .` with the programs tsc has just checked. ESLint's type-checked rules otherwise build and type-check
// the same two programs again: apart, the three cost ~97 CPU-s; together ~66 (docs/testing.md, "How long npm test
// takes"). Each file is linted against the program of its nearest tsconfig, as `eslint .` (projectService) does.
// Prints tsc's diagnostics, then ESLint's (stylish); fails when either finds an error.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

/** The program of a tsconfig, as `tsc -p` builds it, with its diagnostics (noEmit: the pre-emit ones are all). */
function check(config) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    config,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: parsed.errors,
  });
  return { program, diagnostics: ts.getPreEmitDiagnostics(program) };
}

const main = check('tsconfig.json');
const web = check('web/tsconfig.json');
const diagnostics = [...main.diagnostics, ...web.diagnostics];
if (diagnostics.length > 0) {
  process.stdout.write(
    ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    }),
  );
}
console.log(`tsc: ${diagnostics.length === 0 ? 'ok' : `${diagnostics.length} error(s)`}`);

const typed = (programs) => ({ parserOptions: { projectService: false, programs } });
const eslint = new ESLint({
  cwd: root,
  // After eslint.config.js: the .ts files under web/ belong to web/tsconfig.json, the others to tsconfig.json (which
  // also reaches some of web/src through the tests' imports, with the wrong lib). The .js files stay untyped. The .d.mts
  // files of scripts/ are in tsconfig.json's program too: left to the project service, they cost it a server and a
  // program of its own (~3 CPU-s).
  overrideConfig: [
    { files: ['**/*.ts', '**/*.mts'], languageOptions: typed([main.program]) },
    { files: ['web/**/*.ts'], languageOptions: typed([web.program]) },
  ],
});
const results = await eslint.lintFiles(['.']);
const report = await (await eslint.loadFormatter('stylish')).format(results);
if (report.trim()) process.stdout.write(`${report.trimEnd()}\n`);
const errors = results.reduce((n, r) => n + r.errorCount, 0);
console.log(`eslint: ${errors === 0 ? 'ok' : `${errors} error(s)`}`);
process.exit(diagnostics.length > 0 || errors > 0 ? 1 : 0);

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shape every server module keeps (DESIGN.md §4): an exported function takes at most
 * `MAX_PARAMETERS` parameters, so a call names what it passes (one request object) instead of
 * lining up positional values of the same type; and a transaction is a `Db`, never forced into one.
 */
const MAX_PARAMETERS = 4;

const src = fileURLToPath(new URL('..', import.meta.url));
const server = path.join(src, 'server');

/** Files below `dir` whose names match `pattern`. */
function filesBelow(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .map((name) => path.join(dir, name))
    .sort();
}

const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** Every exported function of `file` (declarations, exported const arrows and function expressions, `export { name }`) with its parameter count. */
function exportedFunctions(fileName: string, text: string): { name: string; parameters: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const local = new Map<string, number>();
  const exported = new Map<string, number>();
  const reExported: string[] = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      // Overloads repeat a name: the widest signature is the one callers may use.
      const name = statement.name.text;
      const count = Math.max(statement.parameters.length, local.get(name) ?? 0);
      local.set(name, count);
      if (isExported(statement)) exported.set(name, count);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (!ts.isIdentifier(declaration.name) || !init || !(ts.isArrowFunction(init) || ts.isFunctionExpression(init))) continue;
        local.set(declaration.name.text, init.parameters.length);
        if (isExported(statement)) exported.set(declaration.name.text, init.parameters.length);
      }
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) reExported.push((element.propertyName ?? element.name).text);
    }
  }
  for (const name of reExported) if (local.has(name)) exported.set(name, local.get(name)!);
  return [...exported].map(([name, parameters]) => ({ name, parameters }));
}

describe('server module shape', () => {
  const files = filesBelow(server, /\.ts$/).filter((file) => !file.endsWith('.test.ts'));

  it('has modules to check', () => expect(files.length).toBeGreaterThan(50));

  it(`no exported server function takes more than ${MAX_PARAMETERS} parameters`, () => {
    const offenders = files.flatMap((file) =>
      exportedFunctions(file, readFileSync(file, 'utf8'))
        .filter((fn) => fn.parameters > MAX_PARAMETERS)
        .map((fn) => `${path.relative(server, file).split(path.sep).join('/')}#${fn.name}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the counter sees each form of export', () => {
    const text = [
      'export function a(p1, p2, p3, p4, p5) {}',
      'export const b = (p1, p2, p3, p4, p5) => p1;',
      'export const c = function (p1, p2, p3, p4, p5) {};',
      'function d(p1, p2, p3, p4, p5) {}',
      'export { d };',
      'function hidden(p1, p2, p3, p4, p5) {}',
      'export async function e({ p1, p2, p3, p4, p5 }) {}',
    ].join('\n');
    expect(exportedFunctions('sample.ts', text)).toEqual([
      { name: 'a', parameters: 5 },
      { name: 'b', parameters: 5 },
      { name: 'c', parameters: 5 },
      { name: 'e', parameters: 1 },
      { name: 'd', parameters: 5 },
    ]);
  });

  it('nothing in src/ forces a value into a Db with a double cast', () => {
    // Built from parts so that this file does not match itself.
    const doubleCast = new RegExp(`${['as', 'unknown', 'as', 'Db'].join('\\s+')}\\b`);
    const offenders = filesBelow(src, /\.(ts|tsx|astro)$/)
      .filter((file) => doubleCast.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });
});

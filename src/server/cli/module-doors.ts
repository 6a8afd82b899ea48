// `npm run docs:modules`: writes into docs/architecture.md, between its markers, what each
// server module offers through its front door (index.ts), read from the index files. A test
// (src/server/front-doors.test.ts) fails when the section is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const DOC = 'docs/architecture.md';
const MODULES = 'src/server/modules';
const START = '<!-- module-doors:start (written by npm run docs:modules) -->';
const END = '<!-- module-doors:end -->';

interface Door {
  name: string;
  tables: string[];
  offers: string[];
  types: string[];
  routes: string[];
  subscribers: string[];
  jobs: boolean;
}

function sourceOf(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a table file exports: its tables (values) and its row types. */
function exportsOfFile(file: string): { values: string[]; types: string[] } {
  const values: string[] = [];
  const types: string[] = [];
  for (const statement of sourceOf(file).statements) {
    if (!isExported(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) values.push(d.name.getText());
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      values.push(statement.name.text);
    } else if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) {
      types.push(statement.name.text);
    }
  }
  return { values, types };
}

/**
 * What one module's index.ts exports, sorted into tables, offers, types, routes, subscribers
 * and jobs.
 */
export function readDoor(name: string): Door {
  const dir = path.join(MODULES, name);
  const door: Door = {
    name,
    tables: [],
    offers: [],
    types: [],
    routes: [],
    subscribers: [],
    jobs: false,
  };
  for (const statement of sourceOf(path.join(dir, 'index.ts')).statements) {
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const from = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (!statement.exportClause) {
        const { values, types } = exportsOfFile(path.join(dir, `${from}.ts`));
        door.tables.push(...values.filter((value) => value.endsWith('Table')));
        door.offers.push(...values.filter((value) => !value.endsWith('Table')));
        door.types.push(...types);
      } else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) {
          const list = statement.isTypeOnly || element.isTypeOnly ? door.types : door.offers;
          list.push(element.name.text);
        }
      }
    } else if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const d of statement.declarationList.declarations) {
        const exported = d.name.getText();
        const listed =
          d.initializer && ts.isArrayLiteralExpression(d.initializer)
            ? d.initializer.elements.map((e) => e.getText())
            : undefined;
        if (exported === 'jobs') door.jobs = true;
        else if (exported === 'routes' && listed) door.routes = listed;
        else if (exported === 'subscribers' && listed) door.subscribers = listed;
        else door.offers.push(exported);
      }
    }
  }
  return door;
}

/** The module list's names, in its order (src/server/module-list.ts). */
export function moduleNames(): string[] {
  const list = readFileSync('src/server/module-list.ts', 'utf8');
  return [...list.matchAll(/from '\.\/modules\/([a-z-]+)'/g)].map((match) => match[1]!);
}

const code = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');

export function renderSection(): string {
  const lines = [
    START,
    '',
    'What each module offers the others, the app and the schema (its index.ts; decision 0024),',
    'in the order the app registers their routes:',
    '',
  ];
  for (const door of moduleNames().map(readDoor)) {
    const parts = [];
    if (door.routes.length) parts.push(`routes ${code(door.routes)}`);
    if (door.jobs) parts.push('jobs');
    if (door.subscribers.length) parts.push(`subscribers ${code(door.subscribers)}`);
    if (door.tables.length) parts.push(`tables ${code(door.tables)}`);
    if (door.offers.length) parts.push(`offers ${code(door.offers.sort())}`);
    if (door.types.length) parts.push(`types ${code(door.types.sort())}`);
    lines.push(`- **${door.name}**: ${parts.join('; ') || 'nothing yet'}`);
  }
  lines.push('', END);
  return lines.join('\n');
}

/** The document with its section rewritten. */
export function withSection(document: string, section: string): string {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no module-doors markers`);
  return document.slice(0, start) + section + document.slice(end + END.length);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const document = readFileSync(DOC, 'utf8');
  writeFileSync(DOC, withSection(document, renderSection()));
  console.log(`${DOC}: module doors written.`);
}

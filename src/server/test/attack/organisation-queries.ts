/**
 * The organisation tables a statement reads or changes without a condition on that table's
 * own organisation_id. A table is named in FROM, JOIN, UPDATE or DELETE FROM, with or without
 * an alias; a condition is `<name or alias>.organisation_id` compared (=, IN, = ANY), or the bare column for
 * a table named without an alias. Rows an
 * INSERT adds take their organisation from their parent (drizzle/0035): an INSERT's target is
 * not a read.
 */
export function unscopedTables(statement: string, tables: readonly string[]): string[] {
  const known = new Set(tables);
  const text = statement.replace(/\s+/g, ' ');
  // An alias is never a keyword: `FROM p JOIN units u` names p without one, then units as u.
  const named = new RegExp(
    `\\b(from|join|update)\\s+"?([a-z_]+)"?(?:\\s+(?:as\\s+)?(?!(?:${[...KEYWORDS].join('|')})\\b)"?([a-z_]+)"?)?`,
    'gi',
  );
  const unscoped = new Set<string>();
  for (const match of text.matchAll(named)) {
    const table = match[2]!.toLowerCase();
    if (!known.has(table)) continue;
    const alias = match[3]?.toLowerCase();
    const aliased = alias !== undefined;
    const names = [table, ...(aliased ? [alias] : [])];
    const condition = new RegExp(
      `(?:${names.map((name) => `"?${name}"?`).join('|')})\\."?organisation_id"?\\s*(?:=|in\\b)`,
      'i',
    );
    // A table named without an alias may be filtered by the bare column (in a subquery).
    const bare = !aliased && /(?<![.\w"])organisation_id\s*=/i.test(text);
    if (!condition.test(text) && !bare) unscoped.add(table);
  }
  return [...unscoped];
}

const KEYWORDS = new Set([
  'where',
  'on',
  'join',
  'left',
  'right',
  'full',
  'outer',
  'natural',
  'inner',
  'cross',
  'set',
  'group',
  'order',
  'limit',
  'for',
  'using',
  'union',
  'returning',
  'lateral',
  'offset',
  'having',
  'window',
]);

/** A statement without its parameters' numbering and list lengths: one shape per query. */
export function statementShape(statement: string): string {
  return statement
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '$')
    .replace(/\(\$(?:, \$)+\)/g, '($…)')
    .trim();
}

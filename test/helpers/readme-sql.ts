// The documented SQL: the ```sql blocks of docs/reference/sql.md, by engine (`-- DuckDB: <what>`, `-- ClickHouse: <what>`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';

/** The page of the SQL recipes, relative to the repository root. */
export const SQL_PAGE = 'docs/reference/sql.md';

export interface ReadmeQuery {
  name: string;
  sql: string;
}

/** The blocks whose first line is `-- ENGINE: <what>`; `<what>` is the name (`the views` is one of them). */
export function readmeQueries(engine: 'DuckDB' | 'ClickHouse' | 'Spark'): ReadmeQuery[] {
  const section = readFileSync(join(REPO_ROOT, SQL_PAGE), 'utf8');
  return [...section.matchAll(new RegExp(`\`\`\`sql\\n-- ${engine}: (.+)\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => ({
    name: m[1]!,
    sql: m[2]!.trim(),
  }));
}

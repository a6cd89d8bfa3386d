// The README's SQL: the ```sql blocks of its "SQL" section, by engine (`-- DuckDB: <what>`, `-- ClickHouse: <what>`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';

export interface ReadmeQuery {
  name: string;
  sql: string;
}

/** The blocks whose first line is `-- ENGINE: <what>`; `<what>` is the name (`the views` is one of them). */
export function readmeQueries(engine: 'DuckDB' | 'ClickHouse' | 'Spark'): ReadmeQuery[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## SQL\n');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(new RegExp(`\`\`\`sql\\n-- ${engine}: (.+)\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => ({
    name: m[1]!,
    sql: m[2]!.trim(),
  }));
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Writes repeat the tenant guard (issue 10): every UPDATE and DELETE of the 住户 services names the company in its
 * WHERE, not only the lookup before it. The face files are the device sync's and answer for themselves.
 */
const dir = import.meta.dirname;
const services = fs
  .readdirSync(dir)
  .filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !/^(face|faces|jpeg|resident-jobs|test-helpers)/.test(f),
  );

/** Each builder `.update(table).set(…)`/`.delete(table).where(…)` statement up to its `;`, and each raw `update … set`/`delete from`. */
function writesOf(source: string) {
  const found: string[] = [];
  for (const m of source.matchAll(/\.(update|delete)\(\w+\)\s*\.(set|where)\([\s\S]*?;/g)) found.push(m[0]);
  for (const m of source.matchAll(/sql`\s*(update\s+\S+\s+set|delete\s+from)[\s\S]*?`/gi)) found.push(m[0]);
  return found;
}

describe('住户 writes carry cmp_id', () => {
  it('finds the service files and their writes', () => {
    expect(services).toContain('resident-delete.service.ts');
    expect(writesOf(fs.readFileSync(path.join(dir, 'resident-delete.service.ts'), 'utf8')).length).toBeGreaterThan(3);
  });

  it.each(services)('%s: every UPDATE/DELETE names the company', (file) => {
    for (const w of writesOf(fs.readFileSync(path.join(dir, file), 'utf8')))
      expect(/cmpId|cmp_id/.test(w), `${file}: ${w.slice(0, 120)}`).toBe(true);
  });
});

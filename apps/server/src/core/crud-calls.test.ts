import { describe, expect, it } from 'vitest';
import { communityCalls } from '../modules/properties/communities.routes';
import type { SessionCall } from './calls';

/** crudCalls' declarations: reads say so, writes carry their button, all under the entity's role. */
describe('crudCalls', () => {
  const byPath = new Map(communityCalls.map((c) => [c.path, c as SessionCall<never>]));

  it('declares List, Get, Save, Delete and Export under the role', () => {
    expect([...byPath.keys()]).toEqual([
      '/Community/List',
      '/Community/Get',
      '/Community/Save',
      '/Community/Delete',
      '/Community/Export',
    ]);
    for (const c of byPath.values()) expect(c.role).toBe('fcgl_xqgl');
  });

  it('marks the reads and gives every write its button', () => {
    for (const read of ['/Community/List', '/Community/Get']) {
      expect(byPath.get(read)?.reads).toBe(true);
      expect(byPath.get(read)?.btn).toBeUndefined();
    }
    expect(byPath.get('/Community/Export')).toMatchObject({ btn: 'export' });
    expect(byPath.get('/Community/Export')?.reads).toBeUndefined();
    expect(byPath.get('/Community/Delete')).toMatchObject({ btn: 'del' });
    expect(byPath.get('/Community/Delete')?.reads).toBeUndefined();
    const save = byPath.get('/Community/Save')!;
    expect(save.reads).toBeUndefined();
    const btn = save.btn as (raw: Record<string, unknown>) => string;
    expect([btn({ Id: 0 }), btn({}), btn({ Id: '7' })]).toEqual(['add', 'add', 'edit']);
  });
});

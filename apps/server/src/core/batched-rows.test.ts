import { describe, expect, it } from 'vitest';
import { batchedRows } from './batched-rows';

describe('batchedRows', () => {
  it('pages by id so no more than one batch is fetched at a time', async () => {
    const all = Array.from({ length: 1234 }, (_, i) => ({ id: i + 1 }));
    const calls: { after: number; size: number }[] = [];
    const fetch = async (after: number, size: number) => {
      calls.push({ after, size });
      return all.filter((r) => r.id > after).slice(0, size);
    };
    const seen: number[] = [];
    for await (const r of batchedRows(fetch, 500)) seen.push(r.id);
    expect(seen).toEqual(all.map((r) => r.id));
    expect(calls).toEqual([
      { after: 0, size: 500 },
      { after: 500, size: 500 },
      { after: 1000, size: 500 },
    ]);
  });

  it('asks once more when the last batch is exactly full', async () => {
    let n = 0;
    const rows = [{ id: 1 }, { id: 2 }];
    const out = [];
    for await (const r of batchedRows(async (after) => (n++, rows.filter((x) => x.id > after)), 2)) out.push(r);
    expect(out).toHaveLength(2);
    expect(n).toBe(2);
  });
});

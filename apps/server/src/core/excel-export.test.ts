import { describe, expect, it } from 'vitest';
import { type FileAnswer, xlsxExport } from './excel';

const columns = [{ header: '名称', value: (r: { n: string }) => r.n }];

async function drain(answer: FileAnswer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of answer.body as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

describe('an export fails before it answers, or visibly', () => {
  it('a query that fails on its first rows rejects, so the call answers the envelope', async () => {
    const rows: AsyncIterable<{ n: string }> = {
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.reject(Object.assign(new Error('bad filter'), { code: '22021' })),
      }),
    };
    await expect(xlsxExport('x', columns, rows)).rejects.toThrow('bad filter');
  });

  it('a failure after the first rows breaks the stream instead of ending a short file', async () => {
    async function* rows() {
      yield { n: '一' };
      throw new Error('connection lost');
    }
    const answer = await xlsxExport('x', columns, rows());
    await expect(drain(answer)).rejects.toThrow('connection lost');
  });

  it('a whole export ends with the zip directory', async () => {
    const buf = await drain(await xlsxExport('x', columns, [{ n: '一' }, { n: '二' }]));
    expect(buf.subarray(-22).readUInt32LE(0)).toBe(0x06054b50);
    expect((await drain(await xlsxExport('空', columns, []))).subarray(-22).readUInt32LE(0)).toBe(0x06054b50);
  });
});

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

describe('an export holds little memory', () => {
  it('rows wait for a slow reader: neither the response nor the zip piles up, and no listener is left behind', async () => {
    const wide = [...columns, { header: '备注', value: (r: { n: string }) => r.n.repeat(40) }];
    let produced = 0;
    let read = 0;
    let readWhenProduced = -1;
    function* rows() {
      for (; produced < 20_000; produced++) yield { n: `第${produced}行` };
      readWhenProduced = read;
    }
    const answer = await xlsxExport('x', wide, rows());
    const body = answer.body as NodeJS.ReadableStream & {
      readableLength: number;
      listenerCount(e: string): number;
    };
    let maxAhead = 0;
    let maxListeners = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      read += chunk.length;
      maxAhead = Math.max(maxAhead, body.readableLength);
      maxListeners = Math.max(maxListeners, body.listenerCount('close'));
      // A reader slower than the writer: one chunk per turn of the event loop.
      await new Promise((r) => setImmediate(r));
    }
    expect(produced).toBe(20_000);
    // The last row was only made once most of the file had been read: the rows waited for the compression and
    // the reader instead of piling up as XML in memory.
    expect(readWhenProduced).toBeGreaterThan(read / 2);
    expect(read).toBeGreaterThan(100_000);
    expect(maxAhead).toBeLessThan(1024 * 1024);
    expect(maxListeners).toBeLessThan(5);
  });
});

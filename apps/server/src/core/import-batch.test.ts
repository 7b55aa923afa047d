import { describe, expect, it } from 'vitest';
import { BATCH_STATUS, batchStatusView, endProgress, reportProgress } from './import-batch';

const batch = (status: number, progress = 0) =>
  ({ id: 7, status, progress, total: 10, ok: 8, error: 2, summary: {} }) as unknown as Parameters<
    typeof batchStatusView
  >[0];

describe('import progress', () => {
  it('a running commit reports its steps, capped below 100 until it is done', () => {
    expect(batchStatusView(batch(BATCH_STATUS.RUNNING)).Progress).toBe(0);
    reportProgress(7, 42.4);
    expect(batchStatusView(batch(BATCH_STATUS.RUNNING))).toMatchObject({ Progress: 42, StatusName: '导入中' });
    reportProgress(7, 120);
    expect(batchStatusView(batch(BATCH_STATUS.RUNNING)).Progress).toBe(99);
    endProgress(7);
    expect(batchStatusView(batch(BATCH_STATUS.DONE, 100))).toMatchObject({ Progress: 100, StatusName: '完成' });
  });
});

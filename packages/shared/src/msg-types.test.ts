import { describe, expect, it } from 'vitest';
import { markReadOnlyMsgTypes, msgTarget, msgTargetUrl } from './msg-types';

describe('msgTarget', () => {
  it.each([
    [2, '/chargemanage/paycost'],
    [3, '/chargemanage/payrec'],
    [4, '/propertyServices/repair'],
    [14, '/propertyServices/repair'],
    [5, '/propertyServices/complaint'],
    [19, '/nightpatrol/tasklist'],
    [20, '/equipment/task/checklist'],
    [21, '/equipment/task/repairlist'],
    [28, '/contract/list'],
  ])('opens MsgType %i at %s', (type, path) => {
    expect(msgTarget(type, 5)).toEqual({ path });
  });

  it('opens a notice with its SourceId as the id query', () => {
    expect(msgTarget(6, 12)).toEqual({ path: '/propertyServices/notice', query: { id: '12' } });
    expect(msgTarget('6', '34')).toEqual({ path: '/propertyServices/notice', query: { id: '34' } });
    expect(msgTarget(6, null)).toEqual({ path: '/propertyServices/notice' });
  });

  it('opens resident approvals with type=2', () => {
    expect(msgTarget(8, 99)).toEqual({ path: '/household/list', query: { type: '2' } });
  });

  it('only marks read for 1, 7, 9-13, 15-17 and unknown types', () => {
    expect(markReadOnlyMsgTypes).toEqual([1, 7, 9, 10, 11, 12, 13, 15, 16, 17]);
    for (const type of [...markReadOnlyMsgTypes, 18, 99, 0]) expect(msgTarget(type, 1), String(type)).toBeNull();
    expect(msgTarget('abc', 1)).toBeNull();
  });

  it('builds the URL', () => {
    expect(msgTargetUrl(6, 12)).toBe('/propertyServices/notice?id=12');
    expect(msgTargetUrl(8, 1)).toBe('/household/list?type=2');
    expect(msgTargetUrl(2, 1)).toBe('/chargemanage/paycost');
    expect(msgTargetUrl(7, 1)).toBeNull();
  });
});

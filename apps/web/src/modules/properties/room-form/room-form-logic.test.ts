import { describe, expect, it } from 'vitest';
import { innerAreaError, toRoomBody } from './room-form-logic';

describe('room form', () => {
  it('refuses an inner area above the build area', () => {
    expect(innerAreaError('100', '90')).toBe('套内面积不能大于建筑面积');
    expect(innerAreaError('90', '90.00')).toBeUndefined();
    expect(innerAreaError('', '90')).toBeUndefined();
  });
  it('sends the picked unit', () => {
    expect(toRoomBody({ Location: { CommunityId: 1, UnitId: 3 }, RoomNo: '101' })).toEqual({
      RoomNo: '101',
      UnitId: 3,
    });
  });
});

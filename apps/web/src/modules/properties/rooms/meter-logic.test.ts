import { describe, expect, it } from 'vitest';
import type { MeterOption } from './api';
import { meterOptionLabel } from './meter-logic';

const meter = (RoomId: number, RoomName = ''): MeterOption => ({
  Id: 7,
  CommunityId: 1,
  RoomId,
  RoomName,
  MeterType: 2,
  MeterTypeName: '电表',
  MeterNo: 'DB-0001',
  Multiplier: '1.00',
  InitialReading: '100.00',
  LastReading: '100.00',
  LastReadTime: '',
  IsPrepaid: false,
  DeviceSn: '',
  Status: 1,
  StatusName: '正常',
});

describe('meterOptionLabel', () => {
  it('shows the reading of a free meter and the room of a bound one', () => {
    expect(meterOptionLabel(meter(0), 5)).toBe('电表 DB-0001（读数 100.00）');
    expect(meterOptionLabel(meter(9, '1栋-1单元-1202'), 5)).toBe('电表 DB-0001（已绑定 1栋-1单元-1202）');
    expect(meterOptionLabel(meter(5, '1栋-1单元-1201'), 5)).toBe('电表 DB-0001（已绑定本房间）');
  });
});

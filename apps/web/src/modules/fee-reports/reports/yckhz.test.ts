import { describe, expect, it } from 'vitest';
import { fromParams, type ReportColumn } from '../kit';
import type { Row } from '../labels';
import { accountFilters, yckhz } from './yckhz';
import { yckdkmx } from './yckdkmx';

describe('预存款汇总表 → 预存抵扣明细表', () => {
  const columns = yckhz.columns as readonly ReportColumn<Row>[];
  const deduct = columns.find((c) => c.dataIndex === 'DeductMoney')!;
  const extra = yckdkmx.extra ?? [];

  it('every row opens the deductions of its own account, room or place', () => {
    const account = { AccountId: 7, RoomId: 3, RoomName: '1-1-501', GroupName: '1-1-501 通用' };
    const room = { RoomId: 3, RoomName: '1-1-501', GroupName: '1-1-501' };
    const building = { BuildingId: 2, BuildingName: '1栋', GroupName: '阳光花园 1栋' };
    expect(accountFilters(account)).toMatchObject({ AccountId: 7, AccountIdText: '1-1-501 通用' });
    expect(accountFilters(room)).toMatchObject({ RoomId: 3, RoomIdText: '1-1-501' });
    expect(accountFilters(room)).not.toHaveProperty('AccountId');
    expect(accountFilters(building)).toEqual({ BuildingId: 2 });
    for (const row of [account, room, building] as Row[])
      expect(deduct.link!(row, {})).toMatchObject({ path: '/chargemanage/chargerec/yckdkmx' });
  });

  it('预存抵扣明细表 keeps the account or room the link set', () => {
    const v = fromParams(yckdkmx.filters, extra, { AccountId: 7, AccountIdText: '1-1-501 通用' });
    expect(v).toMatchObject({ AccountId: 7, AccountIdText: '1-1-501 通用' });
    expect(fromParams(yckdkmx.filters, extra, { RoomId: 3 })).toMatchObject({ RoomId: 3 });
  });
});

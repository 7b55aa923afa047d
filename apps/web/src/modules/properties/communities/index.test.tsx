import type { CommunityRow, UserInfo } from '@linli/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as RequestModule from '../../../app/request';
import { useUserStore } from '../../../app/stores/user-store';
import { renderWithProviders, stubAntdDom } from '../../../test/render';
import CommunityListPage from '.';

const row: CommunityRow = {
  Id: 1,
  Name: '阳光花园',
  Code: 'XQ0001',
  Province: '浙江省',
  City: '杭州市',
  District: '西湖区',
  Address: '文三路1号',
  BuildArea: '12000.00',
  ServicePhone: '0571-88880000',
  ManagerUserId: null,
  ManagerName: '',
  DeliveryDate: null,
  Photos: [],
  Status: 1,
  StatusName: '启用',
  BuildingCount: 3,
  RoomCount: 198,
  OccupancyRate: '83.7',
};
const { requestEnvelope } = vi.hoisted(() => ({ requestEnvelope: vi.fn() }));
vi.mock('../../../app/request', async (original) => ({
  ...(await original<typeof RequestModule>()),
  requestEnvelope,
}));

beforeAll(stubAntdDom);

describe('小区管理 (the kit v2 declaration)', () => {
  it('lists through /Community/List and shows only the actions the position holds', async () => {
    const info = { Access: ['fcgl', 'fcgl_xqgl'], Buttons: [{ CtlName: 'fcgl_xqgl', Btn: 'edit' }] } as UserInfo;
    useUserStore.getState().setInfo(info, []);
    requestEnvelope.mockResolvedValue({ ret: 0, msg: 'ok', data: [row], count: 1 });
    renderWithProviders(<CommunityListPage />, { path: '/housemanage/communitylist' });
    expect(await screen.findByText('阳光花园')).toBeInTheDocument();
    expect(requestEnvelope).toHaveBeenCalledWith('/Community/List', { PgIndex: 1, PgSize: 20 });
    expect(screen.getByText('浙江省杭州市西湖区')).toBeInTheDocument();
    expect(screen.getByText('83.7%')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '编辑' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: '楼宇' })).toBeInTheDocument();
    // Without add, del and export the position sees no 新增, 删除 or 导出.
    for (const name of ['删除', /新\s*增/, /导\s*出/]) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

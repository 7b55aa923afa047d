import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, sheetRows } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { communityId } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

describe('large export', () => {
  it('streams 10,050 generated rooms to an xlsx that reads back whole', async () => {
    const cm = await communityId(t, '翠湖天地');
    const units = [1, 2, 3].map((n) => ({ UnitNo: n, Name: `${n}单元` }));
    const b = await t.api<{ Id: number }>(
      '/Building/Save',
      { Id: 0, CommunityId: cm, Name: '大楼', FloorsAbove: 67, Units: units },
      admin,
    );
    const got = await t.api<{ Units: { Id: number }[] }>('/Building/Get', { Id: b.data.Id }, admin);
    const gen = await t.api<{ Create: number }>(
      '/Building/GenerateRooms',
      {
        BuildingId: b.data.Id,
        UnitIds: got.data.Units.map((u) => u.Id),
        FloorFrom: 1,
        FloorTo: 67,
        PerFloor: 50,
        Positions: Array.from({ length: 50 }, (_, i) => ({ Seq: i + 1, BuildArea: '88.88' })),
      },
      admin,
    );
    expect(gen.data.Create).toBe(10_050);
    const f = await download(t, '/Room/Export', { BuildingId: b.data.Id }, admin);
    const rows = await sheetRows(f.body);
    expect(rows).toHaveLength(10_051);
    expect(rows.slice(1).every((r) => r[6] === '88.88')).toBe(true);
  }, 120_000);
});

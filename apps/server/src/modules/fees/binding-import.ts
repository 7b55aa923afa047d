import { FeePayerType } from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fail } from '../../core/errors';
import { anyId } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { importCalls } from '../../core/import-calls';
import { type BindInput, bindPayers } from './bindings.service';

/**
 * 导入绑定 (收费项目 `import`): one room and standard a row, bound by FeeBinding/Bind's own write, so its rules hold
 * per row in the preview: one active standard per item and room ('1栋-2单元-1201已绑定同项目标准“住宅物业费”'),
 * the item's payer type, an enabled standard of the caller's communities.
 */
const HEADERS = ['小区名称', '收费标准', '房号', '开始日期'];
const NOTES: Record<string, string> = {
  小区名称: '必填，系统中已有的小区名称',
  收费标准: '必填，该小区的收费标准名称',
  房号: '必填，房间全称，如：1栋-2单元-1201',
  开始日期: '必填，如：2026-06-01',
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const bindingImportCalls = importCalls<BindInput & { RoomName: string }>({
  controller: 'FeeBinding',
  role: 'sfgl_sfxm',
  kind: 'fee_binding',
  title: '收费绑定导入',
  headers: HEADERS,
  required: new Set(HEADERS),
  notes: NOTES,
  async read(tx, auth: Auth, rows) {
    const scope = await communityIdsOf(tx, auth);
    const names = (h: string) => JSON.stringify([...new Set(rows.map((r) => r.values[h] ?? ''))]);
    const standards = await sqlRows<{ id: number; community: string; name: string }>(
      tx,
      sql`select s.id, c.name as community, s.standard_name as name from fee_standards s
        join communities c on c.id = s.community_id
        where s.cmp_id = ${auth.cmpId} and ${anyId(sql`s.community_id`, scope)}
          and s.standard_name in (select jsonb_array_elements_text(${names('收费标准')}::jsonb))`,
    );
    const rooms = await sqlRows<{ id: number; community: string; name: string }>(
      tx,
      sql`select r.id, c.name as community, r.full_name as name from rooms r join communities c on c.id = r.community_id
        where r.cmp_id = ${auth.cmpId} and ${anyId(sql`r.community_id`, scope)}
          and r.full_name in (select jsonb_array_elements_text(${names('房号')}::jsonb))`,
    );
    const std = new Map(standards.map((s) => [`${s.community}|${s.name}`, s.id]));
    const room = new Map(rooms.map((r) => [`${r.community}|${r.name}`, r.id]));
    const seen = new Map<string, number>();
    return rows.map((r) => {
      const v = r.values;
      const errors = HEADERS.filter((h) => !v[h]).map((h) => `${h}不能为空`);
      if (errors.length) return { errors };
      const standardId = std.get(`${v['小区名称']}|${v['收费标准']}`);
      const roomId = room.get(`${v['小区名称']}|${v['房号']}`);
      if (!standardId) errors.push(`收费标准“${v['收费标准']}”不存在`);
      if (!roomId) errors.push(`房间 ${v['房号']} 不存在`);
      const date = v['开始日期']!;
      if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) errors.push('开始日期格式不正确');
      const key = `${standardId}|${roomId}`;
      if (!errors.length && seen.has(key)) errors.push(`与第${seen.get(key)}行重复`);
      if (errors.length) return { errors };
      seen.set(key, r.row);
      return {
        body: {
          StandardId: standardId!,
          PayerType: FeePayerType.Room,
          PayerIds: [roomId!],
          BuildingIds: [],
          StartDate: date,
          RoomName: v['房号']!,
        },
      };
    });
  },
  async write(tx, auth, body, now) {
    const r = await bindPayers(tx, auth, body, now);
    if (r.Conflicts.length) throw fail(r.Conflicts[0]!.Reason);
    if (r.Skipped) throw fail(`${body.RoomName}已绑定该收费标准`);
    return r;
  },
});

import { GENDERS, ID_TYPES, RESIDENT_ROLES } from '@linli/shared';
import { and, asc, count, gt } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { batchedRows } from '../../core/batched-rows';
import { xlsxExport } from '../../core/excel';
import { communityIdsOf } from '../../core/scope';
import { residents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import {
  filterWhere,
  type ResidentFilter,
  type ResidentLink,
  type ResidentRow,
  selectResidents,
  today,
  visibleResident,
} from './residents-query';

type ExportRow = ResidentRow & { link: ResidentLink | undefined };
const exportColumns: { header: string; value(r: ExportRow): string }[] = [
  { header: '姓名', value: (r) => r.name },
  { header: '性别', value: (r) => (r.gender ? (GENDERS[r.gender] ?? '') : '') },
  { header: '手机号', value: (r) => r.mobile },
  { header: '证件类型', value: (r) => (r.idNo ? (ID_TYPES[r.idType] ?? '') : '') },
  { header: '证件号码', value: (r) => r.idNo },
  { header: '小区', value: (r) => r.link?.CommunityName ?? '' },
  { header: '楼宇', value: (r) => r.link?.RoomName.split('-')[0] ?? '' },
  { header: '单元', value: (r) => r.link?.RoomName.split('-')[1] ?? '' },
  { header: '房号', value: (r) => r.link?.RoomName.split('-').slice(2).join('-') ?? '' },
  { header: '身份', value: (r) => (r.link ? (RESIDENT_ROLES[r.link.Role] ?? '') : '') },
  { header: '与业主关系', value: (r) => (r.link?.Role === 2 ? r.link.Relation : '') },
  { header: '入住日期', value: (r) => r.link?.MoveInDate ?? '' },
  { header: '租约到期', value: (r) => r.link?.LeaseEnd ?? '' },
  { header: '紧急联系人', value: (r) => r.emergencyName },
  { header: '紧急联系电话', value: (r) => r.emergencyMobile },
  { header: '标签', value: (r) => r.tags.map((t) => t.Name).join(',') },
];

/**
 * Resident/Export (needs `export`): full numbers, in the import template's columns so the file re-imports, one row
 * per active link; every export writes an audit row (who, filters, row count).
 */
export async function residentExport(deps: AppDeps, auth: Auth, f: ResidentFilter, ip: string) {
  const { db } = deps.database;
  const scope = await communityIdsOf(db, auth);
  const where = and(await visibleResident(db, auth, null), filterWhere(db, f, today(deps, auth), scope));
  const [c] = await db.select({ n: count() }).from(residents).where(where);
  const { PgIndex: _i, PgSize: _s, ...filters } = f;
  await audit(db, {
    cmpId: auth.cmpId,
    userId: auth.userId,
    action: 'resident.export',
    entity: 'resident',
    detail: { Filters: filters, Rows: c?.n ?? 0 },
    ip,
  });
  const fetch = (after: number, size: number) =>
    selectResidents(db, scope)
      .where(and(where, gt(residents.id, after)))
      .orderBy(asc(residents.id))
      .limit(size);
  async function* rows() {
    for await (const r of batchedRows(fetch)) {
      const links = r.links.filter((l) => !l.MoveOutDate);
      for (const link of links.length ? links : [undefined]) yield { ...r, link };
    }
  }
  return xlsxExport('住户列表', exportColumns, rows());
}

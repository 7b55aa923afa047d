import { FeePayerType } from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fail } from '../../core/errors';
import { anyId } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { importCalls } from '../../core/import-calls';
import type { Tx } from '../../db/client';
import { type BindInput, bindPayers } from './bindings.service';

/**
 * 导入绑定 (收费项目 `import`): one payer (房屋, 车位 or 车辆, fees.md FeeBinding) and standard a row, bound by
 * FeeBinding/Bind's own write, so its rules hold per row in the preview: one active standard per item and payer
 * ('1栋-2单元-1201已绑定同项目标准“住宅物业费”'), the item's payer type, an enabled standard of the caller's
 * communities. Files of the older template (房号, no type column) still read as rooms.
 */
const HEADERS = ['小区名称', '收费标准', '缴费对象类型', '缴费对象', '开始日期'];
const REQUIRED = ['小区名称', '收费标准', '缴费对象', '开始日期'];
const NOTES: Record<string, string> = {
  小区名称: '必填，系统中已有的小区名称',
  收费标准: '必填，该小区的收费标准名称',
  缴费对象类型: '房屋/车位/车辆，默认房屋',
  缴费对象: '必填。房屋填全称，如：1栋-2单元-1201；车位填车场名称-车位编号，如：地下车场-B001；车辆填车牌号',
  开始日期: '必填，如：2026-06-01',
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TYPES: Record<string, number> = { 房屋: FeePayerType.Room, 车位: FeePayerType.Space, 车辆: FeePayerType.Vehicle };
/** How a row names its payer, per type: the noun of the messages. */
const NOUN: Record<number, string> = {
  [FeePayerType.Room]: '房间',
  [FeePayerType.Space]: '车位',
  [FeePayerType.Vehicle]: '车牌',
};

interface Payer {
  id: number;
  community: string;
  /** Every name the payer is found by: a room's full name; a space's 车场-编号 and 编号; a vehicle's plate. */
  names: string[];
}

/** The payers of one type named in the file, in the caller's communities. */
async function payersOf(tx: Tx, auth: Auth, scope: number[], type: number, names: string[]): Promise<Payer[]> {
  if (!names.length) return [];
  const list = JSON.stringify([...new Set(names)]);
  const named = sql`(select jsonb_array_elements_text(${list}::jsonb))`;
  if (type === FeePayerType.Room)
    return sqlRows<Payer>(
      tx,
      sql`select r.id, c.name as community, jsonb_build_array(r.full_name) as names
        from rooms r join communities c on c.id = r.community_id
        where r.cmp_id = ${auth.cmpId} and ${anyId(sql`r.community_id`, scope)} and r.full_name in ${named}`,
    );
  if (type === FeePayerType.Space)
    return sqlRows<Payer>(
      tx,
      sql`select sp.id, c.name as community, jsonb_build_array(l.name || '-' || sp.space_no, sp.space_no) as names
        from parking_spaces sp join parking_lots l on l.id = sp.lot_id join communities c on c.id = sp.community_id
        where sp.cmp_id = ${auth.cmpId} and ${anyId(sql`sp.community_id`, scope)}
          and (l.name || '-' || sp.space_no in ${named} or sp.space_no in ${named})`,
    );
  return sqlRows<Payer>(
    tx,
    sql`select v.id, c.name as community, jsonb_build_array(v.plate) as names
      from vehicles v join communities c on c.id = v.community_id
      where v.cmp_id = ${auth.cmpId} and not v.is_deleted and ${anyId(sql`v.community_id`, scope)}
        and upper(v.plate) in (select upper(x) from ${named} as n(x))`,
  );
}

export const bindingImportCalls = importCalls<BindInput & { PayerName: string }>({
  controller: 'FeeBinding',
  role: 'sfgl_sfxm',
  kind: 'fee_binding',
  title: '收费绑定导入',
  headers: HEADERS,
  required: new Set(REQUIRED),
  notes: NOTES,
  columns: { optional: new Set(['缴费对象类型']), aliases: { 缴费对象: ['房号'] } },
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
    const typeOf = (v: Record<string, string>) => (v['缴费对象类型'] ? TYPES[v['缴费对象类型']] : FeePayerType.Room);
    const payers = new Map<number, Payer[]>();
    for (const type of Object.values(TYPES)) {
      const wanted = rows.filter((r) => typeOf(r.values) === type).map((r) => r.values['缴费对象'] ?? '');
      payers.set(type, await payersOf(tx, auth, scope, type, wanted.filter(Boolean)));
    }
    const std = new Map(standards.map((s) => [`${s.community}|${s.name}`, s.id]));
    const seen = new Map<string, number>();
    return rows.map((r) => {
      const v = r.values;
      const errors = REQUIRED.filter((h) => !v[h]).map((h) => `${h}不能为空`);
      const type = typeOf(v);
      if (!type) errors.push('缴费对象类型应为房屋、车位或车辆');
      if (errors.length) return { errors };
      const community = v['小区名称']!;
      const name = v['缴费对象']!;
      const standardId = std.get(`${community}|${v['收费标准']}`);
      if (!standardId) errors.push(`收费标准“${v['收费标准']}”不存在`);
      const matches = payers.get(type!)!.filter((p) => p.names.some((n) => n.toUpperCase() === name.toUpperCase()));
      const here = matches.filter((p) => p.community === community);
      const noun = NOUN[type!]!;
      if (!matches.length) errors.push(`${noun} ${name} 不存在`);
      else if (!here.length) errors.push(`${noun} ${name} 不属于${community}`);
      else if (here.length > 1)
        errors.push(
          type === FeePayerType.Space
            ? `车位编号 ${name} 在多个车场中存在，请填写“车场名称-车位编号”`
            : `车牌 ${name} 在该小区有多条车辆记录，请在绑定页选择`,
        );
      const date = v['开始日期']!;
      if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) errors.push('开始日期格式不正确');
      const payerId = here[0]?.id;
      const key = `${standardId}|${type}|${payerId}`;
      if (!errors.length && seen.has(key)) errors.push(`与第${seen.get(key)}行重复`);
      if (errors.length) return { errors };
      seen.set(key, r.row);
      return {
        body: {
          StandardId: standardId!,
          PayerType: type!,
          PayerIds: [payerId!],
          BuildingIds: [],
          StartDate: date,
          PayerName: name,
        },
      };
    });
  },
  async write(tx, auth, body, now) {
    const r = await bindPayers(tx, auth, body, now);
    if (r.Conflicts.length) throw fail(r.Conflicts[0]!.Reason);
    if (r.Skipped) throw fail(`${body.PayerName}已绑定该收费标准`);
    return r;
  },
});

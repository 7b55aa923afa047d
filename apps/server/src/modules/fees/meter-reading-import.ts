import { FeeMeterReadingSource, METER_TYPES, MeterReadingBatchBody } from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { anyId } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { importCalls, issuesOf } from '../../core/import-calls';
import { batchSave } from './meter-readings.service';

/**
 * 抄表 导入 (sfgl_cb `import`): one reading a row, checked in the preview by the very save of 抄表录入 (BatchSave's
 * rules: the meter's previous reading, 本期读数不能小于上期读数, 换表 needs both readings, 该表本期已抄表). Usage
 * above 3× the average is saved marked 异常 (the preview is the confirmation). Rows with errors are not written.
 */
const HEADERS = [
  '小区名称',
  '表类型',
  '表号',
  '账期',
  '本期读数',
  '抄表日期',
  '换表',
  '旧表止码',
  '新表起码',
  '翻表',
  '备注',
];
const REQUIRED = new Set(['小区名称', '表类型', '表号', '账期', '本期读数']);
const NOTES: Record<string, string> = {
  表类型: '必填：水表/电表/燃气表',
  表号: '必填，系统中已有的表号',
  账期: '必填，如：2026-05',
  本期读数: '必填，不小于上期读数（换表、翻表除外），最多两位小数',
  抄表日期: '如：2026-05-28，默认今天',
  换表: '是/否；换表时填写旧表止码和新表起码，本期读数为新表读数',
  翻表: '是/否；读数超过表盘最大值后从0重新计数',
};
const yes = (v: string | undefined) => v === '是' || v === 'Y' || v === 'y' || v === '1';

export const meterReadingImportCalls = importCalls<MeterReadingBatchBody>({
  controller: 'MeterReading',
  role: 'sfgl_cb',
  kind: 'meter_reading',
  title: '抄表导入',
  headers: HEADERS,
  required: REQUIRED,
  notes: NOTES,
  async read(tx, auth: Auth, rows) {
    const scope = await communityIdsOf(tx, auth);
    const meters = await sqlRows<{
      id: number;
      community_id: number;
      community: string;
      meter_type: number;
      meter_no: string;
    }>(
      tx,
      sql`select m.id, m.community_id, c.name as community, m.meter_type, m.meter_no from meters m
        join communities c on c.id = m.community_id
        where m.cmp_id = ${auth.cmpId} and ${anyId(sql`m.community_id`, scope)}
          and m.meter_no in (select jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.values['表号'] ?? ''))}::jsonb))`,
    );
    const byKey = new Map(meters.map((m) => [`${m.meter_type}|${m.meter_no}`, m]));
    const seen = new Map<string, number>();
    return rows.map((r) => {
      const v = r.values;
      const errors = [...REQUIRED].filter((h) => !v[h]).map((h) => `${h}不能为空`);
      if (errors.length) return { errors };
      const type = METER_TYPES.findIndex((t, i) => i > 0 && (t === v['表类型'] || t === `${v['表类型']}表`));
      if (type < 1) return { errors: ['表类型需为水表、电表或燃气表'] };
      const m = byKey.get(`${type}|${v['表号']}`);
      if (!m || m.community !== v['小区名称']) return { errors: [`表号${v['表号']}不存在`] };
      const first = seen.get(`${m.id}`);
      if (first) return { errors: [`表号${v['表号']}与第${first}行重复`] };
      seen.set(`${m.id}`, r.row);
      const parsed = MeterReadingBatchBody.safeParse({
        CommunityId: m.community_id,
        MeterType: type,
        Period: v['账期'],
        ConfirmAbnormal: true,
        Rows: [
          {
            MeterId: m.id,
            CurrReading: v['本期读数'],
            ReadDate: v['抄表日期'] || undefined,
            IsReplace: yes(v['换表']),
            OldEndReading: v['旧表止码'] || undefined,
            NewStartReading: v['新表起码'] || undefined,
            IsRollover: yes(v['翻表']),
            Remark: v['备注'] || undefined,
          },
        ],
      });
      return parsed.success ? { body: parsed.data } : { errors: issuesOf(parsed.error) };
    });
  },
  write: (tx, auth, body, now) => batchSave(tx, auth, body, now, FeeMeterReadingSource.Import),
});

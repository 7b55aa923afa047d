import { FEE_CATEGORY, FeeBillSource, FeeKind, feeName, decAdd, decText } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { todayIn } from '../../core/dates';
import { cmpIs, type JobDef } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import type { AppDeps } from '../../deps';
import { notify } from '../messages/notify';
import { runChunks, startRun } from './bill-runs.service';
import { loadStandard } from './generator';
import { periodsBilledOn } from './periods';

const TZ = 'Asia/Shanghai';

/**
 * 01:00 自动出账 (domain/fees.md "Jobs"): every AutoGenerate standard whose BillDay is today bills the periods
 * whose BillDate is today, through the same run and generator as 批量出账 (Source 自动出账), so a rerun of the
 * day creates nothing. The holders of 收费项目 get a MsgType 2 summary per company and item.
 */
export async function autoGenerate(deps: AppDeps, now: Date, cmpId?: number) {
  const today = todayIn(now, TZ);
  const { db } = deps.database;
  const due = await sqlRows<{ id: number; cmp_id: number; community_id: number; category: number; item_name: string }>(
    db,
    sql`select s.id, s.cmp_id, s.community_id, i.category, i.item_name from fee_standards s
      join fee_items i on i.id = s.item_id
      where s.auto_generate and ${cmpIs(cmpId, sql`s.cmp_id`)} and s.is_enabled and i.is_enabled and i.kind = ${FeeKind.Periodic}
        and s.bill_day = ${Number(today.slice(8, 10))}
      order by s.cmp_id, s.id`,
  );
  const totals = new Map<string, { cmpId: number; item: string; count: number; money: string; period: string }>();
  for (const d of due) {
    const s = await loadStandard(db, d.cmp_id, d.id);
    if (!s) continue;
    const [p] = periodsBilledOn(today, s);
    if (!p) continue;
    const { payload } = await db.transaction((tx) =>
      startRun(tx, {
        cmpId: s.cmpId,
        userId: null,
        communityId: s.communityId,
        standards: [s],
        from: p.period,
        to: p.period,
        source: FeeBillSource.Auto,
        now,
      }),
    );
    const r = await runChunks(deps, payload);
    const key = `${s.cmpId}:${s.itemId}:${p.period}`;
    const t = totals.get(key) ?? {
      cmpId: s.cmpId,
      item: d.item_name || feeName(FEE_CATEGORY, d.category),
      count: 0,
      money: '0.00',
      period: p.period,
    };
    t.count += r?.Created ?? 0;
    t.money = decText(decAdd(t.money, r?.AmountMoney ?? '0'), 2);
    totals.set(key, t);
  }
  for (const t of totals.values()) {
    if (!t.count) continue;
    const [whole, cents] = t.money.split('.');
    const money = `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
    await db.transaction((tx) =>
      notify(tx, {
        cmpId: t.cmpId,
        roleKey: 'sfgl_sfxm',
        msgType: 2,
        title: `${Number(t.period.slice(5, 7))}月${t.item}已出账：${t.count}笔 ¥${money}`,
      }),
    );
  }
  return { Standards: due.length, Messages: [...totals.values()].filter((t) => t.count).length };
}

export const feeAutoGenerateJob: JobDef = {
  name: 'fee.auto-generate',
  schedule: { dailyAt: '01:00' },
  run: (deps, { now, cmpId }) => autoGenerate(deps, now, cmpId),
};

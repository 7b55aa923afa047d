import { sql } from 'drizzle-orm';
import { type Auth, hasRole } from '../../core/auth';
import { sqlRows } from '../../core/sql-rows';
import type { AppDeps } from '../../deps';
import type { DeskCard } from '../properties/desk-cards';
import { accountOf } from './sms-quota';

/** 工作台 figures of 短信: the balance (with today's sends and failures) to whoever sends or tops up. */
export async function smsCards(deps: AppDeps, auth: Auth): Promise<DeskCard[]> {
  const sender = hasRole(auth, 'dxgl_dxqf');
  if (!sender && !hasRole(auth, 'dxgl_dxcz')) return [];
  const { db } = deps.database;
  const [account, [today]] = await Promise.all([
    accountOf(db, auth.cmpId),
    sqlRows<{ sent: number; failed: number }>(
      db,
      sql`select coalesce(sum(segments), 0)::int as sent, count(*) filter (where state = 3)::int as failed
        from sms_records where cmp_id = ${auth.cmpId}
          and (created_at at time zone ${auth.timeZone})::date = (${deps.now()}::timestamptz at time zone ${auth.timeZone})::date`,
    ),
  ]);
  return [
    {
      Key: 'sms',
      Title: '短信余额（条）',
      Value: String(account.balance),
      Sub: `今日发送 ${today?.sent ?? 0} 条 · 失败 ${today?.failed ?? 0}`,
      Path: sender ? '/sms/sendgroupmsg' : '/sms/chargereclist',
    },
  ];
}

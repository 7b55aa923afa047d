import { sqlRows } from '../../core/sql-rows';
import {
  customVariables,
  renderTemplate,
  SMS_CONTENT_MAX,
  SMS_RECIPIENT_VARIABLES,
  type SmsPreview,
  type SmsPreviewBody,
  templateVariables,
} from '@linli/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fail, fieldError, notFound } from '../../core/errors';
import type { Tx } from '../../db/client';
import { smsSigns, smsTemplates } from '../../db/schema';
import { accountOf } from './sms-quota';
import { recipientsSql, scopeTarget, splitManual, type StoredTarget } from './sms-target';
import { costMoney } from './sms-money';

const APPROVED = 2;

/** The approved template and signature of the company, or the refusal the domain file words. */
export async function approvedPair(db: Tx, cmpId: number, templateId: number, signId: number) {
  const [tpl] = await db
    .select({ id: smsTemplates.id, content: smsTemplates.content, state: smsTemplates.state, name: smsTemplates.name })
    .from(smsTemplates)
    .where(and(eq(smsTemplates.id, templateId), eq(smsTemplates.cmpId, cmpId)));
  if (!tpl) throw notFound('模板不存在');
  if (tpl.state !== APPROVED) throw fieldError('TemplateId', '模板未通过审核，不能发送');
  const [sign] = await db
    .select({ id: smsSigns.id, name: smsSigns.name, state: smsSigns.state })
    .from(smsSigns)
    .where(and(eq(smsSigns.id, signId), eq(smsSigns.cmpId, cmpId)));
  if (!sign) throw notFound('签名不存在');
  if (sign.state !== APPROVED) throw fieldError('SignId', '签名未通过审核，不能发送');
  return { tpl, sign };
}

/**
 * The template with the sender's custom variables filled: each must be given ('请填写变量{名}'), and a value for a
 * variable the template does not use is refused (a stale form). `filled` are those the recipients fill.
 */
export function fillCustom(content: string, vars: Record<string, string>, filled: readonly string[]): string {
  const custom = customVariables(content, filled);
  const used = new Set(templateVariables(content));
  for (const name of Object.keys(vars)) {
    if (!used.has(name)) throw fieldError('Vars', `模板中没有变量{${name}}`);
  }
  const values: Record<string, string> = {};
  for (const name of custom) {
    const v = (vars[name] ?? '').trim();
    if (!v) throw fieldError('Vars', `请填写变量{${name}}`);
    values[name] = v;
  }
  return renderTemplate(content, values);
}

/** The variables a target's recipients fill themselves: 姓名, 房号, 小区, and 金额 for 欠费住户. */
export const filledBy = (kind: number): readonly string[] =>
  kind === 5 ? [...SMS_RECIPIENT_VARIABLES, '金额'] : SMS_RECIPIENT_VARIABLES;

/** Each recipient's message: (phone, resident_id, name, content, segments) with the carrier's 70/67 rule in SQL. */
export function messagesSql(recipients: SQL, base: string, sign: string, filled: readonly string[]): SQL {
  const column: Record<string, string> = { 姓名: 'name', 房号: 'room', 小区: 'community', 金额: 'amount' };
  let content: SQL = sql`${base}::text`;
  for (const v of filled) content = sql`replace(${content}, ${`{${v}}`}, coalesce(t.${sql.raw(column[v]!)}, ''))`;
  const signed = sql`(${`【${sign}】`} || ${content})`;
  return sql`(select t.phone, t.resident_id, left(t.name, 30) as name, ${signed} as content,
      case when char_length(${signed}) <= 70 then 1 else ceil(char_length(${signed}) / 67.0)::int end as segments
    from ${recipients} t)`;
}

export interface Composed {
  target: StoredTarget;
  base: string;
  sign: { id: number; name: string };
  tpl: { id: number; name: string };
  invalid: string[];
  messages: SQL;
}

/** Everything Preview and Send share: scope, approval, variables, and the recipients' messages as SQL. */
export async function compose(db: Tx, auth: Auth, b: SmsPreviewBody): Promise<Composed> {
  const target = await scopeTarget(db, auth, b.Target!);
  const { tpl, sign } = await approvedPair(db, auth.cmpId, b.TemplateId, b.SignId);
  const filled = filledBy(target.Kind);
  const base = fillCustom(tpl.content, b.Vars, filled);
  const invalid = target.Kind === 4 ? splitManual(target.Phones).invalid : [];
  const messages = messagesSql(await recipientsSql(db, auth.cmpId, target), base, sign.name, filled);
  return { target, base, sign, tpl, invalid, messages };
}

export interface Tally {
  total: number;
  totalSegments: number;
  chars: number;
  perMessage: number;
  samples: string[];
}

/** Count, Σ条数, the longest message's length and 条数, and three samples, in one statement. */
export async function tally(db: Tx, messages: SQL): Promise<Tally> {
  const [r] = await sqlRows<{ total: number; segs: number; chars: number; per: number; samples: string[] }>(
    db,
    sql`with m as ${messages},
      longest as (select char_length(content) as chars, segments from m order by char_length(content) desc, phone limit 1)
      select (select count(*)::int from m) as total, (select coalesce(sum(segments), 0)::int from m) as segs,
        coalesce((select chars from longest), 0)::int as chars, coalesce((select segments from longest), 0)::int as per,
        coalesce((select json_agg(content) from (select content from m order by phone limit 3) s), '[]'::json) as samples`,
  );
  return { total: r!.total, totalSegments: r!.segs, chars: r!.chars, perMessage: r!.per, samples: r!.samples };
}

/** The longest message may not pass the template's limit once its variables are filled. */
export function assertLength(t: { chars: number }, sign: string) {
  if (t.chars - 2 - [...sign].length > SMS_CONTENT_MAX) throw fail(`短信内容不能超过${SMS_CONTENT_MAX}个字符`);
}

export async function preview(db: Tx, auth: Auth, b: SmsPreviewBody): Promise<SmsPreview> {
  const c = await compose(db, auth, b);
  const t = await tally(db, c.messages);
  assertLength(t, c.sign.name);
  const account = await accountOf(db, auth.cmpId);
  return {
    Total: t.total,
    Invalid: c.invalid,
    Samples: t.samples,
    Chars: t.chars,
    SegmentsPerMessage: t.perMessage,
    TotalSegments: t.totalSegments,
    UnitPrice: account.unitPrice,
    CostMoney: costMoney(t.totalSegments, account.unitPrice),
    Balance: account.balance,
    BalanceAfter: account.balance - t.totalSegments,
    Short: t.totalSegments > account.balance,
  };
}

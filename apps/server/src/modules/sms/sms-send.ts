import {
  isMobile,
  MSG_SMS_SHORT,
  normalisePhone,
  renderTemplate,
  SMS_CONTENT_MAX,
  signedText,
  smsChars,
  smsSegments,
  templateVariables,
} from '@linli/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { fail, fieldError, notFound } from '../../core/errors';
import { idList } from '../../core/filters';
import { enqueue } from '../../core/job-queue';
import type { Tx } from '../../db/client';
import { smsRecords, smsSigns } from '../../db/schema';
import { approvedPair } from './sms-compose';
import { DELIVER_JOB } from './sms-deliver';
import { LOG_KIND, lockAccount, moveBalance } from './sms-quota';

/** What a module asks to send (domain file "Internal: sms.send"). */
export interface SmsSendInput {
  CmpId: number;
  /** 1群发 2快递通知 3合同催收 4欠费催缴 5测试 6月卡到期 (SMS_SOURCE). */
  Source: number;
  /** The calling module's row (RoomId for 欠费催缴, the parcel's id …). */
  SourceId?: number | null;
  Phone: string;
  TemplateId: number;
  /** Every {variable} of the template by name: { 姓名: '张三', 金额: '120.00' }. */
  Vars: Record<string, string>;
  /** Default: the company's first approved signature. */
  SignId?: number;
  Name?: string;
  ResidentId?: number | null;
  CreatedBy?: number | null;
  now?: Date;
}

export interface SmsSendResult {
  Id: number;
  Segments: number;
  Content: string;
}

/** The company's signature to use: the one asked for (approved), or the first approved one. */
async function signOf(tx: Tx, cmpId: number, signId?: number): Promise<number> {
  if (signId) return signId;
  const [s] = await tx
    .select({ id: smsSigns.id })
    .from(smsSigns)
    .where(and(eq(smsSigns.cmpId, cmpId), eq(smsSigns.state, 2)))
    .orderBy(asc(smsSigns.id))
    .limit(1);
  if (!s) throw fail('请先添加已通过审核的短信签名');
  return s.id;
}

export interface QueuedMessage {
  cmpId: number;
  source: number;
  sourceId?: number | null;
  phone: string;
  content: string;
  segments: number;
  name?: string;
  residentId?: number | null;
  createdBy?: number | null;
  resendOf?: number;
}

/**
 * Writes one charged record, its deduction (log Kind 2) and its hand-over job in the caller's transaction, under the
 * account lock: the 条 are spent exactly once, and only if the caller's write commits.
 */
export async function queueMessage(tx: Tx, m: QueuedMessage, now: Date): Promise<number> {
  const account = await lockAccount(tx, m.cmpId, now);
  if (m.segments > account.balance) throw fail(MSG_SMS_SHORT);
  const [r] = await tx
    .insert(smsRecords)
    .values({
      cmpId: m.cmpId,
      source: m.source,
      sourceId: m.sourceId ?? null,
      phone: m.phone,
      residentId: m.residentId ?? null,
      name: (m.name ?? '').slice(0, 30),
      content: m.content,
      segments: m.segments,
      resendOf: m.resendOf ?? null,
      createdAt: now,
      updatedAt: now,
      createdBy: m.createdBy ?? null,
    })
    .returning({ id: smsRecords.id });
  const id = r!.id;
  await moveBalance(tx, m.cmpId, LOG_KIND.send, -m.segments, { refType: 'record', refId: id, refNo: String(id) }, now);
  await enqueue(tx, DELIVER_JOB, { cmpId: m.cmpId, ids: [id] }, { cmpId: m.cmpId, runAt: now });
  return id;
}

/**
 * sms.send — the one way any module sends a text: `await sms.send(tx, { CmpId, Source, SourceId, Phone,
 * TemplateId, Vars })` inside the module's own transaction. Refusals (bad phone, template or signature not
 * 已通过, a variable without a value, content over 500 characters, '短信余额不足，请先充值') throw an ApiError and
 * leave nothing behind when the caller's transaction rolls back.
 */
export async function send(tx: Tx, input: SmsSendInput): Promise<SmsSendResult> {
  const now = input.now ?? new Date();
  const phone = normalisePhone(input.Phone ?? '');
  if (!isMobile(phone)) throw fieldError('Phone', '手机号格式不正确');
  const signId = await signOf(tx, input.CmpId, input.SignId);
  const { tpl, sign } = await approvedPair(tx, input.CmpId, input.TemplateId, signId);
  for (const v of templateVariables(tpl.content)) {
    if (!(input.Vars[v] ?? '').trim()) throw fieldError('Vars', `请填写变量{${v}}`);
  }
  const content = renderTemplate(tpl.content, input.Vars);
  if (smsChars(content) > SMS_CONTENT_MAX) throw fail(`短信内容不能超过${SMS_CONTENT_MAX}个字符`);
  const segments = smsSegments(sign.name, content);
  const id = await queueMessage(
    tx,
    {
      cmpId: input.CmpId,
      source: input.Source,
      sourceId: input.SourceId,
      phone,
      content: signedText(sign.name, content),
      segments,
      name: input.Name,
      residentId: input.ResidentId,
      createdBy: input.CreatedBy,
    },
    now,
  );
  return { Id: id, Segments: segments, Content: signedText(sign.name, content) };
}

/** One message of `sendMany`: the text as it reads before the signature. */
export interface SmsManyMessage {
  Phone: string;
  Content: string;
  SourceId?: number | null;
  Name?: string;
  ResidentId?: number | null;
}

export interface SmsManyInput {
  CmpId: number;
  Source: number;
  Messages: SmsManyMessage[];
  /** Default: the company's first approved signature. */
  SignId?: number;
  CreatedBy?: number | null;
  now?: Date;
}

export interface SmsManyResult {
  /** Records written, charged and queued. */
  Count: number;
  /** Σ条 charged. */
  Segments: number;
  /** Messages skipped for a phone that is not a mobile. */
  Invalid: number;
  Ids: number[];
}

/** Rows per INSERT (PostgreSQL allows 65,535 parameters a statement; a record takes 11). */
const INSERT_CHUNK = 1000;

/**
 * sms.sendMany — `sms.send` for many fixed texts at once (a job's reminders), in the caller's transaction and
 * set-based: the same phone rule, signature, 条 rule (signature + content, 70/67) and 500-character limit; then one
 * account lock, one multi-row INSERT of the records, one balance update with a deduction row per record (log Kind 2,
 * RefType record, as `sms.send` writes) and one hand-over job. All or nothing: Σ条 over the balance throws
 * '短信余额不足，请先充值' and, with the caller's rollback, leaves nothing behind. Messages to a phone that is not a
 * mobile are skipped and counted in Invalid.
 */
export async function sendMany(tx: Tx, input: SmsManyInput): Promise<SmsManyResult> {
  const now = input.now ?? new Date();
  const cmpId = input.CmpId;
  let invalid = 0;
  const valid: (SmsManyMessage & { Phone: string })[] = [];
  for (const m of input.Messages) {
    const phone = normalisePhone(m.Phone ?? '');
    if (!isMobile(phone)) invalid += 1;
    else valid.push({ ...m, Phone: phone });
  }
  if (!valid.length) return { Count: 0, Segments: 0, Invalid: invalid, Ids: [] };
  const signId = await signOf(tx, cmpId, input.SignId);
  const [sign] = await tx
    .select({ name: smsSigns.name, state: smsSigns.state })
    .from(smsSigns)
    .where(and(eq(smsSigns.id, signId), eq(smsSigns.cmpId, cmpId)));
  if (!sign) throw notFound('签名不存在');
  if (sign.state !== 2) throw fieldError('SignId', '签名未通过审核，不能发送');
  const rows = valid.map((m) => {
    if (smsChars(m.Content) > SMS_CONTENT_MAX) throw fail(`短信内容不能超过${SMS_CONTENT_MAX}个字符`);
    return {
      cmpId,
      source: input.Source,
      sourceId: m.SourceId ?? null,
      phone: m.Phone,
      residentId: m.ResidentId ?? null,
      name: (m.Name ?? '').slice(0, 30),
      content: signedText(sign.name, m.Content),
      segments: smsSegments(sign.name, m.Content),
      createdAt: now,
      updatedAt: now,
      createdBy: input.CreatedBy ?? null,
    };
  });
  const total = rows.reduce((n, r) => n + r.segments, 0);
  const account = await lockAccount(tx, cmpId, now);
  if (total > account.balance) throw fail(MSG_SMS_SHORT);
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const got = await tx
      .insert(smsRecords)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .returning({ id: smsRecords.id });
    ids.push(...got.map((g) => g.id));
  }
  // The balance drops by Σ条 once; each record gets its own deduction row with the running balance after it.
  await tx.execute(sql`with r as (
      select id, segments, sum(segments) over (order by id) as run from sms_records
      where cmp_id = ${cmpId} and id = any(${idList(ids)}::int[])),
    a as (update sms_accounts set balance = balance - ${total}, updated_at = ${now}
      where cmp_id = ${cmpId} returning balance)
    insert into sms_balance_logs (cmp_id, kind, delta, balance, ref_type, ref_id, ref_no, created_at, updated_at)
    select ${cmpId}::int, ${LOG_KIND.send}::smallint, -r.segments, (select balance from a) + ${total}::int - r.run,
      'record', r.id, r.id::text, ${now}, ${now}
    from r order by r.id`);
  await enqueue(tx, DELIVER_JOB, { cmpId, ids }, { cmpId, runAt: now });
  return { Count: ids.length, Segments: total, Invalid: invalid, Ids: ids };
}

/** 重发 (失败 only): a new, charged record of the same text to the same number. */
export async function resend(tx: Tx, cmpId: number, id: number, userId: number, now: Date): Promise<number> {
  const [r] = await tx
    .select()
    .from(smsRecords)
    .where(and(eq(smsRecords.id, id), eq(smsRecords.cmpId, cmpId)));
  if (!r) throw notFound();
  if (r.state !== 3) throw fail('只能重发发送失败的短信');
  return queueMessage(
    tx,
    {
      cmpId,
      source: r.source,
      sourceId: r.sourceId,
      phone: r.phone,
      content: r.content,
      segments: r.segments,
      name: r.name,
      residentId: r.residentId,
      createdBy: userId,
      resendOf: r.id,
    },
    now,
  );
}

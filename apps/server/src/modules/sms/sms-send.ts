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
import { and, asc, eq } from 'drizzle-orm';
import { fail, fieldError, notFound } from '../../core/errors';
import { enqueue } from '../../core/job-queue';
import type { Tx } from '../../db/client';
import { smsRecords, smsSigns } from '../../db/schema';
import { approvedPair } from './sms-compose';
import { DELIVER_JOB } from './sms-deliver';
import { LOG_KIND, lockAccount, moveBalance } from './sms-quota';

/** What a module asks to send (domain file "Internal: sms.send"). */
export interface SmsSendInput {
  CmpId: number;
  /** 1群发 2快递通知 3合同催收 4欠费催缴 5测试 (SMS_SOURCE). */
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

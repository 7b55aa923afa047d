import {
  SMS_PROVIDER_KINDS,
  SMS_REVIEW_STATES,
  SMS_SOURCE,
  SMS_TEMPLATE_KINDS,
  signedText,
  smsSegments,
  SmsProviderSaveBody,
  type SmsProviderView,
  type SmsSignRow,
  SmsSignSaveBody,
  SmsTemplateSaveBody,
  type SmsTemplateRow,
  SmsTestSendBody,
  templateVariables,
  zId,
} from '@linli/shared';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { audit, type AuditEntry } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { call } from '../../core/calls';
import { fail, fieldError, notFound } from '../../core/errors';
import { optionalInt } from '../../core/filters';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { residentTags, smsAccounts, smsBatches, smsProviders, smsSigns, smsTemplates } from '../../db/schema';
import { nameOf } from './sms-list';
import { lockAccount } from './sms-quota';
import { encryptSecret } from './sms-secret';
import { reviewedSaveCall } from './sms-reviewed-save';
import { queueMessage } from './sms-send';

const ROLE = 'dxgl_dxqf';
const IdBody = z.object({ Id: zId() });
const TEST_TEXT = '这是一条测试短信，收到即表示短信通道配置成功。';

const log = (tx: Tx, auth: Auth, e: Omit<AuditEntry, 'cmpId' | 'userId'>, now: Date) =>
  audit(tx, { cmpId: auth.cmpId, userId: auth.userId, ...e }, now);

/** A {variable} must be a name in braces; a lone or nested brace is a typo the provider would refuse. */
function checkBraces(content: string) {
  const stripped = content.replace(/\{[^{}\s]{1,20}\}/g, '');
  if (/[{}]/.test(stripped)) throw fieldError('Content', '模板变量格式不正确，应为{变量名}');
}

/** 模板管理 and 签名与通道 drawers of 短信群发 (buttons template / setting). */
export const smsSettingCalls = [
  // 住户标签 for the 接收对象 picker: senders need not hold 住户管理.
  call({
    path: '/Sms/TagOptions',
    role: ROLE,
    reads: true,
    handler: async (_b, { deps, auth }) =>
      deps.database.db
        .select({ Id: residentTags.id, Name: residentTags.name })
        .from(residentTags)
        .where(eq(residentTags.cmpId, auth.cmpId))
        .orderBy(asc(residentTags.sort), asc(residentTags.id)),
  }),
  call({
    path: '/Sms/TemplateList',
    role: ROLE,
    reads: true,
    body: z.object({ State: optionalInt() }),
    handler: async (f, { deps, auth }) => {
      const list = await deps.database.db
        .select()
        .from(smsTemplates)
        .where(and(eq(smsTemplates.cmpId, auth.cmpId), f.State ? eq(smsTemplates.state, f.State) : undefined))
        .orderBy(asc(smsTemplates.id));
      return list.map((t): SmsTemplateRow => ({
        Id: t.id,
        Name: t.name,
        Kind: t.kind,
        KindName: nameOf(SMS_TEMPLATE_KINDS, t.kind),
        Content: t.content,
        ProviderCode: t.providerCode,
        State: t.state,
        StateName: nameOf(SMS_REVIEW_STATES, t.state),
        Variables: templateVariables(t.content),
        UpdateTime: fmtTime(t.updatedAt, auth.timeZone),
      }));
    },
  }),
  reviewedSaveCall({
    path: '/Sms/TemplateSave',
    role: ROLE,
    btn: 'template',
    body: SmsTemplateSaveBody,
    table: smsTemplates,
    entity: 'sms_template',
    taken: '模板名称已存在',
    check: (b) => checkBraces(b.Content),
    values: (b) => ({ kind: b.Kind, content: b.Content, providerCode: b.ProviderCode ?? '' }),
  }),
  call({
    path: '/Sms/TemplateDel',
    role: ROLE,
    btn: 'template',
    body: IdBody,
    okMsg: '删除成功',
    handler: async (b, { deps, auth, ip }) => {
      const now = deps.now();
      return deps.database.db.transaction(async (tx) => {
        const [used] = await tx
          .select({ id: smsBatches.id })
          .from(smsBatches)
          .where(and(eq(smsBatches.cmpId, auth.cmpId), eq(smsBatches.templateId, b.Id)))
          .limit(1);
        const [r] = await tx
          .select({ id: smsTemplates.id })
          .from(smsTemplates)
          .where(and(eq(smsTemplates.id, b.Id), eq(smsTemplates.cmpId, auth.cmpId)));
        if (!r) throw notFound();
        if (used) throw fail('该模板已用于群发，不能删除');
        await tx.delete(smsTemplates).where(and(eq(smsTemplates.id, b.Id), eq(smsTemplates.cmpId, auth.cmpId)));
        await log(tx, auth, { action: 'sms_template.del', entity: 'sms_template', entityId: b.Id, ip }, now);
        return null;
      });
    },
  }),
  call({
    path: '/Sms/SignList',
    role: ROLE,
    reads: true,
    body: z.object({ State: optionalInt() }),
    handler: async (f, { deps, auth }) =>
      (
        await deps.database.db
          .select()
          .from(smsSigns)
          .where(and(eq(smsSigns.cmpId, auth.cmpId), f.State ? eq(smsSigns.state, f.State) : undefined))
          .orderBy(asc(smsSigns.id))
      ).map((s): SmsSignRow => ({
        Id: s.id,
        Name: s.name,
        State: s.state,
        StateName: nameOf(SMS_REVIEW_STATES, s.state),
      })),
  }),
  reviewedSaveCall({
    path: '/Sms/SignSave',
    role: ROLE,
    btn: 'setting',
    body: SmsSignSaveBody,
    table: smsSigns,
    entity: 'sms_sign',
    taken: '签名已存在',
  }),
  call({
    path: '/Sms/ProviderGet',
    role: ROLE,
    reads: true,
    handler: async (_b, { deps, auth }) => {
      const { db } = deps.database;
      const [p] = await db
        .select()
        .from(smsProviders)
        .where(and(eq(smsProviders.cmpId, auth.cmpId), eq(smsProviders.active, true)));
      const [a] = await db
        .select({ unitPrice: smsAccounts.unitPrice })
        .from(smsAccounts)
        .where(eq(smsAccounts.cmpId, auth.cmpId));
      const kind = p?.kind ?? 3;
      return {
        Kind: kind,
        KindName: nameOf(SMS_PROVIDER_KINDS, kind),
        Key: p?.key ?? '',
        Secret: p?.secretEnc ? '****' : '',
        AppId: p?.appId ?? '',
        CallbackToken: p?.callbackToken ?? '',
        UnitPrice: a?.unitPrice ?? '0.0800',
      } satisfies SmsProviderView;
    },
  }),
  call({
    path: '/Sms/ProviderSave',
    role: ROLE,
    btn: 'setting',
    body: SmsProviderSaveBody,
    okMsg: '保存成功',
    handler: async (b, { deps, auth, ip }) => {
      const now = deps.now();
      const keepSecret = !b.Secret || /^\*+$/.test(b.Secret);
      if (b.Kind !== 3 && !b.Key) throw fieldError('Key', '请输入AccessKey/SecretId');
      // 腾讯云 sends every message under its SdkAppId: without one each send would fail.
      if (b.Kind === 2 && !b.AppId) throw fieldError('AppId', '请输入SdkAppId');
      return deps.database.db.transaction(async (tx) => {
        const [p] = await tx
          .select()
          .from(smsProviders)
          .where(and(eq(smsProviders.cmpId, auth.cmpId), eq(smsProviders.active, true)));
        if (b.Kind !== 3 && keepSecret && !p?.secretEnc) throw fieldError('Secret', '请输入Secret');
        const values = {
          kind: b.Kind,
          key: b.Key ?? '',
          appId: b.AppId ?? '',
          callbackToken: b.CallbackToken ?? '',
          ...(keepSecret ? {} : { secretEnc: encryptSecret(deps.config, b.Secret!) }),
          updatedAt: now,
        };
        if (p)
          await tx
            .update(smsProviders)
            .set(values)
            .where(and(eq(smsProviders.id, p.id), eq(smsProviders.cmpId, auth.cmpId)));
        else
          await tx
            .insert(smsProviders)
            .values({ ...values, cmpId: auth.cmpId, createdAt: now, createdBy: auth.userId });
        await lockAccount(tx, auth.cmpId, now);
        await tx
          .update(smsAccounts)
          .set({ unitPrice: b.UnitPrice, updatedAt: now })
          .where(eq(smsAccounts.cmpId, auth.cmpId));
        // The secret itself never reaches the audit.
        await log(
          tx,
          auth,
          {
            action: 'sms_provider.save',
            entity: 'sms_provider',
            entityId: p?.id ?? null,
            ip,
            detail: { Kind: b.Kind, UnitPrice: b.UnitPrice, SecretChanged: !keepSecret },
          },
          now,
        );
        return null;
      });
    },
  }),
  call({
    path: '/Sms/TestSend',
    role: ROLE,
    btn: 'setting',
    body: SmsTestSendBody,
    okMsg: '测试短信已提交',
    handler: async (b, { deps, auth, ip }) => {
      const now = deps.now();
      return deps.database.db.transaction(async (tx) => {
        const [sign] = await tx
          .select({ name: smsSigns.name })
          .from(smsSigns)
          .where(and(eq(smsSigns.cmpId, auth.cmpId), eq(smsSigns.state, 2)))
          .orderBy(asc(smsSigns.id))
          .limit(1);
        if (!sign) throw fail('请先添加已通过审核的短信签名');
        const id = await queueMessage(
          tx,
          {
            cmpId: auth.cmpId,
            source: SMS_SOURCE.test,
            phone: b.Phone,
            content: signedText(sign.name, TEST_TEXT),
            segments: smsSegments(sign.name, TEST_TEXT),
            createdBy: auth.userId,
          },
          now,
        );
        await log(tx, auth, { action: 'sms.test', entity: 'sms_record', entityId: id, ip }, now);
        return { Id: id };
      });
    },
  }),
];

import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { call } from '../../core/calls';
import { forbidden } from '../../core/errors';
import { smsProviders, smsRecords } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { applyReceipts } from './sms-deliver';

interface ProviderReceipt {
  bizId: string;
  phone: string;
  ok: boolean;
  reason: string;
}

/** The company whose active channel of this kind carries the token (the URL's ?token=); none → 403. */
async function companyOf(deps: AppDeps, kind: number, token: string): Promise<number> {
  if (!token) throw forbidden();
  const [p] = await deps.database.db
    .select({ cmpId: smsProviders.cmpId })
    .from(smsProviders)
    .where(
      and(
        eq(smsProviders.kind, kind),
        eq(smsProviders.active, true),
        eq(smsProviders.callbackToken, token),
        sql`${smsProviders.callbackToken} <> ''`,
      ),
    );
  if (!p) throw forbidden();
  return p.cmpId;
}

/** Matches receipts to the company's records by provider id and phone, then applies them once. */
async function receive(deps: AppDeps, cmpId: number, provider: string, items: ProviderReceipt[]) {
  const bizIds = [...new Set(items.map((i) => i.bizId).filter(Boolean))].slice(0, 1000);
  if (!bizIds.length) return 0;
  const rows = await deps.database.db
    .select({ id: smsRecords.id, bizId: smsRecords.bizId, phone: smsRecords.phone })
    .from(smsRecords)
    .where(and(eq(smsRecords.cmpId, cmpId), eq(smsRecords.provider, provider), inArray(smsRecords.bizId, bizIds)));
  const receipts = items.flatMap((i) =>
    rows
      .filter((r) => r.bizId === i.bizId && (!i.phone || r.phone === i.phone))
      .map((r) => ({ recordId: r.id, ok: i.ok, reason: i.reason.slice(0, 100) })),
  );
  return applyReceipts(deps, cmpId, receipts);
}

const tokenOf = (query: unknown) => String((query as Record<string, unknown> | undefined)?.token ?? '').slice(0, 64);
const list = (body: unknown): Record<string, unknown>[] =>
  (Array.isArray(body) ? body : [body]).filter((x): x is Record<string, unknown> => !!x && typeof x === 'object');
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * Delivery receipts (domain file "Providers"): POST /api/SmsCallback/Aliyun and /Tencent, no session; the token in
 * the URL must be the company's 回执令牌. Each answers in its provider's own format.
 */
export const smsCallbackCalls = [
  call({
    path: '/SmsCallback/Aliyun',
    public: true,
    body: z.unknown(),
    rateLimit: { max: 600, timeWindow: 60_000 },
    handler: async (body, { deps, req, reply }) => {
      const cmpId = await companyOf(deps, 1, tokenOf(req.query));
      await receive(
        deps,
        cmpId,
        'aliyun',
        list(body).map((i) => ({
          bizId: text(i.biz_id),
          phone: text(i.phone_number),
          ok: i.success === true || i.success === 'true',
          reason: text(i.err_msg) || text(i.err_code) || '发送失败',
        })),
      );
      return reply.send({ code: 0, msg: '成功' });
    },
  }),
  call({
    path: '/SmsCallback/Tencent',
    public: true,
    body: z.unknown(),
    rateLimit: { max: 600, timeWindow: 60_000 },
    handler: async (body, { deps, req, reply }) => {
      const cmpId = await companyOf(deps, 2, tokenOf(req.query));
      await receive(
        deps,
        cmpId,
        'tencent',
        list(body).map((i) => ({
          bizId: text(i.sid),
          phone: text(i.mobile).replace(/^\+?86/, ''),
          ok: text(i.report_status).toUpperCase() === 'SUCCESS',
          reason: text(i.description) || text(i.errmsg) || '发送失败',
        })),
      );
      return reply.send({ result: 0, errmsg: 'OK' });
    },
  }),
];

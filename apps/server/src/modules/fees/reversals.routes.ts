import {
  FEE_REFUND_METHOD,
  FEE_REVERSAL_STATE,
  FEE_REVERSAL_TYPE,
  FeeIdBody,
  FeeReversalApplyBody,
  FeeReversalListBody,
  FeeReversalRejectBody,
  feeName,
} from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { call, defineCalls, Page } from '../../core/calls';
import { likeText } from '../../core/filters';
import { pageOf } from '../../core/paging';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { applyReversal, approveReversal, rejectReversal, withdrawReversal } from './reversals.service';

const time = (col: SQL, tz: string) => sql`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;

/** 作废退款申请 (收款记录's second tab). Apply's button depends on its Type and is checked by the service. */
export const reversalCalls = defineCalls(
  call({
    path: '/FeeReversal/Apply',
    role: 'sfgl_zsdc',
    btn: (raw) => (String(raw.Type) === '1' ? 'void' : 'refund'),
    body: FeeReversalApplyBody,
    handler: async (b, { auth, deps }) => applyReversal(deps.database.db, auth, deps.now(), b),
  }),
  call({
    path: '/FeeReversal/Approve',
    role: 'sfgl_zsdc',
    btn: 'approve',
    body: FeeIdBody,
    handler: async (b, { auth, deps }) => approveReversal(deps.database.db, auth, deps.now(), b.Id),
  }),
  call({
    path: '/FeeReversal/Reject',
    role: 'sfgl_zsdc',
    btn: 'approve',
    body: FeeReversalRejectBody,
    handler: async (b, { auth, deps }) => rejectReversal(deps.database.db, auth, deps.now(), b.Id, b.Reason),
  }),
  call({
    path: '/FeeReversal/Withdraw',
    // The applicant takes back his own request (the service refuses anyone else's); the web sends the request's
    // Type so a refund clerk without `void` can withdraw his refund.
    role: 'sfgl_zsdc',
    btn: (raw) => (String(raw.Type ?? '1') === '1' ? 'void' : 'refund'),
    body: FeeIdBody,
    handler: async (b, { auth, deps }) => withdrawReversal(deps.database.db, auth, deps.now(), b.Id),
  }),
  call({
    path: '/FeeReversal/List',
    role: 'sfgl_zsdc',
    reads: true,
    body: FeeReversalListBody,
    handler: async (b, { auth, deps }) => {
      const db = deps.database.db;
      const ids = await communityIdsOf(db, auth);
      const tz = auth.timeZone;
      const where: SQL[] = [sql`v.cmp_id = ${auth.cmpId}`, sql`v.community_id = any(${`{${ids.join(',')}}`}::int[])`];
      if (b.Type) where.push(sql`v.reversal_type = ${b.Type}`);
      if (b.State) where.push(sql`v.state = ${b.State}`);
      if (b.PaymentId) where.push(sql`v.payment_id = ${b.PaymentId}`);
      if (b.AccountId) where.push(sql`v.account_id = ${b.AccountId}`);
      if (b.ApplicantId) where.push(sql`v.applicant_id = ${b.ApplicantId}`);
      if (b.CommunityId) where.push(sql`v.community_id = ${b.CommunityId}`);
      if (b.DateFrom) where.push(sql`v.created_at >= (${b.DateFrom}::date::timestamp at time zone ${tz})`);
      if (b.DateTo) where.push(sql`v.created_at < ((${b.DateTo}::date + 1)::timestamp at time zone ${tz})`);
      if (b.Keyword) {
        const kw = likeText(b.Keyword);
        where.push(
          sql`(p.receipt_no ilike ${kw} or v.refund_no ilike ${kw} or r.full_name ilike ${kw} or p.payer_name ilike ${kw})`,
        );
      }
      const w = sql.join(where, sql` and `);
      const from = sql`from fee_reversals v
        left join fee_payments p on p.id = v.payment_id
        left join fee_prepaid_accounts a on a.id = v.account_id
        left join rooms r on r.id = coalesce(p.room_id, a.room_id)
        left join users ua on ua.id = v.applicant_id
        left join users uv on uv.id = v.approver_id`;
      const { limit, offset } = pageOf(b);
      const rows = await sqlRows<{
        Id: number;
        Type: number;
        State: number;
        RefundMethod: number;
        Lines: unknown[];
      }>(
        db,
        sql`select v.id as "Id", v.reversal_type as "Type", coalesce(v.payment_id, 0) as "PaymentId",
              coalesce(v.account_id, 0) as "AccountId", coalesce(p.receipt_no, '') as "ReceiptNo",
              coalesce(r.full_name, '') as "RoomName", coalesce(p.payer_name, '') as "PayerName",
              v.amount_money::text as "AmountMoney", coalesce(v.refund_method, 0) as "RefundMethod",
              v.refund_no as "RefundNo", v.reason as "Reason", v.state as "State",
              coalesce(v.applicant_id, 0) as "ApplicantId", coalesce(ua.name, '') as "ApplicantName",
              coalesce(v.approver_id, 0) as "ApproverId", coalesce(uv.name, '') as "ApproverName",
              ${time(sql`v.created_at`, tz)} as "CreateTime", coalesce(${time(sql`v.approve_time`, tz)}, '') as "ApproveTime",
              v.reject_reason as "RejectReason", v.lines as "Lines"
            ${from} where ${w} order by v.id desc limit ${limit} offset ${offset}`,
      );
      const [c] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${w}`);
      return new Page(
        rows.map((r) => ({
          ...r,
          TypeName: feeName(FEE_REVERSAL_TYPE, r.Type),
          StateName: feeName(FEE_REVERSAL_STATE, r.State),
          RefundMethodName: feeName(FEE_REFUND_METHOD, r.RefundMethod),
        })),
        c?.n ?? 0,
      );
    },
  }),
);

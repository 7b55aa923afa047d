import {
  checkIdNo,
  checkMobile,
  fromIdNo,
  MSG_LEASE_END_REQUIRED,
  MSG_MOBILE_REQUIRED_FOR_ROLE,
  MSG_REJECT_REASON,
} from '@linli/shared';

export { MSG_LEASE_END_REQUIRED, MSG_REJECT_REASON };

export const MSG_LEASE_BEFORE_MOVE_IN = '租约到期日不能早于入住日期';
export const MSG_ONE_PRIMARY = '主业主只能有一位';
export const MSG_ROOMS_REQUIRED = '请至少关联一个房屋';
export const MSG_TAGS_MAX = '标签最多10个';
export const ID_CARD = 1;

export interface LinkDraft {
  Role?: number;
  MoveInDate?: string;
  LeaseEnd?: string;
  IsPrimary?: boolean;
}

/** Lease state of a tenant link on `today` (YYYY-MM-DD): 已到期 once past, 'soon' within 30 days. */
export function leaseState(leaseEnd: string | null | undefined, today: string): 'none' | 'ok' | 'soon' | 'expired' {
  if (!leaseEnd) return 'none';
  const days = Math.round((Date.parse(leaseEnd) - Date.parse(today)) / 86_400_000);
  if (Number.isNaN(days)) return 'none';
  if (days < 0) return 'expired';
  return days <= 30 ? 'soon' : 'ok';
}

/** The mobile rule (as the shared ResidentSaveBody): optional only when every link is 家属 (family members, e.g. children, may have none). */
export function mobileError(value: string | undefined, roles: readonly (number | undefined)[]): string | null {
  const v = (value ?? '').trim();
  if (!v) return roles.some((r) => r !== 2) ? MSG_MOBILE_REQUIRED_FOR_ROLE : null;
  return checkMobile(v);
}

/** Optional mobile (emergency contact). */
export const optionalMobileError = (value: string | undefined) => {
  const v = (value ?? '').trim();
  return v ? checkMobile(v) : null;
};

/** IdNo: the certnmb rule for 身份证, 4–30 letters and digits for the other types. */
export function idNoError(value: string | undefined, idType: number | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  return checkIdNo(idType ?? ID_CARD, v.toUpperCase());
}

/** Birthday (YYYY-MM-DD) and gender (1 男 / 2 女) read from an 18-digit ID number, or null. */
export function fromIdCard(idNo: string | undefined): { Birthday: string; Gender: number } | null {
  const got = fromIdNo((idNo ?? '').trim().toUpperCase());
  if (!got) return null;
  // Date.parse takes 1990-02-30; a real day of the month is needed.
  const d = new Date(`${got.birthday}T00:00:00Z`);
  if (d.toISOString().slice(0, 10) !== got.birthday) return null;
  return { Birthday: got.birthday, Gender: got.gender };
}

/** The lease end of one link: required for 租户, not before the move-in date. */
export function leaseEndError(link: LinkDraft): string | null {
  if (link.Role !== 3) return null;
  if (!link.LeaseEnd) return MSG_LEASE_END_REQUIRED;
  if (link.MoveInDate && link.LeaseEnd < link.MoveInDate) return MSG_LEASE_BEFORE_MOVE_IN;
  return null;
}

/** Masks a mobile as 138****8000 (the server masks lists; this is for values the browser already holds). */
export const maskMobile = (m: string | null | undefined) =>
  m && /^\d{11}$/.test(m) ? `${m.slice(0, 3)}****${m.slice(7)}` : (m ?? '');

/** "已同步 3/4" and its colour: green when every device is done, red if any failed, orange if any is pending. */
export function syncSummary(c: { done: number; total: number; failed: number; pending: number }) {
  const text = `已同步 ${c.done}/${c.total}`;
  if (c.failed > 0) return { text, color: 'red' };
  if (c.pending > 0) return { text, color: 'orange' };
  return { text, color: c.total ? 'green' : 'default' };
}

/** The summary of a list of per-device states (0 待同步 / 1 已同步 / 2 失败). */
export const syncOfStates = (states: readonly number[]) =>
  syncSummary({
    done: states.filter((s) => s === 1).length,
    total: states.length,
    failed: states.filter((s) => s === 2).length,
    pending: states.filter((s) => s === 0).length,
  });

/** A reject reason: required, at most 100 characters. */
export function rejectReasonError(reason: string | undefined): string | null {
  const v = (reason ?? '').trim();
  if (!v) return MSG_REJECT_REASON;
  return v.length > 100 ? '驳回原因不能超过100个字符' : null;
}

/** `?type=2` (what a MsgType 8 reminder opens) selects the 待审核 tab. */
export const tabOfQuery = (type: string | null): 'residents' | 'review' => (type === '2' ? 'review' : 'residents');

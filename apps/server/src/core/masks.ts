import { type Auth, hasButton } from './auth';

/**
 * One masking rule for personal numbers (domain/residents.md "Privacy", properties.md, organisation.md): every list,
 * picker and board shows them masked, whoever asks; the full value appears only in a record's own Get (详情, the
 * edit form) and in exports, and only to positions holding the screen's `view` or `edit` button.
 */

/** 138****8000: enough of a mobile to recognise it. */
export const maskMobile = (m: string | null | undefined) =>
  m && m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : (m ?? '');

/** 1101**********1234: the first four and last four characters of an ID number. */
export const maskIdNo = (v: string | null | undefined) =>
  v && v.length > 8 ? `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}` : (v ?? '');

/** 张**: the 房态图 shows the family name only. */
export const maskName = (n: string | null | undefined) =>
  n ? n.slice(0, 1) + '*'.repeat(Math.max(1, n.length - 1)) : '';

/** May this session read a record's full numbers on screen `role` (its 详情 `view` or its edit form `edit`)? */
export const seesFullNumbers = (auth: Auth, role: string) =>
  hasButton(auth, role, 'view') || hasButton(auth, role, 'edit');

/** For a record's Get: full numbers to positions with `view`/`edit` on `role`, masked to everyone else. */
export function detailMasker(auth: Auth, role: string) {
  const full = seesFullNumbers(auth, role);
  return {
    full,
    mobile: (v: string | null | undefined) => (full ? (v ?? '') : maskMobile(v)),
    idNo: (v: string | null | undefined) => (full ? (v ?? '') : maskIdNo(v)),
  };
}

import { type Auth, hasButton } from '../../core/auth';
import { maskMobile } from '../properties/masks';

export { maskMobile };

/** 1101**********1234: the first four and last four characters of an ID number. */
export const maskIdNo = (v: string | null | undefined) =>
  v && v.length > 8 ? `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}` : (v ?? '');

/** Full phone and ID numbers only for positions with 住户管理's `view` (详情); everyone else sees them masked. */
export function maskerFor(auth: Auth) {
  const full = hasButton(auth, 'zhgl_zhgl', 'view');
  return {
    full,
    mobile: (v: string | null | undefined) => (full ? (v ?? '') : maskMobile(v)),
    idNo: (v: string | null | undefined) => (full ? (v ?? '') : maskIdNo(v)),
  };
}

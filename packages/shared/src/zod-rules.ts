import { z } from 'zod';
import { MSG_PASSWORD_MISMATCH } from './constants';
import { checkPlate, normalisePlate } from './plate';
import { checkCertNo, checkEmail, checkMobile, checkPassword, normaliseCertNo, validate } from './validation';
// Installs the product's wording for the checks no rule words itself (wrong types, missing fields).
import './zod-messages';

/** Form bodies carry numbers as text and JSON bodies may carry text as numbers: treat both as text. */
const asText = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value);

type TextCheck = (value: string) => string | null;

function checkedText(check: TextCheck, requiredMsg: string) {
  return z.preprocess(
    asText,
    z
      .string({ error: requiredMsg })
      .trim()
      .superRefine((value, ctx) => {
        const msg = value === '' ? requiredMsg : check(value);
        if (msg) ctx.addIssue({ code: 'custom', message: msg });
      }),
  );
}

function optionalCheckedText(check: TextCheck) {
  return z.preprocess(
    (value) => (value === null ? undefined : asText(value)),
    z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const msg = value === '' ? null : check(value);
        if (msg) ctx.addIssue({ code: 'custom', message: msg });
      })
      .optional(),
  );
}

/** A required trimmed text: `msg` when missing or blank, and at most `max` characters. */
export function zRequiredText(msg: string, max?: number, label = '内容') {
  const text = z.string({ error: msg }).trim().min(1, msg);
  return z.preprocess(asText, max === undefined ? text : text.max(max, `${label}不能超过${max}个字符`));
}

/** An optional trimmed text of at most `max` characters (null and missing become undefined). */
export function zOptionalText(max: number, label = '内容') {
  return z.preprocess(
    (value) => (value === null ? undefined : asText(value)),
    z.string().trim().max(max, `${label}不能超过${max}个字符`).optional(),
  );
}

/** Spec §5 mobile rule with its three messages. */
export const zMobile = (requiredMsg = '请输入手机号') => checkedText(checkMobile, requiredMsg);
export const zOptionalMobile = () => optionalCheckedText(checkMobile);
export const zEmail = (requiredMsg = '请输入邮箱') => checkedText(checkEmail, requiredMsg);
export const zOptionalEmail = () => optionalCheckedText(checkEmail);
/** Spec §5 certnmb rule; the result is upper-cased (a typed 'x' becomes 'X'). */
export const zCertNo = (requiredMsg = '请输入身份证号') =>
  checkedText(checkCertNo, requiredMsg).transform(normaliseCertNo);
/** parking-access.md plate rule ('请输入正确的车牌号'); the result is the normalised plate. */
export const zPlate = (requiredMsg = '请输入车牌号') => checkedText(checkPlate, requiredMsg).transform(normalisePlate);
/** 8–20 characters with letters and digits: '密码需为8-20位，且包含字母和数字'. */
export const zPassword = (requiredMsg = '请输入密码') =>
  z
    .string({ error: requiredMsg })
    .min(1, requiredMsg)
    .superRefine((value, ctx) => {
      const msg = value === '' ? null : checkPassword(value);
      if (msg) ctx.addIssue({ code: 'custom', message: msg });
    });

/** The spec §5 rule helper as a zod schema, for a format named at run time. */
export function zFormat(format: string, opts: { required?: boolean; label?: string } = {}) {
  return z.preprocess(
    (value) => (value === null ? undefined : asText(value)),
    z.unknown().superRefine((value, ctx) => {
      const msg = validate(value, { format, ...opts });
      if (msg) ctx.addIssue({ code: 'custom', message: msg });
    }),
  );
}

/** Adds '两次输入的密码不一致' on `confirmKey` when the two fields differ. */
export function samePassword<T extends Record<string, unknown>>(
  pwdKey: keyof T & string,
  confirmKey: keyof T & string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[pwdKey] !== value[confirmKey]) {
      ctx.addIssue({ code: 'custom', message: MSG_PASSWORD_MISMATCH, path: [confirmKey] });
    }
  };
}

/**
 * How a stored file is referred to: '/uploads/202611/<32 hex>.png' as /Img/PostFiles answers it (or without the
 * '/uploads/' prefix). Anything else — an outside URL, `javascript:`, a path out of the folder — is not ours to show.
 */
export const UPLOAD_REF_PATTERN = /^(\/uploads\/)?\d{6}\/[0-9a-f]{32}\.[a-z]{3,4}$/;
export const isUploadRef = (value: string) => UPLOAD_REF_PATTERN.test(value);
/** The stored path of an upload reference (the uploads table's stored_path). */
export const uploadStoredPath = (ref: string) => ref.replace(/^\/uploads\//, '');

/** An optional reference to a file uploaded here; blank and null become undefined. */
export function zUploadRef(label: string) {
  return z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : asText(value)),
    z.string().trim().refine(isUploadRef, `${label}须为本系统上传的文件`).optional(),
  );
}

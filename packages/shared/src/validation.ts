import {
  MSG_CERTNMB_INVALID,
  MSG_EMAIL_INVALID,
  MSG_FORMAT_INVALID,
  MSG_MOBILE_INVALID,
  MSG_MOBILE_TOO_LONG,
  MSG_MOBILE_TOO_SHORT,
  MSG_PASSWORD_RULE,
  MSG_REQUIRED,
  TIP_THROTTLE,
} from './constants';

/** Spec §5 mobile: 11 digits, the first 1, the second 3–9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/**
 * Spec §5 certnmb: 15 digits, 18 digits, or 17 digits and X. A lower-case x is accepted too because people type it;
 * `normaliseCertNo` upper-cases it before storing.
 */
export const CERTNMB_PATTERN = /^(\d{15}|\d{17}[\dXx])$/;
/** 8–20 characters without spaces, with at least one letter and one digit. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)\S{8,20}$/;

export type KnownFormat = 'mobile' | 'email' | 'certnmb';

export interface Rule {
  required?: boolean;
  /** A named format; any name other than mobile, email and certnmb fails (spec §5). */
  format?: KnownFormat | string;
  /** The field's Chinese name, used in the generic messages. */
  label?: string;
  /** Replaces the required message. */
  message?: string;
}

/** Spec §5: undefined, null, an empty (or blank) string and an empty array count as empty. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

export function checkMobile(value: string): string | null {
  if (MOBILE_PATTERN.test(value)) return null;
  if (value.length < 11) return MSG_MOBILE_TOO_SHORT;
  if (value.length > 11) return MSG_MOBILE_TOO_LONG;
  return MSG_MOBILE_INVALID;
}

export function checkEmail(value: string): string | null {
  return EMAIL_PATTERN.test(value) ? null : MSG_EMAIL_INVALID;
}

export function checkCertNo(value: string): string | null {
  return CERTNMB_PATTERN.test(value) ? null : MSG_CERTNMB_INVALID;
}

export function normaliseCertNo(value: string): string {
  return value.trim().toUpperCase();
}

export function checkPassword(value: string): string | null {
  return PASSWORD_PATTERN.test(value) ? null : MSG_PASSWORD_RULE;
}

const formatCheckers: Record<KnownFormat, (value: string) => string | null> = {
  mobile: checkMobile,
  email: checkEmail,
  certnmb: checkCertNo,
};

/** Spec §5 rule helper: the first failing message, or null when the value passes. */
export function validate(value: unknown, rule: Rule): string | null {
  if (isEmptyValue(value)) {
    if (!rule.required) return null;
    return rule.message ?? (rule.label ? `请填写${rule.label}` : MSG_REQUIRED);
  }
  if (rule.format === undefined) return null;
  const checker = formatCheckers[rule.format as KnownFormat] as ((value: string) => string | null) | undefined;
  if (!checker) return rule.label ? `${rule.label}${MSG_FORMAT_INVALID}` : MSG_FORMAT_INVALID;
  return checker(String(value).trim());
}

/**
 * Spec §5: a failed validation tip is an error toast shown at most once per 3 s. Returns the function to call with
 * each message; it answers whether the message was shown.
 */
export function createTipThrottle(show: (msg: string) => void, ms = TIP_THROTTLE): (msg: string) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (msg) => {
    const now = Date.now();
    if (now - last < ms) return false;
    last = now;
    show(msg);
    return true;
  };
}

/**
 * Decimal input filter (spec §5): digits and one dot, at most 2 decimals. Leading zeros are dropped ('007' → '7')
 * and a leading dot gains a zero ('.5' → '0.5') so the text always reads as a number.
 */
export function filterDecimal(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let whole = dot === -1 ? cleaned : cleaned.slice(0, dot);
  const fraction =
    dot === -1
      ? null
      : cleaned
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  whole = whole.replace(/^0+(?=\d)/, '');
  if (fraction === null) return whole;
  return `${whole || '0'}.${fraction}`;
}

/** Integer input filter (spec §5): digits only. */
export function filterInteger(input: string): string {
  return input.replace(/\D/g, '');
}

/** The spec's third numeric filter: digits and minus signs only. */
export function filterMinus(input: string): string {
  return input.replace(/[^\d-]/g, '');
}

/**
 * Text no field may hold: NUL and the other control characters but tab and line breaks (PostgreSQL refuses NUL; the
 * rest only hide in names), and a UTF-16 half (a lone surrogate), which no UTF-8 column or JSON log can store.
 */
const UNSUPPORTED_TEXT =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnsupportedText = (value: string): boolean => UNSUPPORTED_TEXT.test(value);

/**
 * The path of the first text (value or key) in a request body that holds unsupported characters, or null. Walks
 * without recursion so a deeply nested body cannot overflow the stack.
 */
export function findUnsupportedText(input: unknown): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasUnsupportedText(value)) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    } else if (value !== null && typeof value === 'object') {
      // Pushed last to first (each key above its value), so the first bad field in the body's order is named.
      for (const [k, v] of Object.entries(value).reverse()) {
        stack.push({ value: v, path: [...path, k] }, { value: k, path: [...path, k] });
      }
    }
  }
  return null;
}

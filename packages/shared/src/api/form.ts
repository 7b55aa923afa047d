import { z } from 'zod';

/**
 * Helpers for bodies that arrive form-encoded (the default, spec §7): every value is text there, and arrays and
 * objects travel as JSON strings. The same schemas accept JSON bodies.
 */

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const toNumber = (value: unknown) => {
  const v = blankToUndefined(value);
  return typeof v === 'string' ? Number(v.trim()) : v;
};

/** An integer that may arrive as text ('12'); blank counts as missing. */
export function zInt(msg = '请输入整数') {
  return z.preprocess(toNumber, z.number({ error: msg }).int(msg));
}

/** A record id: an integer ≥ 0 (0 means "create" in Save calls). */
export const zId = (msg = '编号不正确') => z.preprocess(toNumber, z.number({ error: msg }).int(msg).min(0, msg));

/** A number that may arrive as text; blank counts as missing. */
export function zNumber(msg = '请输入数字') {
  return z.preprocess(toNumber, z.number({ error: msg }));
}

const TRUE_TEXT = new Set(['1', 'true']);
const FALSE_TEXT = new Set(['0', 'false', '']);

/** A yes/no flag sent as true/false, 1/0 or their text forms. */
export function zFlag(msg = '取值不正确') {
  return z.preprocess(
    (value) => {
      if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
      if (typeof value === 'string') {
        const v = value.trim().toLowerCase();
        if (TRUE_TEXT.has(v)) return true;
        if (FALSE_TEXT.has(v)) return false;
      }
      return value;
    },
    z.boolean({ error: msg }),
  );
}

export interface JsonArrayOptions {
  min?: number;
  minMessage?: string;
  max?: number;
  maxMessage?: string;
}

/** An array of `item`, given as an array or as its JSON text (form bodies); blank text is an empty array. */
export function jsonArray<T extends z.ZodType>(item: T, opts: JsonArrayOptions = {}) {
  let array = z.array(item, { error: '数据格式不正确' });
  if (opts.min !== undefined) array = array.min(opts.min, opts.minMessage);
  if (opts.max !== undefined) array = array.max(opts.max, opts.maxMessage);
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return [];
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, array);
}

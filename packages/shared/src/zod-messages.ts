import { z } from 'zod';
import { labelOfPath } from './field-labels';

/**
 * The product's wording for every check a schema does not word itself (a wrong type, a missing field, a bound given
 * without a message): '请填写小区名称', '楼层不能大于99'. zod's own locales name its internals ('期望 string'), which
 * no user should read. A schema may name its field with `.meta({ label })` or `.describe()`; otherwise the request
 * field's name is looked up in FIELD_LABELS.
 */
type Issue = z.core.$ZodRawIssue;

/** Bounds at or past 2^53 are zod's own safe-integer limits, not a rule anyone wrote. */
const SAFE = Number.MAX_SAFE_INTEGER;

function labelOf(iss: Issue): string {
  const inst = iss.inst as z.ZodType | undefined;
  const meta = inst
    ? (z.globalRegistry.get(inst) as { label?: unknown; description?: unknown } | undefined)
    : undefined;
  if (typeof meta?.label === 'string') return meta.label;
  if (typeof meta?.description === 'string') return meta.description;
  return labelOfPath(iss.path ?? []);
}

const isMissing = (input: unknown) => input === undefined || input === null;

function sizeWord(origin: unknown): { unit: string; noun: 'text' | 'list' | 'number' } {
  if (origin === 'string') return { unit: '个字', noun: 'text' };
  if (origin === 'array' || origin === 'set' || origin === 'map') return { unit: '项', noun: 'list' };
  return { unit: '', noun: 'number' };
}

export function productMessage(iss: Issue): string {
  const label = labelOf(iss);
  switch (iss.code) {
    case 'invalid_type': {
      if (isMissing(iss.input)) return iss.expected === 'array' ? `请选择${label}` : `请填写${label}`;
      if (iss.expected === 'number' || iss.expected === 'int' || iss.expected === 'bigint') return `${label}须为数字`;
      return `${label}格式不正确`;
    }
    case 'too_big': {
      const max = Number(iss.maximum);
      const { unit, noun } = sizeWord(iss.origin);
      if (noun === 'number') return Math.abs(max) >= SAFE ? `${label}数值过大` : `${label}不能大于${max}`;
      return `${label}不能超过${max}${unit}`;
    }
    case 'too_small': {
      const min = Number(iss.minimum);
      const { unit, noun } = sizeWord(iss.origin);
      if (noun === 'number') return Math.abs(min) >= SAFE ? `${label}数值过小` : `${label}不能小于${min}`;
      if (min <= 1) return noun === 'list' ? `请选择${label}` : `请填写${label}`;
      return `${label}不能少于${min}${unit}`;
    }
    case 'invalid_value':
    case 'invalid_union':
      return `${label}取值不正确`;
    case 'unrecognized_keys':
      return '请求含有不支持的参数';
    default:
      return `${label}格式不正确`;
  }
}

z.config({ customError: productMessage });

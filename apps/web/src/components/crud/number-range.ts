import type { FormRule } from 'antd';

interface Range {
  min?: number;
  max?: number;
}

/**
 * antd's InputNumber silently clamps a value outside min/max on blur (100 floors saved as 99). Declared number
 * fields therefore pass no min/max to the widget: the range becomes a rule that refuses with a message instead.
 */
export function splitRange(props: Record<string, unknown> | undefined): {
  range: Range;
  rest: Record<string, unknown>;
} {
  const { min, max, ...rest } = props ?? {};
  return { range: { min: min as number | undefined, max: max as number | undefined }, rest };
}

/** The message for a value outside the range: '地上层数需为1-99'. */
export function rangeMessage(label: string, { min, max }: Range): string {
  if (min !== undefined && max !== undefined) return `${label}需为${min}-${max}`;
  if (min !== undefined) return `${label}不能小于${min}`;
  return `${label}不能大于${max}`;
}

/** A rule refusing numbers outside the range (none when the field declares no range). */
export function rangeRule(label: string, range: Range): FormRule[] {
  if (range.min === undefined && range.max === undefined) return [];
  return [
    {
      validator: (_, value: unknown) => {
        if (value === null || value === undefined || value === '') return Promise.resolve();
        const n = Number(value);
        const out = (range.min !== undefined && n < range.min) || (range.max !== undefined && n > range.max);
        return out ? Promise.reject(new Error(rangeMessage(label, range))) : Promise.resolve();
      },
    },
  ];
}

import { isEmptyValue } from '@linli/shared';
import { z } from 'zod';

/** List filters arrive as text: blank means "any"; anything else must be an integer. */
export const optionalInt = () =>
  z.preprocess((v) => (isEmptyValue(v) ? undefined : Number(v)), z.number().int('筛选条件不正确').optional());

/** Escapes LIKE wildcards so a typed % or _ matches itself. */
export const likeText = (v: string) => `%${v.replace(/[%_\\]/g, '\\$&')}%`;

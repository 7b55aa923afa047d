import { FEE_PAYMENT_SOURCE, FEE_PAYMENT_STATE, FEE_TENDER_METHOD } from '@linli/shared';
import type { Option } from '../../../components/crud';

const codes = (names: readonly string[]): Option[] =>
  names.flatMap((label, value) => (value > 0 ? [{ value, label }] : []));

export const METHOD_OPTIONS = codes(FEE_TENDER_METHOD);
export const SOURCE_OPTIONS = codes(FEE_PAYMENT_SOURCE);
export const PAYMENT_STATE_OPTIONS = codes(FEE_PAYMENT_STATE);

/** A negative amount (冲回 and 退款 rows) is shown red. */
export const negative = (value: unknown) => String(value ?? '').startsWith('-');

/** 小区 rows and their 楼栋 children share one name column. */
export const placeName = (_: unknown, row: Record<string, unknown>) =>
  String(row.BuildingName ?? row.CommunityName ?? '');

import {
  SMS_BALANCE_KINDS,
  SMS_BATCH_STATES,
  SMS_PACKAGES,
  SMS_PAY_METHODS,
  SMS_RECHARGE_STATES,
  SMS_RECORD_STATES,
  SMS_REVIEW_STATES,
  SMS_SOURCES,
  SMS_TEMPLATE_KINDS,
} from '@linli/shared';
import type { Option } from '../../../components/crud';

/** Options of a code list (index = code; the empty 0 left out). */
export const optionsOf = (names: readonly string[]): Option[] =>
  names.flatMap((label, value) => (value && label ? [{ value, label }] : []));

export const batchStateOptions = optionsOf(SMS_BATCH_STATES);
export const recordStateOptions = optionsOf(SMS_RECORD_STATES);
export const sourceOptions = optionsOf(SMS_SOURCES);
export const reviewOptions = optionsOf(SMS_REVIEW_STATES);
export const templateKindOptions = optionsOf(SMS_TEMPLATE_KINDS);
export const payMethodOptions = optionsOf(SMS_PAY_METHODS);
export const rechargeStateOptions = optionsOf(SMS_RECHARGE_STATES);
export const balanceKindOptions = optionsOf(SMS_BALANCE_KINDS);
export const packageOptions: Option[] = SMS_PACKAGES.flatMap((p, value) => (p ? [{ value, label: p.Name }] : []));

export const stateColor: Record<string, string> = {
  待发送: 'blue',
  发送中: 'processing',
  已完成: 'green',
  已取消: 'default',
  成功: 'green',
  失败: 'red',
  待审核: 'orange',
  已通过: 'green',
  已驳回: 'red',
  待支付: 'orange',
  已支付: 'green',
};

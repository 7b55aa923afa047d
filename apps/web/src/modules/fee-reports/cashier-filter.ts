import { useMemo } from 'react';
import { useStaffOptions } from '../../components/pickers';
import type { ExtraFilter } from './kit';

/** 收款人: any staff member, or 系统 (CashierId 0) for the automatic prepaid deductions. */
export function useCashierFilter(): ExtraFilter {
  const staff = useStaffOptions();
  return useMemo(
    () => ({
      name: 'CashierId',
      label: '收款人',
      type: 'select',
      width: 150,
      options: [{ value: 0, label: '系统（自动抵扣）' }, ...(staff.data ?? [])],
    }),
    [staff.data],
  );
}

import { FEE_CATEGORY, type FeeItemRow } from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { request, requestEnvelope } from '../../../app/request';
import { useUserStore } from '../../../app/stores/user-store';
import type { Option } from '../../../components/crud';

/** First part of every report query key; a payment, refund or hand-over invalidates it (app/query-deps.ts). */
export const FEE_REPORTS = 'fee-reports';

/** Errors are shown on the report itself (the message above the table), so the calls do not toast. */
const quiet = { json: true, silent: true } as const;

export const reportList = <T>(name: string, params: Record<string, unknown>) =>
  requestEnvelope<T[]>(`/FeeReport/${name}List`, params, quiet);

export const reportSum = (name: string, params: Record<string, unknown>) =>
  request<Record<string, unknown>>(`/FeeReport/${name}Sum`, params, quiet);

export const reportExportCall = (name: string) => `/FeeReport/${name}Export`;

export const categoryOptions: Option[] = FEE_CATEGORY.flatMap((label, value) => (value > 0 ? [{ value, label }] : []));

/**
 * 收费项目 choices. The only item list the server has is 收费项目's (sfgl_sfxm); a report user without that screen
 * filters by 类别 instead of asking and being refused.
 */
export function useFeeItemOptions() {
  const access = useUserStore((s) => s.info?.Access);
  const allowed = !!access?.includes('sfgl_sfxm');
  return useQuery({
    queryKey: ['fee-items', 'report-options'],
    queryFn: async () =>
      (await requestEnvelope<FeeItemRow[]>('/FeeItem/List', { PgIndex: 1, PgSize: 200 }, { silent: true })).data,
    enabled: allowed,
    staleTime: 60_000,
    select: (rows): Option[] => rows.map((r) => ({ value: r.Id, label: r.ItemName })),
  });
}

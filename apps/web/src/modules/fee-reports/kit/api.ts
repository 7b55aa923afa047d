import { FEE_CATEGORY, type FeeReportItemOption } from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { type Envelope, request, requestEnvelope } from '../../../app/request';
import type { Option } from '../../../components/crud';

/** First part of every report query key; a payment, refund or hand-over invalidates it (app/query-deps.ts). */
export const FEE_REPORTS = 'fee-reports';

/** Errors are shown on the report itself (the message above the table), so the calls do not toast. */
const quiet = { json: true, silent: true } as const;

/** A paged detail report may count only up to a cap: `countMore` says more rows match (ExactCount=1 counts all). */
export const reportList = <T>(name: string, params: Record<string, unknown>) =>
  requestEnvelope<T[]>(`/FeeReport/${name}List`, params, quiet) as Promise<Envelope<T[]> & { countMore?: boolean }>;

export const reportSum = (name: string, params: Record<string, unknown>) =>
  request<Record<string, unknown>>(`/FeeReport/${name}Sum`, params, quiet);

export const reportExportCall = (name: string) => `/FeeReport/${name}Export`;

export const categoryOptions: Option[] = FEE_CATEGORY.flatMap((label, value) => (value > 0 ? [{ value, label }] : []));

/**
 * 收费项目 choices of every report filter, from the reports' own FeeReport/ItemOptions (sfgl_sfbb): a report user
 * needs no 收费项目 screen (sfgl_sfxm) to filter by item. Disabled items stay choosable (their bills are in the
 * reports), marked 停用.
 */
export function useFeeItemOptions() {
  return useQuery({
    queryKey: ['fee-items', 'report-options'],
    queryFn: () => request<FeeReportItemOption[]>('/FeeReport/ItemOptions', {}, { silent: true }),
    staleTime: 60_000,
    select: (rows): Option[] =>
      rows.map((r) => ({ value: r.Id, label: r.IsEnabled ? r.ItemName : `${r.ItemName}（停用）` })),
  });
}

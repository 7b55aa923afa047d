import { useQuery } from '@tanstack/react-query';
import { getCommunityOptions, getDepartmentTree, getStaffPicks, pickerKeys } from './api';

export function useDepartmentTree() {
  return useQuery({ queryKey: pickerKeys.departmentTree(), queryFn: getDepartmentTree, staleTime: 30_000 });
}

export function useCommunityOptions() {
  return useQuery({ queryKey: pickerKeys.communities(), queryFn: getCommunityOptions, staleTime: 60_000 });
}

/** Enabled staff for a select (负责人 …): up to 500, by name. */
export function useStaffOptions(params: Record<string, unknown> = {}) {
  const all = { PgIndex: 1, PgSize: 500, ...params };
  return useQuery({
    queryKey: pickerKeys.staff(all),
    queryFn: async () => (await getStaffPicks(all)).data,
    staleTime: 30_000,
    select: (rows) => rows.map((r) => ({ value: r.Id, label: `${r.UserName}（${r.UserAccount}）` })),
  });
}

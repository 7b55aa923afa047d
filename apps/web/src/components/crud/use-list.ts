import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { invalidateAfterWrite } from '../../app/query-deps';
import { useSettingsStore } from '../../app/stores/settings-store';
import { defaultHidden, listKey, listParams, type SortState, searchParams } from './list-logic';
import type { CrudColumn, ListAnswer, ListParams, SearchField } from './types';

export interface UseListOptions<T> {
  resource: string;
  /** Second part of the key when one resource has several lists (default 'list'). */
  listName?: string;
  fetch(params: ListParams): Promise<ListAnswer<T>>;
  searchFields?: readonly SearchField[];
  initialFilters?: Record<string, unknown>;
  extraParams?: Record<string, unknown>;
  enabled?: boolean;
}

/**
 * A list's state: search values, page, size and sort. It lives in the page component, which the shell keeps mounted
 * while its tab is open, so switching tabs keeps the filters and the page.
 */
export function useList<T>({
  resource,
  listName,
  fetch,
  searchFields = [],
  initialFilters = {},
  extraParams,
  enabled = true,
}: UseListOptions<T>) {
  const defaultSize = useSettingsStore((s) => s.pageSize);
  const [values, setValues] = useState<Record<string, unknown>>(initialFilters);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(defaultSize || 20);
  const [sort, setSort] = useState<SortState | null>(null);
  // 统计总数: a big filter is counted only up to a cap; the user may ask for the full count of the current filter.
  const [exactFor, setExactFor] = useState<string | null>(null);
  const queryClient = useQueryClient();

  // A new tree filter starts again at page 1.
  const extraKey = JSON.stringify(extraParams ?? {});
  const [seenExtra, setSeenExtra] = useState(extraKey);
  if (seenExtra !== extraKey) {
    setSeenExtra(extraKey);
    setPage(1);
  }

  const filterKey = JSON.stringify([searchParams(searchFields, values), extraParams ?? {}]);
  const exact = exactFor === filterKey;
  const params = useMemo(() => {
    const p = listParams({ filters: searchParams(searchFields, values), extra: extraParams, page, size, sort });
    return exact ? { ...p, ExactCount: 1 } : p;
  }, [searchFields, values, extraParams, page, size, sort, exact]);
  const query = useQuery({
    queryKey: listKey(resource, params, listName),
    queryFn: () => fetch(params),
    placeholderData: keepPreviousData,
    enabled,
  });

  // 查询 with unchanged filters still reloads: the rows may have changed elsewhere (another clerk, a device).
  const unchanged = (next: Record<string, unknown>) =>
    page === 1 &&
    JSON.stringify(searchParams(searchFields, next)) === JSON.stringify(searchParams(searchFields, values));
  const search = (next: Record<string, unknown>) => {
    if (unchanged(next)) void query.refetch();
    setValues(next);
    setPage(1);
  };
  const refresh = useCallback(() => invalidateAfterWrite(queryClient, resource), [queryClient, resource]);

  return {
    params,
    values,
    search,
    reset: () => search(initialFilters),
    page,
    size,
    setPage: (p: number, s?: number) => {
      if (s && s !== size) {
        setSize(s);
        setPage(1);
      } else setPage(p);
    },
    sort,
    setSort,
    rows: query.data?.data ?? [],
    total: query.data?.count ?? query.data?.data.length ?? 0,
    /** The total is a lower bound ('10000+'); countExactly() asks for the full number. */
    countMore: query.data?.countMore === true,
    countExactly: () => setExactFor(filterKey),
    totals: query.data?.totals,
    loading: query.isFetching,
    error: query.isError && !query.data,
    refetch: query.refetch,
    refresh,
  };
}

const storageKey = (resource: string) => `linli-columns:${resource}`;

/** 列设置 per list, remembered in localStorage. */
export function useHiddenColumns<T>(resource: string, columns: readonly CrudColumn<T>[]) {
  const [hidden, setHiddenState] = useState<Set<string>>(() => {
    try {
      const saved = localStorage.getItem(storageKey(resource));
      if (saved) return new Set(JSON.parse(saved) as string[]);
    } catch {
      // Unreadable settings: fall back to the declared set.
    }
    return new Set(defaultHidden(columns));
  });
  const setHidden = (next: Set<string>) => {
    setHiddenState(next);
    localStorage.setItem(storageKey(resource), JSON.stringify([...next]));
  };
  const reset = () => {
    localStorage.removeItem(storageKey(resource));
    setHiddenState(new Set(defaultHidden(columns)));
  };
  return { hidden, setHidden, reset };
}

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { departmentOptions, useCommunityOptions, useDepartmentTree } from '../../../components/pickers';
import { archiveOptions, positionOptions } from './api';
import { linkableArchives } from './staff-logic';

/** The lookups of the staff screen: departments, positions, communities and free archives. */
export function useStaffOptions(editingArchiveId = 0) {
  const tree = useDepartmentTree();
  const communities = useCommunityOptions();
  const positions = useQuery({ queryKey: ['positions', 'options'], queryFn: positionOptions, staleTime: 30_000 });
  const archives = useQuery({
    queryKey: ['archives', 'options'],
    queryFn: archiveOptions,
    staleTime: 30_000,
    retry: false,
  });
  return useMemo(
    () => ({
      departments: departmentOptions(tree.data ?? [], false),
      positions: (positions.data ?? []).map((p) => ({ value: p.Id, label: p.Name })),
      communities: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
      archives: linkableArchives(archives.data ?? [], editingArchiveId).map((a) => ({
        value: a.Id,
        label: `${a.EmployeeNo} ${a.Name}`,
      })),
    }),
    [tree.data, positions.data, communities.data, archives.data, editingArchiveId],
  );
}

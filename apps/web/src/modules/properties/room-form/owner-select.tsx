import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useState } from 'react';
import { request } from '../../../app/request';

/** A row of /Resident/Options (residents README): Mobile is masked unless the session may view residents. */
interface ResidentOption {
  Id: number;
  Name: string;
  Mobile: string;
  Rooms: string[];
}

/**
 * 业主: picks the primary owner among the company's residents (residents.md). Searches /Resident/Options by name or
 * full mobile; each line shows the rooms the person lives in now, since names repeat and mobiles come masked. No
 * Role filter: a buyer may so far be only a tenant or family member somewhere, or not linked anywhere yet.
 * The room's current owner is shown by name even before a search.
 */
export function OwnerSelect({
  value,
  onChange,
  currentName,
  communityId,
}: {
  value?: number | null;
  onChange?(v: number | undefined): void;
  currentName?: string;
  /** Only residents living in this community (a form that has chosen its 小区). */
  communityId?: number | undefined;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['residents', 'options', keyword, communityId ?? 0],
    queryFn: () =>
      request<ResidentOption[]>(
        '/Resident/Options',
        { Keyword: keyword, ...(communityId ? { CommunityId: communityId } : {}) },
        { silent: true },
      ),
    enabled: keyword.length > 0,
    retry: false,
  });
  const options = (found.data ?? []).map((r) => ({
    value: r.Id,
    label: `${r.Name} ${r.Mobile}`,
    rooms: (r.Rooms ?? []).join('、'),
  }));
  if (value && currentName && !options.some((o) => o.value === value))
    options.unshift({ value, label: currentName, rooms: '' });
  return (
    <Select
      aria-label="业主"
      allowClear
      placeholder="输入业主姓名或手机搜索"
      value={value || undefined}
      options={options}
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      optionRender={(o) => (
        <>
          <div>{o.label}</div>
          {o.data.rooms && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {o.data.rooms}
            </Typography.Text>
          )}
        </>
      )}
      notFoundContent={keyword ? (found.isFetching ? '搜索中…' : '没有找到该业主') : '输入姓名或手机搜索'}
      onChange={(v) => onChange?.(v)}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { ROOMS, unboundMeters } from './api';
import { meterOptionLabel } from './meter-logic';

interface Props {
  communityId: number;
  roomId: number;
  meterType?: number;
  value?: number;
  onChange?(v: number | undefined): void;
}

/**
 * 绑定已有表's 仪表 field: searches the community's meters by number on the server, free ones first, bound ones
 * after them (see meterOptionLabel).
 */
export function MeterPicker({ communityId, roomId, meterType, value, onChange }: Props) {
  const [keyword, setKeyword] = useState('');
  // The chosen line, kept so it still reads right when a new search no longer returns it.
  const [picked, setPicked] = useState<{ value: number; label: string } | null>(null);
  const found = useQuery({
    queryKey: [ROOMS, 'meter-options', communityId, meterType ?? 0, keyword],
    queryFn: () => unboundMeters({ CommunityId: communityId, MeterType: meterType, Keyword: keyword, IncludeBound: 1 }),
  });
  const options = (found.data ?? []).map((m) => ({ value: m.Id, label: meterOptionLabel(m, roomId) }));
  if (value && picked?.value === value && !options.some((o) => o.value === value)) options.unshift(picked);
  return (
    <Select
      aria-label="仪表"
      allowClear
      placeholder="输入表号搜索"
      value={value}
      options={options}
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      notFoundContent={found.isFetching ? '搜索中…' : '没有找到该表号'}
      onChange={(v: number | undefined) => {
        setPicked(options.find((o) => o.value === v) ?? null);
        onChange?.(v);
      }}
    />
  );
}

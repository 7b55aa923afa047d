import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import { useState } from 'react';
import { getBuildingOptions, getRoomOptions, getUnitOptions, pickerKeys } from './api';
import { type CascadeLevel, changeLevel, type PropertyPath } from './cascade-logic';
import { useCommunityOptions } from './use-pickers';

export interface PropertyCascaderProps {
  value?: PropertyPath;
  onChange?(value: PropertyPath): void;
  /** How deep the chain goes: 2 = 小区/楼宇, 3 = + 单元 (default), 4 = + 房间. */
  depth?: 2 | 3 | 4;
  /** Width of each select in px (default 150; the room select is wider). */
  width?: number;
  disabled?: boolean;
  /** Levels that may not be cleared (a form that needs a building …). */
  noClear?: boolean;
  size?: 'small' | 'middle' | 'large';
}

const LABELS: Record<CascadeLevel, string> = {
  CommunityId: '小区',
  BuildingId: '楼宇',
  UnitId: '单元',
  RoomId: '房间',
};

/**
 * 小区 → 楼宇 → 单元 → 房间: searchable selects, each loaded when the level above is picked and limited to the
 * communities the user may see (the server's Options calls apply the scope). Picking a level clears those below.
 * Works as a Form.Item control (value/onChange) or on its own.
 */
export function PropertyCascader({
  value = {},
  onChange,
  depth = 3,
  width = 150,
  disabled,
  noClear,
  size,
}: PropertyCascaderProps) {
  const [roomKeyword, setRoomKeyword] = useState('');
  const communities = useCommunityOptions();
  const buildings = useQuery({
    queryKey: pickerKeys.buildings(value.CommunityId ?? 0),
    queryFn: () => getBuildingOptions(value.CommunityId!),
    enabled: !!value.CommunityId && depth >= 2,
    staleTime: 30_000,
  });
  const units = useQuery({
    queryKey: pickerKeys.units(value.BuildingId ?? 0),
    queryFn: () => getUnitOptions(value.BuildingId!),
    enabled: !!value.BuildingId && depth >= 3,
    staleTime: 30_000,
  });
  const roomParams = {
    CommunityId: value.CommunityId,
    BuildingId: value.BuildingId,
    UnitId: value.UnitId,
    Keyword: roomKeyword || undefined,
  };
  const rooms = useQuery({
    queryKey: pickerKeys.rooms(roomParams),
    queryFn: () => getRoomOptions(roomParams),
    enabled: !!value.BuildingId && depth >= 4,
    staleTime: 10_000,
  });

  const pick = (level: CascadeLevel, v: number | undefined) => {
    if (level === 'RoomId') setRoomKeyword('');
    onChange?.(changeLevel(value, level, v));
  };
  const select = (level: CascadeLevel, options: { value: number; label: string }[], loading: boolean, w = width) => (
    <Select<number>
      key={level}
      aria-label={LABELS[level]}
      placeholder={LABELS[level]}
      style={{ width: w }}
      size={size}
      value={value[level] || undefined}
      options={options}
      loading={loading}
      allowClear={!noClear}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={loading ? '加载中…' : '暂无数据'}
      onChange={(v) => pick(level, v)}
    />
  );

  return (
    <Space wrap size={8} className="property-cascader">
      {select(
        'CommunityId',
        (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
        communities.isLoading,
      )}
      {depth >= 2 &&
        select(
          'BuildingId',
          (buildings.data ?? []).map((b) => ({ value: b.Id, label: b.Name })),
          buildings.isFetching,
        )}
      {depth >= 3 &&
        select(
          'UnitId',
          (units.data ?? []).map((u) => ({ value: u.Id, label: u.Name })),
          units.isFetching,
        )}
      {depth >= 4 && (
        <Select<number>
          aria-label="房间"
          placeholder="房间（可输入房号搜索）"
          style={{ width: width + 60 }}
          size={size}
          value={value.RoomId || undefined}
          options={(rooms.data ?? []).map((r) => ({ value: r.Id, label: r.FullName }))}
          loading={rooms.isFetching}
          allowClear={!noClear}
          disabled={disabled || !value.BuildingId}
          showSearch={{ filterOption: false, onSearch: setRoomKeyword }}
          notFoundContent={rooms.isFetching ? '加载中…' : '暂无数据'}
          onChange={(v) => pick('RoomId', v)}
        />
      )}
    </Space>
  );
}

import { defaultPlateColor, normalisePlate, plateKind, type VehicleRow, VehicleSaveBody } from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { request } from '../../../app/request';
import { FormPage, type FormField, useFormDetail, zodRule } from '../../../components/crud';
import { OwnerSelect } from '../../properties/room-form/owner-select';
import { useOwnerRooms } from '../shared/owner-rooms';
import { plateColorOptions, useLotOptions, vehicleTypeOptions } from '../shared/options';
import { PlateChip, vehicles } from '../vehicles/resource';

type V = VehicleSaveBody;
const rule = (name: keyof V & string) => [zodRule(VehicleSaveBody, name)];
const NEW: Partial<V> = { Id: 0, VehicleType: 1 };
const needsOwner = (v: Partial<V>) => v.VehicleType === 1 || v.VehicleType === 2;

interface SpaceOption {
  Id: number;
  SpaceNo: string;
  SpaceTypeName: string;
  StatusName: string;
  Plates: string[];
}

/** vehicle/create and vehicle/addEdit?id= (车辆管理): plate with its colour chip, owner, room, space, validity. */
export default function VehicleFormPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const [form] = Form.useForm<V>();
  const detail = useFormDetail('vehicles', id, vehicles.get);
  const row = detail.data as VehicleRow | undefined;
  const lots = useLotOptions();
  const lotId = Form.useWatch('LotId', form);
  const owner = Form.useWatch('OwnerResidentId', form);
  const plate = Form.useWatch('Plate', form) as string | undefined;
  const color = Form.useWatch('PlateColor', form) as number | undefined;
  const communityId = lots.data?.find((l) => l.value === lotId)?.lot.CommunityId;
  const rooms = useOwnerRooms(owner, communityId);
  const spaces = useQuery({
    queryKey: ['places', 'options', lotId ?? 0],
    queryFn: () => request<SpaceOption[]>('/ParkingSpace/Options', { LotId: lotId }),
    enabled: !!lotId,
  });
  const spaceOptions = useMemo(
    () =>
      (spaces.data ?? []).map((s) => ({
        value: s.Id,
        label: `${s.SpaceNo}（${s.SpaceTypeName}·${s.StatusName}${s.Plates.length ? `·已绑 ${s.Plates.join('、')}` : ''}）`,
      })),
    [spaces.data],
  );
  const normal = normalisePlate(plate);
  const preview = useMemo(
    () => (plateKind(normal) ? <PlateChip plate={normal} color={color ?? defaultPlateColor(normal)} /> : null),
    [normal, color],
  );
  const fields = useMemo<FormField<V>[]>(
    () => [
      {
        name: 'LotId',
        label: '车场',
        type: 'select',
        options: (lots.data ?? []).map(({ value, label }) => ({ value, label })),
        span: 12,
        rules: rule('LotId'),
        section: '车辆信息',
      },
      {
        name: 'Plate',
        label: '车牌号',
        maxLength: 12,
        span: 12,
        rules: rule('Plate'),
        placeholder: '如 粤B12345、粤BD12345',
        extra: preview,
      },
      {
        name: 'PlateColor',
        label: '车牌颜色',
        type: 'radio',
        options: plateColorOptions,
        span: 12,
        extra: '不选时8位新能源车牌为绿色，其他为蓝色',
      },
      {
        name: 'VehicleType',
        label: '类型',
        type: 'radio',
        options: vehicleTypeOptions,
        span: 12,
        rules: rule('VehicleType'),
      },
      {
        name: 'OwnerResidentId',
        label: '业主',
        span: 12,
        section: '车主',
        required: true,
        rules: [
          {
            validator: async (_r, v) => {
              if (needsOwner(form.getFieldsValue()) && !v) throw new Error('月租车和产权车必须选择业主');
            },
          },
        ],
        hidden: (v) => !needsOwner(v),
        render: () => <OwnerSelect currentName={row?.OwnerName} />,
      },
      {
        name: 'RoomId',
        label: '房屋',
        type: 'select',
        options: rooms.data ?? [],
        span: 12,
        hidden: (v) => !needsOwner(v),
        props: { allowClear: true, placeholder: '业主名下的房屋' },
      },
      { name: 'OwnerName', label: '车主姓名', maxLength: 30, span: 12, hidden: (v) => needsOwner(v) },
      {
        name: 'OwnerMobile',
        label: '车主手机',
        maxLength: 11,
        span: 12,
        rules: rule('OwnerMobile'),
        hidden: (v) => needsOwner(v),
      },
      {
        name: 'SpaceId',
        label: '车位',
        type: 'select',
        options: spaceOptions,
        span: 12,
        section: '车位与有效期',
        props: {
          allowClear: true,
          showSearch: true,
          optionFilterProp: 'label',
          placeholder: '产权车须选业主名下已售车位',
        },
      },
      { name: 'ValidStart', label: '开始日期', type: 'date', span: 6, rules: rule('ValidStart') },
      { name: 'ValidEnd', label: '结束日期', type: 'date', span: 6, rules: rule('ValidEnd') },
      { name: 'Brand', label: '品牌', maxLength: 30, span: 12 },
      { name: 'Color', label: '车身颜色', maxLength: 20, span: 12 },
    ],
    [lots.data, rooms.data, spaceOptions, row?.OwnerName, preview, form],
  );
  return (
    <FormPage<V, VehicleRow>
      form={form}
      id={id}
      detail={detail}
      resource="vehicles"
      listPath="/car/vehicle"
      fields={fields}
      blank={NEW}
      toValues={(d) => ({
        ...d,
        OwnerResidentId: d.OwnerResidentId ?? undefined,
        RoomId: d.RoomId ?? undefined,
        SpaceId: d.SpaceId ?? undefined,
        ValidStart: d.ValidStart ?? undefined,
        ValidEnd: d.ValidEnd ?? undefined,
        OwnerName: d.OwnerResidentId ? undefined : d.OwnerName,
        OwnerMobile: d.OwnerResidentId ? undefined : d.OwnerMobile,
      })}
      onSave={(values) => vehicles.save({ ...values, Id: id })}
      title={id ? `编辑车辆 ${row?.Plate ?? ''}` : '新增车辆'}
      loadError="车辆加载失败"
      formProps={{ style: { maxWidth: 960 } }}
    />
  );
}

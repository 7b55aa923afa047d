import { type ParkingSpaceRow, ParkingSpaceSaveBody } from '@linli/shared';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { FormPage, type FormField, useFormDetail, zodRule } from '../../../components/crud';
import { OwnerSelect } from '../../properties/room-form/owner-select';
import { places } from '../places/resource';
import { useOwnerRooms } from '../shared/owner-rooms';
import { spaceStatusOptions, spaceTypeOptions, useLotOptions } from '../shared/options';

type V = ParkingSpaceSaveBody;
const rule = (name: keyof V & string) => [zodRule(ParkingSpaceSaveBody, name)];
const NEW: Partial<V> = { Id: 0, SpaceType: 1, Status: 1 };
const owned = (v: Partial<V>) => v.Status !== undefined && v.Status !== 1;

/** place/create and place/edit/:id (车位管理 "Form"): owner for 已售/已租, one of his rooms, the lease for 已租. */
export default function PlaceFormPage() {
  const { id } = useParams();
  const spaceId = Number(id ?? 0);
  const [form] = Form.useForm<V>();
  const detail = useFormDetail('places', spaceId, places.get);
  const lots = useLotOptions();
  const lotId = Form.useWatch('LotId', form);
  const owner = Form.useWatch('OwnerResidentId', form);
  const communityId = lots.data?.find((l) => l.value === lotId)?.lot.CommunityId;
  const rooms = useOwnerRooms(owner, communityId);
  const row = detail.data as ParkingSpaceRow | undefined;
  const fields = useMemo<FormField<V>[]>(
    () => [
      {
        name: 'LotId',
        label: '车场',
        type: 'select',
        options: (lots.data ?? []).map(({ value, label }) => ({ value, label })),
        span: 12,
        rules: rule('LotId'),
        section: '车位信息',
      },
      { name: 'SpaceNo', label: '编号', maxLength: 20, span: 12, rules: rule('SpaceNo'), placeholder: '如 B1-001' },
      {
        name: 'SpaceType',
        label: '类型',
        type: 'radio',
        options: spaceTypeOptions,
        span: 12,
        rules: rule('SpaceType'),
      },
      {
        name: 'Area',
        label: '面积（㎡）',
        type: 'number',
        span: 12,
        rules: rule('Area'),
        props: { min: 0, precision: 2 },
      },
      { name: 'Status', label: '状态', type: 'radio', options: spaceStatusOptions, span: 24, rules: rule('Status') },
      {
        name: 'OwnerResidentId',
        label: '业主',
        span: 12,
        section: '业主与租期',
        required: true,
        rules: [
          {
            validator: async (_r, v) => {
              const s = form.getFieldValue('Status');
              if ((s === 2 || s === 3) && !v) throw new Error('已售/已租车位必须选择业主');
            },
          },
        ],
        hidden: (v) => !owned(v),
        render: () => <OwnerSelect currentName={row?.OwnerName} />,
      },
      {
        name: 'RoomId',
        label: '房屋',
        type: 'select',
        options: rooms.data ?? [],
        span: 12,
        hidden: (v) => !owned(v),
        props: { allowClear: true, placeholder: '业主名下的房屋' },
      },
      {
        name: 'RentStart',
        label: '租期开始',
        type: 'date',
        span: 12,
        rules: rule('RentStart'),
        hidden: (v) => v.Status !== 3,
      },
      {
        name: 'RentEnd',
        label: '租期结束',
        type: 'date',
        span: 12,
        rules: rule('RentEnd'),
        hidden: (v) => v.Status !== 3,
      },
    ],
    [lots.data, rooms.data, row?.OwnerName, form],
  );
  return (
    <FormPage<V, ParkingSpaceRow>
      form={form}
      id={spaceId}
      detail={detail}
      resource="places"
      listPath="/car/place"
      fields={fields}
      blank={NEW}
      toValues={(d) => ({
        ...d,
        Area: d.Area ?? undefined,
        OwnerResidentId: d.OwnerResidentId ?? undefined,
        RoomId: d.RoomId ?? undefined,
        RentStart: d.RentStart ?? undefined,
        RentEnd: d.RentEnd ?? undefined,
      })}
      onSave={(values) => places.save({ ...values, Id: spaceId })}
      title={spaceId ? `编辑车位 ${row?.SpaceNo ?? ''}` : '新增车位'}
      loadError="车位加载失败"
      formProps={{ style: { maxWidth: 960 } }}
    />
  );
}

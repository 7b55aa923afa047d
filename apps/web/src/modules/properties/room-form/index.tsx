import { Form } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FormPage, useFormDetail } from '../../../components/crud';
import { ROOMS, roomGet, roomSave } from '../rooms/api';
import { type RoomFormValues, roomFields } from './columns';
import { toRoomBody } from './room-form-logic';

const NEW: Partial<RoomFormValues> = {
  Id: 0,
  RoomType: 1,
  Status: 0,
  FeeCoefficient: '1.00',
  Bedrooms: 0,
  Livingrooms: 0,
  Bathrooms: 0,
};

/** /housemanage/house/houseaddedit: 新增房间, or 编辑房间 with `?id=`. */
export default function RoomFormPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const [form] = Form.useForm<RoomFormValues>();
  const detail = useFormDetail(ROOMS, id, roomGet);
  const fields = useMemo(() => roomFields(detail.data?.OwnerName ?? ''), [detail.data?.OwnerName]);

  return (
    <FormPage
      form={form}
      id={id}
      detail={detail}
      resource={ROOMS}
      listPath="/housemanage/houselist"
      fields={fields}
      blank={NEW}
      toValues={(d) =>
        ({
          ...d,
          InnerArea: d.InnerArea || undefined,
          Location: { CommunityId: d.CommunityId, BuildingId: d.BuildingId, UnitId: d.UnitId },
        }) as never
      }
      onSave={(values) => roomSave({ ...toRoomBody(values), Id: id } as never)}
      errorFields={{ UnitId: 'Location' }}
      title={id ? `编辑房间 ${detail.data?.FullName ?? ''}` : '新增房间'}
      loadError="房间加载失败"
      formProps={{ style: { maxWidth: 960 } }}
    />
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Result, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTagsStore } from '../../../app/stores/tags-store';
import { ui } from '../../../app/ui-bridge';
import { FormFields, fieldErrorEntries, fromFormValues, toFormValues } from '../../../components/crud';
import { ROOMS, roomGet, roomSave } from '../rooms/api';
import { type RoomFormValues, roomFields } from './columns';
import { toRoomBody } from './room-form-logic';

const LIST = '/housemanage/houselist';
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
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoomFormValues>();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: [ROOMS, 'detail', id], queryFn: () => roomGet(id), enabled: id > 0, gcTime: 0 });
  const fields = useMemo(() => roomFields(detail.data?.OwnerName ?? ''), [detail.data?.OwnerName]);

  useEffect(() => {
    form.resetFields();
    const d = detail.data;
    if (id === 0) form.setFieldsValue(NEW as never);
    else if (d)
      form.setFieldsValue(
        toFormValues(fields, {
          ...d,
          InnerArea: d.InnerArea || undefined,
          Location: { CommunityId: d.CommunityId, BuildingId: d.BuildingId, UnitId: d.UnitId },
        } as never) as never,
      );
  }, [id, detail.data, form, fields]);

  const leave = () => {
    useTagsStore.getState().close(pathname, pathname);
    navigate(LIST);
  };

  const save = async () => {
    const ok = await form.validateFields().catch(() => null);
    if (!ok) return;
    setSaving(true);
    try {
      const all = fromFormValues(form.getFieldsValue(true) as RoomFormValues);
      await roomSave({ ...toRoomBody(all), Id: id } as never);
      ui.toast('success', '保存成功');
      await queryClient.invalidateQueries({ queryKey: [ROOMS] });
      leave();
    } catch (error) {
      const { fields: errs } = fieldErrorEntries(error, [...fields.map((f) => f.name), 'UnitId']);
      form.setFields(errs.map((e) => (e.name === 'UnitId' ? { ...e, name: 'Location' } : e)) as never);
    } finally {
      setSaving(false);
    }
  };

  if (detail.isError)
    return (
      <Result status="warning" title="房间加载失败" extra={<Button onClick={() => navigate(LIST)}>返回列表</Button>} />
    );

  return (
    <Card
      title={id ? `编辑房间 ${detail.data?.FullName ?? ''}` : '新增房间'}
      extra={
        <Space>
          <Button onClick={leave}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={detail.isLoading && id > 0}>
        <Form form={form} layout="vertical" style={{ maxWidth: 960 }}>
          <FormFields fields={fields} editing={id > 0} />
        </Form>
      </Spin>
    </Card>
  );
}

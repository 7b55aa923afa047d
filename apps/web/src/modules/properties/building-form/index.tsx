import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Divider, Form, Result, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTagsStore } from '../../../app/stores/tags-store';
import { ui } from '../../../app/ui-bridge';
import { FormFields, fieldErrorEntries, fromFormValues } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { BUILDINGS, type BuildingValues, buildingGet, buildingSave } from '../buildings/api';
import { buildingFields } from './columns';
import { UnitsEditor } from './units-editor';

const LIST = '/housemanage/buildinglist';
const NEW: Partial<BuildingValues> = {
  Id: 0,
  BuildingType: 1,
  FloorsBelow: 0,
  HasLift: false,
  Sort: 0,
  Units: [{ Id: 0, UnitNo: 1, Name: '1单元' }] as never,
};

/** buildingaddedit: 新增楼宇 (`?communityId=` preselects), or 编辑楼宇 with `?id=`; units edited in place. */
export default function BuildingFormPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const communityId = Number(search.get('communityId') ?? 0) || undefined;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const communities = useCommunityOptions();
  const fields = useMemo(
    () => buildingFields((communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }))),
    [communities.data],
  );
  const [form] = Form.useForm<BuildingValues>();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({
    queryKey: [BUILDINGS, 'detail', id],
    queryFn: () => buildingGet(id),
    enabled: id > 0,
    gcTime: 0,
  });

  useEffect(() => {
    form.resetFields();
    if (id === 0) form.setFieldsValue({ ...NEW, CommunityId: communityId } as never);
    else if (detail.data) form.setFieldsValue(detail.data as never);
  }, [id, communityId, detail.data, form]);

  const leave = () => {
    useTagsStore.getState().close(pathname, pathname);
    navigate(LIST);
  };

  const save = async () => {
    const ok = await form.validateFields().catch(() => null);
    if (!ok) return;
    setSaving(true);
    try {
      const all = fromFormValues(form.getFieldsValue(true) as BuildingValues);
      await buildingSave({ ...all, Id: id });
      ui.toast('success', '保存成功');
      await queryClient.invalidateQueries({ queryKey: [BUILDINGS] });
      leave();
    } catch (error) {
      form.setFields(fieldErrorEntries(error, [...fields.map((f) => f.name), 'Units']).fields as never);
    } finally {
      setSaving(false);
    }
  };

  if (detail.isError)
    return (
      <Result status="warning" title="楼宇加载失败" extra={<Button onClick={() => navigate(LIST)}>返回列表</Button>} />
    );

  return (
    <Card
      title={id ? `编辑楼宇 ${detail.data?.Name ?? ''}` : '新增楼宇'}
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
          <Divider titlePlacement="start">单元</Divider>
          <UnitsEditor />
        </Form>
      </Spin>
    </Card>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Result, Space, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTagsStore } from '../../../app/stores/tags-store';
import { ui } from '../../../app/ui-bridge';
import { FormFields, fieldErrorEntries, fromFormValues, toFormValues } from '../../../components/crud';
import { useStaffOptions } from '../../../components/pickers';
import { COMMUNITIES, type CommunityValues, communityGet, communitySave } from '../communities/api';
import { communityFields } from './columns';

const LIST = '/housemanage/communitylist';
const NEW: Partial<CommunityValues> = { Id: 0, Status: 1, Photos: [] };

/** communityaddedit: 新增小区, or 编辑小区 with `?id=`. */
export default function CommunityFormPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const staff = useStaffOptions();
  const fields = useMemo(() => communityFields(staff.data ?? []), [staff.data]);
  const [form] = Form.useForm<CommunityValues>();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({
    queryKey: [COMMUNITIES, 'detail', id],
    queryFn: () => communityGet(id),
    enabled: id > 0,
    gcTime: 0,
  });

  // The fields change when the staff picker's options arrive; that must not wipe what the person has typed,
  // so the form is reset only for another record.
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  useEffect(() => {
    form.resetFields();
    if (id === 0) form.setFieldsValue(NEW as never);
    else if (detail.data) form.setFieldsValue(toFormValues(fieldsRef.current, detail.data as never) as never);
  }, [id, detail.data, form]);

  const leave = () => {
    useTagsStore.getState().close(pathname, pathname);
    navigate(LIST);
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await communitySave({ ...fromFormValues({ ...form.getFieldsValue(true), ...values }), Id: id });
      ui.toast('success', '保存成功');
      await queryClient.invalidateQueries({ queryKey: [COMMUNITIES] });
      leave();
    } catch (error) {
      const { fields: errs } = fieldErrorEntries(
        error,
        fields.map((f) => f.name),
      );
      form.setFields(errs as never);
    } finally {
      setSaving(false);
    }
  };

  if (detail.isError)
    return (
      <Result status="warning" title="小区加载失败" extra={<Button onClick={() => navigate(LIST)}>返回列表</Button>} />
    );

  return (
    <Card
      title={id ? `编辑小区 ${detail.data?.Name ?? ''}` : '新增小区'}
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

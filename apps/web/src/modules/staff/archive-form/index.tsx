import { birthDateOfIdCard } from '@linli/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Result, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTagsStore } from '../../../app/stores/tags-store';
import { ui } from '../../../app/ui-bridge';
import { FormFields, fieldErrorEntries, fromFormValues, toFormValues } from '../../../components/crud';
import { departmentOptions, useDepartmentTree } from '../../../components/pickers';
import { ARCHIVES, type ArchiveDetail, archiveGet, archiveKeys, archiveSave } from './api';
import { archiveFields } from './columns';

const LIST_PATH = '/personnel/archives';

/** 新增档案 / 编辑档案: the staff file in sections; the ID number fills the birth date. */
export default function ArchiveFormPage() {
  const { id } = useParams();
  const archiveId = Number(id ?? 0);
  const editing = archiveId > 0;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tree = useDepartmentTree();
  const fields = useMemo(() => archiveFields(departmentOptions(tree.data ?? [], false)), [tree.data]);
  const [form] = Form.useForm<ArchiveDetail>();
  const [saving, setSaving] = useState(false);
  // A new file asks Get with Id 0 for its defaults (the next 工号 E0001…).
  const detail = useQuery({ queryKey: archiveKeys.detail(archiveId), queryFn: () => archiveGet(archiveId), gcTime: 0 });

  useEffect(() => {
    if (detail.data)
      form.setFieldsValue(toFormValues(fields, { ...detail.data, Gender: detail.data.Gender || 1 }) as never);
  }, [detail.data, form, fields]);

  const leave = () => {
    useTagsStore.getState().close(pathname, pathname);
    navigate(LIST_PATH);
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const all = fromFormValues({ ...form.getFieldsValue(true), ...values });
      await archiveSave({ ...all, Id: archiveId } as never);
      ui.toast('success', '保存成功');
      await queryClient.invalidateQueries({ queryKey: [ARCHIVES] });
      leave();
    } catch (error) {
      form.setFields(
        fieldErrorEntries(
          error,
          fields.map((f) => f.name),
        ).fields as never,
      );
    } finally {
      setSaving(false);
    }
  };

  if (detail.isError)
    return (
      <Result
        status="warning"
        title="档案加载失败"
        extra={<Button onClick={() => navigate(LIST_PATH)}>返回列表</Button>}
      />
    );

  return (
    <Card
      title={editing ? `编辑档案 ${detail.data?.Name ?? ''}` : '新增档案'}
      extra={
        <Space>
          <Button onClick={leave}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={detail.isLoading}>
        <Form
          form={form}
          layout="vertical"
          onValuesChange={(changed) => {
            if (!('IdCard' in changed)) return;
            const birth = birthDateOfIdCard(String(changed.IdCard ?? ''));
            if (birth) form.setFieldValue('BirthDate', dayjs(birth));
          }}
        >
          <FormFields fields={fields} editing={editing} />
        </Form>
      </Spin>
    </Card>
  );
}

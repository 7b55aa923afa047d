import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import type { Option } from '../../../components/crud';
import { RESIDENTS, residentSetTags } from './api';
import { invalidateAfterWrite } from '../../../app/query-deps';

interface Values {
  TagIds: number[];
  Mode: 'add' | 'replace';
}

/** 批量打标签: add the tags to the chosen residents, or replace theirs. */
export function SetTagsDialog({
  ids,
  tags,
  onClose,
}: {
  ids: number[] | null;
  tags: Option[];
  onClose(saved: boolean): void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await residentSetTags(ids ?? [], v.TagIds, v.Mode);
      ui.toast('success', '保存成功');
      void invalidateAfterWrite(queryClient, RESIDENTS);
      onClose(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={`批量打标签（${ids?.length ?? 0}人）`}
      open={!!ids}
      onCancel={() => onClose(false)}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ Mode: 'add', TagIds: [] }} preserve={false}>
        <Form.Item name="TagIds" label="标签" rules={[{ type: 'array', max: 10, message: '标签最多10个' }]}>
          <Select aria-label="标签" mode="multiple" options={tags} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="Mode" label="方式">
          <Radio.Group
            options={[
              { value: 'add', label: '追加' },
              { value: 'replace', label: '替换' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

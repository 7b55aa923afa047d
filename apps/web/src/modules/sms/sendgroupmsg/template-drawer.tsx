import { SMS_VARIABLES, type SmsTemplateRow, SmsTemplateSaveBody } from '@linli/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite, zodRule } from '../../../components/crud';
import { SMS, smsApi } from '../shared/api';
import { stateColor, templateKindOptions } from '../shared/labels';
import { ReviewEditModal } from '../shared/review-edit-modal';
import { TemplateText } from './template-preview';

const rule = (name: keyof typeof SmsTemplateSaveBody.shape) => zodRule(SmsTemplateSaveBody, name);

/** 模板管理: templates with their review state (set by hand after the provider's review). */
export function TemplateDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: [SMS, 'templates', 'all'], queryFn: () => smsApi.templates(), enabled: open });
  const [editing, setEditing] = useState<Partial<SmsTemplateRow> | null>(null);

  return (
    <Drawer open={open} onClose={onClose} title="模板管理" size={860} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing({ Kind: 1, State: 1 })}>
          新增模板
        </Button>
        <Typography.Text type="secondary">
          可用变量：
          {Object.keys(SMS_VARIABLES)
            .map((v) => `{${v}}`)
            .join(' ')}
          ；其他变量在发送时填写
        </Typography.Text>
      </Space>
      <Table<SmsTemplateRow>
        rowKey="Id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'Name', width: 100 },
          { title: '类型', dataIndex: 'KindName', width: 60 },
          { title: '内容', dataIndex: 'Content', render: (c: string) => <TemplateText content={c} /> },
          { title: '服务商模板编号', dataIndex: 'ProviderCode', width: 120 },
          {
            title: '状态',
            dataIndex: 'StateName',
            width: 80,
            render: (s: string) => <Tag color={stateColor[s]}>{s}</Tag>,
          },
          {
            title: '操作',
            key: 'op',
            width: 110,
            render: (_v, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`确定删除模板「${r.Name}」吗？`}
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    await smsApi.templateDel(r.Id).catch(() => undefined);
                    await invalidateAfterWrite(client, SMS);
                  }}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ReviewEditModal
        editing={editing}
        noun="模板"
        width={620}
        labelWidth="120px"
        save={smsApi.templateSave}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="Name" label="名称" rules={[rule('Name')]} required>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="Kind" label="类型" rules={[rule('Kind')]} required>
          <Select options={templateKindOptions} />
        </Form.Item>
        <Form.Item name="Content" label="内容" rules={[rule('Content')]} required extra="不含签名；变量写作 {姓名}">
          <Input.TextArea rows={5} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="ProviderCode" label="服务商模板编号">
          <Input maxLength={40} />
        </Form.Item>
      </ReviewEditModal>
    </Drawer>
  );
}

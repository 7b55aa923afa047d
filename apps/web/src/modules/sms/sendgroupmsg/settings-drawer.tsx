import { SMS_PROVIDER_KINDS, type SmsSignRow } from '@linli/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { showFieldErrors } from '../shared/form-errors';
import { ui } from '../../../app/ui-bridge';
import { invalidateAfterWrite } from '../../../components/crud';
import { SMS, smsApi } from '../shared/api';
import { optionsOf, stateColor } from '../shared/labels';
import { ReviewEditModal } from '../shared/review-edit-modal';

/** 签名与通道: signatures with their review state, the provider (secret write-only), the unit price, 测试发送. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const client = useQueryClient();
  const signs = useQuery({ queryKey: [SMS, 'signs', 'all'], queryFn: () => smsApi.signs(), enabled: open });
  const provider = useQuery({ queryKey: [SMS, 'provider'], queryFn: smsApi.provider, enabled: open });
  const [channel] = Form.useForm();
  const [editing, setEditing] = useState<Partial<SmsSignRow> | null>(null);
  const [phone, setPhone] = useState('');
  const kind = Form.useWatch('Kind', channel);

  useEffect(() => {
    if (provider.data) channel.setFieldsValue(provider.data);
  }, [provider.data, channel]);

  const saveChannel = async () => {
    const v = await channel.validateFields();
    try {
      await smsApi.providerSave(v);
      ui.toast('success', '保存成功');
      await invalidateAfterWrite(client, SMS);
    } catch (e) {
      showFieldErrors(channel, e);
    }
  };
  const test = async () => {
    try {
      await smsApi.testSend(phone);
      ui.toast('success', '测试短信已提交，请在发送记录中查看结果');
      await invalidateAfterWrite(client, SMS);
    } catch {
      // shown by the request client
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title="签名与通道" size={720} destroyOnHidden>
      <Card size="small" title="短信签名" extra={<Button onClick={() => setEditing({ State: 1 })}>新增签名</Button>}>
        <Table<SmsSignRow>
          rowKey="Id"
          size="small"
          pagination={false}
          dataSource={signs.data ?? []}
          columns={[
            { title: '签名', dataIndex: 'Name', render: (n: string) => `【${n}】` },
            { title: '状态', dataIndex: 'StateName', render: (s: string) => <Tag color={stateColor[s]}>{s}</Tag> },
            {
              title: '操作',
              key: 'op',
              width: 80,
              render: (_v, r) => (
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title="发送通道" style={{ marginTop: 12 }}>
        <Form form={channel} labelCol={{ flex: '120px' }} initialValues={{ Kind: 3, UnitPrice: '0.08' }}>
          <Form.Item name="Kind" label="通道" required>
            <Select
              options={optionsOf(SMS_PROVIDER_KINDS).map((o) =>
                o.value === 3 ? { ...o, label: '日志通道(演示)' } : o,
              )}
            />
          </Form.Item>
          {kind !== 3 && (
            <>
              <Form.Item name="Key" label={kind === 2 ? 'SecretId' : 'AccessKey'}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="Secret" label="Secret" extra="已保存的密钥显示为 ****，不修改请保留">
                <Input.Password maxLength={200} autoComplete="new-password" />
              </Form.Item>
              {kind === 2 && (
                <Form.Item name="AppId" label="SdkAppId">
                  <Input maxLength={40} />
                </Form.Item>
              )}
            </>
          )}
          <Form.Item name="CallbackToken" label="回执令牌">
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="UnitPrice" label="单价（元/条）" rules={[{ required: true, message: '请输入单价' }]}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" onClick={() => void saveChannel()}>
              保存通道
            </Button>
          </Form.Item>
        </Form>
        <Space>
          <Input
            placeholder="接收测试短信的手机号"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            style={{ width: 220 }}
          />
          <Button onClick={() => void test()} disabled={!phone}>
            测试发送
          </Button>
        </Space>
      </Card>
      <ReviewEditModal
        editing={editing}
        noun="签名"
        labelWidth="80px"
        stateLabel="状态"
        save={smsApi.signSave}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          name="Name"
          label="签名"
          rules={[{ required: true, message: '请输入签名' }]}
          extra="2-12个字，不含【】"
        >
          <Input maxLength={14} />
        </Form.Item>
      </ReviewEditModal>
    </Drawer>
  );
}

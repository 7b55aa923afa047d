import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Divider, Form, Input, InputNumber, Modal, Radio, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { fieldErrorEntries, ImageField, ImageListField } from '../../../components/crud';
import {
  type AppointmentRow,
  type CompleteValues,
  HANDOVER,
  handoverComplete,
  handoverConfigGet,
  handoverGet,
} from './api';
import { invalidateAfterWrite } from '../../../app/query-deps';

const AFTER = [
  { value: 1, label: '空置' },
  { value: 4, label: '装修中' },
  { value: 2, label: '已入住' },
];
const cents = (v: unknown) => Math.round(Number(v) * 100);

/**
 * 办理交房: each inspection item 合格/不合格 with a note and ≤5 photos, the keys handed over, a reading for each bound
 * meter (not below its last), the owner's signature or 业主已签字确认, and the room status afterwards. 拒收 sends the
 * appointment to 待整改 instead. One call, one transaction on the server.
 */
export function HandoverDialog({ row, onClose }: { row: AppointmentRow | null; onClose(): void }) {
  const [form] = Form.useForm<CompleteValues>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const accepted = Form.useWatch('Accepted', form) ?? true;
  const config = useQuery({
    queryKey: [HANDOVER, 'config', row?.CommunityId ?? 0],
    queryFn: () => handoverConfigGet(row!.CommunityId),
    enabled: !!row,
  });
  // The meters come with the appointment: a clerk of 交房预约 alone may not call /Meter/ByRoom.
  const meters = useQuery({
    queryKey: [HANDOVER, 'meters', row?.Id ?? 0],
    queryFn: async () => (await handoverGet(row!.Id)).Meters,
    enabled: !!row,
    staleTime: 0,
  });

  useEffect(() => {
    if (!row || !config.data || !meters.data) return;
    form.resetFields();
    form.setFieldsValue({
      Accepted: true,
      OwnerSigned: false,
      RoomStatusAfter: 1,
      InspectResults: config.data.InspectItems.map((Item) => ({ Item, Ok: true, Note: '', Photos: [] })) as never,
      Keys: config.data.KeyItems as never,
      MeterReadings: meters.data.map((m) => ({ MeterId: m.Id, Reading: undefined })) as never,
    });
  }, [row, config.data, meters.data, form]);

  const submit = async () => {
    const ok = await form.validateFields().catch(() => null);
    if (!ok || !row) return;
    const v = form.getFieldsValue(true) as CompleteValues;
    setBusy(true);
    try {
      await handoverComplete({ ...v, Id: row.Id });
      ui.toast('success', v.Accepted ? '办理成功' : '已转为待整改');
      await invalidateAfterWrite(queryClient, HANDOVER);
      onClose();
    } catch (error) {
      form.setFields(fieldErrorEntries(error, ['OwnerSigned', 'Reason', 'RoomStatusAfter']).fields as never);
    } finally {
      setBusy(false);
    }
  };

  const meterList = meters.data ?? [];
  return (
    <Modal
      title={`办理交房 - ${row?.RoomName ?? ''}`}
      open={!!row}
      width={860}
      okText="完成交房"
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={config.isLoading || meters.isLoading}>
        <Form form={form} layout="vertical">
          <Divider titlePlacement="start">验房</Divider>
          <Form.List name="InspectResults">
            {(rows) => (
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={rows}
                scroll={{ x: 'max-content' }}
                columns={[
                  {
                    title: '项目',
                    width: 70,
                    render: (_v, r) => form.getFieldValue(['InspectResults', r.name, 'Item']) as string,
                  },
                  {
                    title: '结果',
                    width: 170,
                    render: (_v, r) => (
                      <Form.Item name={[r.name, 'Ok']} noStyle>
                        <Radio.Group
                          options={[
                            { value: true, label: '合格' },
                            { value: false, label: '不合格' },
                          ]}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '备注',
                    render: (_v, r) => (
                      <Form.Item name={[r.name, 'Note']} noStyle>
                        <Input maxLength={200} aria-label="备注" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '照片',
                    render: (_v, r) => (
                      <Form.Item name={[r.name, 'Photos']} noStyle>
                        <ImageListField max={5} />
                      </Form.Item>
                    ),
                  },
                ]}
              />
            )}
          </Form.List>
          <Divider titlePlacement="start">钥匙交接</Divider>
          <Form.List name="Keys">
            {(rows) => (
              <Space wrap>
                {rows.map((r) => (
                  <Form.Item
                    key={r.key}
                    name={[r.name, 'Qty']}
                    label={form.getFieldValue(['Keys', r.name, 'Name']) as string}
                  >
                    <InputNumber min={0} max={99} precision={0} addonAfter="个" />
                  </Form.Item>
                ))}
              </Space>
            )}
          </Form.List>
          <Divider titlePlacement="start">仪表读数</Divider>
          {meterList.length === 0 && <Typography.Text type="secondary">该房间未绑定仪表</Typography.Text>}
          <Form.List name="MeterReadings">
            {(rows) => (
              <Space wrap>
                {rows.map((r, i) => {
                  const m = meterList[i];
                  if (!m) return null;
                  return (
                    <Form.Item
                      key={r.key}
                      name={[r.name, 'Reading']}
                      label={`${m.MeterTypeName} ${m.MeterNo}（上次 ${m.LastReading}）`}
                      rules={[
                        { required: true, message: '请输入读数' },
                        {
                          validator: async (_r, v) => {
                            if (v !== undefined && v !== null && cents(v) < cents(m.LastReading))
                              throw new Error('读数不能小于上次读数');
                          },
                        },
                      ]}
                    >
                      <InputNumber min={0} precision={2} stringMode aria-label={`${m.MeterTypeName}${m.MeterNo}读数`} />
                    </Form.Item>
                  );
                })}
              </Space>
            )}
          </Form.List>
          <Divider titlePlacement="start">确认</Divider>
          <Form.Item name="Accepted" label="交房结果">
            <Radio.Group
              options={[
                { value: true, label: '验收通过，交付钥匙' },
                { value: false, label: '业主拒收，转待整改' },
              ]}
            />
          </Form.Item>
          {accepted ? (
            <>
              <Form.Item name="RoomStatusAfter" label="交房后房间状态">
                <Radio.Group options={AFTER} />
              </Form.Item>
              <Form.Item name="SignatureImg" label="业主签名">
                <ImageField />
              </Form.Item>
              <Form.Item name="OwnerSigned" valuePropName="checked">
                <Checkbox>业主已签字确认</Checkbox>
              </Form.Item>
            </>
          ) : (
            <Form.Item name="Reason" label="整改原因" rules={[{ required: true, message: '请输入整改原因' }]}>
              <Input.TextArea rows={2} maxLength={200} aria-label="整改原因" />
            </Form.Item>
          )}
        </Form>
      </Spin>
    </Modal>
  );
}

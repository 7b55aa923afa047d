import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Col, DatePicker, Empty, Form, Input, InputNumber, Row, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { fieldErrorEntries } from '../../../components/crud';
import { type ConfigValues, HANDOVER, handoverConfigGet, handoverConfigSave } from './api';
import { invalidateAfterWrite } from '../../../app/query-deps';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'].map((w, i) => ({ value: i + 1, label: `周${w}` }));
const HM = /^([01]\d|2[0-3]):[0-5]\d$/;

interface FormValues extends Omit<ConfigValues, 'StartDate' | 'EndDate' | 'ClosedDates'> {
  Range: [Dayjs, Dayjs];
  ClosedDates: Dayjs[];
}

/** 时段设置 (`slot`), per community: dates, weekdays, slots with capacity, closed dates, booking window, checklists. */
export function SlotSettings({ communityId }: { communityId?: number }) {
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const config = useQuery({
    queryKey: [HANDOVER, 'config', communityId ?? 0],
    queryFn: () => handoverConfigGet(communityId!),
    enabled: !!communityId,
  });

  useEffect(() => {
    const c = config.data;
    if (!c) return;
    form.setFieldsValue({
      ...c,
      Range: [dayjs(c.StartDate), dayjs(c.EndDate)],
      ClosedDates: c.ClosedDates.map((d) => dayjs(d)),
    });
  }, [config.data, form]);

  const save = async () => {
    const ok = await form.validateFields().catch(() => null);
    if (!ok || !communityId) return;
    const { Range, ClosedDates, ...v } = form.getFieldsValue(true) as FormValues;
    setBusy(true);
    try {
      await handoverConfigSave({
        ...v,
        CommunityId: communityId,
        StartDate: Range[0].format('YYYY-MM-DD'),
        EndDate: Range[1].format('YYYY-MM-DD'),
        ClosedDates: (ClosedDates ?? []).map((d) => d.format('YYYY-MM-DD')),
      });
      ui.toast('success', '保存成功');
      await invalidateAfterWrite(queryClient, HANDOVER);
    } catch (error) {
      form.setFields(fieldErrorEntries(error, ['Weekdays', 'Slots', 'LeadDays', 'MaxDaysAhead']).fields as never);
    } finally {
      setBusy(false);
    }
  };

  if (!communityId) return <Empty description="请先选择小区" />;
  return (
    <Spin spinning={config.isLoading}>
      <Form form={form} layout="vertical" style={{ maxWidth: 860 }}>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="Range" label="开放日期" rules={[{ required: true, message: '请选择开放日期' }]}>
              <DatePicker.RangePicker style={{ width: '100%' }} aria-label="开放日期" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="LeadDays" label="提前天数" extra="至少提前几天预约">
              <InputNumber min={0} max={30} precision={0} style={{ width: '100%' }} aria-label="提前天数" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="MaxDaysAhead" label="最多提前天数">
              <InputNumber min={1} max={90} precision={0} style={{ width: '100%' }} aria-label="最多提前天数" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="Weekdays" label="开放星期" rules={[{ required: true, message: '请选择开放的星期' }]}>
          <Checkbox.Group options={WEEKDAYS} />
        </Form.Item>
        <Form.List name="Slots">
          {(rows, { add, remove }) => (
            <Form.Item label="时段与容量" required>
              {rows.map((r) => (
                <Space key={r.key} align="baseline" wrap>
                  <Form.Item name={[r.name, 'Start']} rules={[{ pattern: HM, required: true, message: '格式 09:00' }]}>
                    <Input style={{ width: 90 }} placeholder="09:00" aria-label={`第${r.name + 1}个时段开始`} />
                  </Form.Item>
                  <span>至</span>
                  <Form.Item name={[r.name, 'End']} rules={[{ pattern: HM, required: true, message: '格式 10:00' }]}>
                    <Input style={{ width: 90 }} placeholder="10:00" aria-label={`第${r.name + 1}个时段结束`} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'Capacity']} rules={[{ required: true, message: '请输入容量' }]}>
                    <InputNumber
                      min={1}
                      max={99}
                      precision={0}
                      addonBefore="容量"
                      aria-label={`第${r.name + 1}个时段容量`}
                    />
                  </Form.Item>
                  <Button
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除第${r.name + 1}个时段`}
                    onClick={() => remove(r.name)}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ Start: '', End: '', Capacity: 3 })}>
                添加时段
              </Button>
            </Form.Item>
          )}
        </Form.List>
        <Form.Item name="ClosedDates" label="不开放日期">
          <DatePicker multiple style={{ width: '100%' }} aria-label="不开放日期" />
        </Form.Item>
        <Form.Item name="InspectItems" label="验房项目">
          <Select mode="tags" aria-label="验房项目" placeholder="输入后回车添加" />
        </Form.Item>
        <Form.List name="KeyItems">
          {(rows, { add, remove }) => (
            <Form.Item label="交付钥匙">
              <Space wrap>
                {rows.map((r) => (
                  <Space.Compact key={r.key}>
                    <Form.Item name={[r.name, 'Name']} noStyle>
                      <Input style={{ width: 110 }} aria-label={`第${r.name + 1}项钥匙名称`} />
                    </Form.Item>
                    <Form.Item name={[r.name, 'Qty']} noStyle>
                      <InputNumber min={0} max={99} precision={0} style={{ width: 64 }} aria-label="数量" />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} aria-label="删除" onClick={() => remove(r.name)} />
                  </Space.Compact>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ Name: '', Qty: 1 })}>
                  添加
                </Button>
              </Space>
            </Form.Item>
          )}
        </Form.List>
        <Auth btn="slot">
          <Button type="primary" loading={busy} onClick={() => void save()}>
            保存时段设置
          </Button>
        </Auth>
      </Form>
    </Spin>
  );
}

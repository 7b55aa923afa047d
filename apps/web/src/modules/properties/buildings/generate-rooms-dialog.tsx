import { GenerateRoomsBody } from '@linli/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Col, Form, InputNumber, Modal, Row, Select, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { fieldErrorEntries, zodRule } from '../../../components/crud';
import { roomStatusOptions, roomTypeOptions } from '../shared/labels';
import { BUILDINGS, type BuildingRow, buildingGet, type GenerateValues, generateRooms } from './api';
import { numberExample, plannedCount, type Position, positionsFor } from './generate-logic';
import { invalidateAfterWrite } from '../../../app/query-deps';

const rule = (name: keyof GenerateRoomsBody & string) => [zodRule(GenerateRoomsBody, name)];

/**
 * 生成房间: units × floors × rooms a floor, numbered floor×100 + sequence, with each position's areas. 预览 asks the
 * server what it would do ('将生成 240 间，已存在 12 间将跳过'); 确认生成 is offered only for the previewed inputs.
 */
export function GenerateRoomsDialog({ building, onClose }: { building: BuildingRow | null; onClose(): void }) {
  const [form] = Form.useForm<GenerateValues>();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  const detail = useQuery({
    queryKey: [BUILDINGS, 'detail', building?.Id ?? 0],
    queryFn: () => buildingGet(building!.Id),
    enabled: !!building,
  });
  const units = detail.data?.Units ?? [];
  const perFloor = Form.useWatch('PerFloor', form) ?? 0;
  const from = Form.useWatch('FloorFrom', form) ?? 1;
  const to = Form.useWatch('FloorTo', form) ?? 1;
  const unitIds = Form.useWatch('UnitIds', form) ?? [];

  useEffect(() => {
    if (!building || !detail.data) return;
    setPreview(null);
    form.setFieldsValue({
      UnitIds: detail.data.Units.map((u) => u.Id),
      FloorFrom: 1,
      FloorTo: detail.data.FloorsAbove,
      PerFloor: 2,
      Positions: positionsFor(2) as never,
      RoomType: detail.data.BuildingType === 2 ? 2 : 1,
      Status: 0,
    });
  }, [building, detail.data, form]);

  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (isPreview: boolean) => {
    const ok = await form.validateFields().catch(() => null);
    if (!ok) return;
    // The whole store: the position rows carry their Seq, which has no control.
    const values = form.getFieldsValue(true) as GenerateValues;
    setBusy(isPreview ? 'preview' : 'commit');
    setRefusal(null);
    try {
      const res = await generateRooms({ ...values, BuildingId: building!.Id, Preview: isPreview });
      if (isPreview) setPreview(res.Message);
      else {
        ui.toast('success', res.Message);
        await invalidateAfterWrite(queryClient, BUILDINGS);
        onClose();
      }
    } catch (error) {
      const { fields, unmatched } = fieldErrorEntries(error, ['UnitIds', 'FloorFrom', 'FloorTo', 'PerFloor']);
      form.setFields(fields as never);
      // What names no field (a 户's area, a lost connection) is shown once, in the dialog.
      if (!fields.length) setRefusal(unmatched[0] ?? (error instanceof Error ? error.message : '生成失败'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      title={`生成房间 - ${building?.CommunityName ?? ''} ${building?.Name ?? ''}`}
      open={!!building}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="preview" loading={busy === 'preview'} onClick={() => void run(true)}>
          预览
        </Button>,
        <Button
          key="go"
          type="primary"
          disabled={!preview || preview.startsWith('将生成 0 间')}
          loading={busy === 'commit'}
          onClick={() => void run(false)}
        >
          确认生成
        </Button>,
      ]}
    >
      <Spin spinning={detail.isLoading}>
        <Form
          form={form}
          layout="vertical"
          onValuesChange={(changed: Partial<GenerateValues>) => {
            setPreview(null);
            if ('PerFloor' in changed)
              form.setFieldValue(
                'Positions',
                positionsFor(Number(changed.PerFloor), form.getFieldValue('Positions') as Position[]),
              );
          }}
        >
          <Form.Item name="UnitIds" label="单元" rules={rule('UnitIds')}>
            <Checkbox.Group options={units.map((u) => ({ value: u.Id, label: `${u.Name}（${u.FloorsAbove}层）` }))} />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={12} md={6}>
              <Form.Item name="FloorFrom" label="起始楼层" rules={rule('FloorFrom')}>
                <InputNumber min={-9} max={99} precision={0} style={{ width: '100%' }} aria-label="起始楼层" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="FloorTo" label="结束楼层" rules={rule('FloorTo')}>
                <InputNumber min={-9} max={99} precision={0} style={{ width: '100%' }} aria-label="结束楼层" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="PerFloor" label="每层户数" rules={rule('PerFloor')}>
                <InputNumber min={1} max={50} precision={0} style={{ width: '100%' }} aria-label="每层户数" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="RoomType" label="房间类型">
                <Select options={roomTypeOptions} aria-label="房间类型" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="Status" label="房间状态">
                <Select options={roomStatusOptions} aria-label="房间状态" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text type="secondary">
            房号 = 楼层×100 + 序号，如 {numberExample(from, to, perFloor)}；最多
            {plannedCount(unitIds.length, from, to, perFloor)} 间（超出单元层数的楼层不生成）。
          </Typography.Text>
          <Form.List name="Positions">
            {(rows) => (
              <Table
                size="small"
                style={{ marginTop: 8 }}
                rowKey="key"
                dataSource={rows}
                pagination={false}
                scroll={{ y: 220 }}
                columns={[
                  {
                    title: '序号',
                    width: 70,
                    render: (_v, r) => String(r.name + 1).padStart(2, '0'),
                  },
                  {
                    title: '建筑面积（㎡）',
                    render: (_v, r) => (
                      <Form.Item name={[r.name, 'BuildArea']} noStyle rules={[{ required: true, message: '必填' }]}>
                        <InputNumber
                          min={0.01}
                          max={99999.99}
                          precision={2}
                          stringMode
                          aria-label={`第${r.name + 1}户建筑面积`}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '套内面积（㎡）',
                    render: (_v, r) => (
                      <Form.Item name={[r.name, 'InnerArea']} noStyle>
                        <InputNumber
                          min={0.01}
                          max={99999.99}
                          precision={2}
                          stringMode
                          aria-label={`第${r.name + 1}户套内面积`}
                        />
                      </Form.Item>
                    ),
                  },
                ]}
              />
            )}
          </Form.List>
        </Form>
        {preview && <Alert type="info" showIcon title={preview} role="status" style={{ marginTop: 12 }} />}
        {refusal && <Alert type="error" showIcon title={refusal} role="alert" style={{ marginTop: 12 }} />}
      </Spin>
    </Modal>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Space, Table, Typography } from 'antd';

/** The unit rows of a building (1–20): 单元号, 名称 ("N单元"), 地上层数 (blank = the building's). */
export function UnitsEditor() {
  const form = Form.useFormInstance();
  return (
    <Form.List
      name="Units"
      rules={[
        {
          validator: async (_r, units: unknown[]) => {
            if (!units?.length) throw new Error('至少需要1个单元');
            if (units.length > 20) throw new Error('单元最多20个');
          },
        },
      ]}
    >
      {(rows, { add, remove }, { errors }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            dataSource={rows}
            pagination={false}
            columns={[
              {
                title: '单元号',
                width: 110,
                render: (_v, r) => (
                  <Form.Item name={[r.name, 'UnitNo']} noStyle rules={[{ required: true, message: '请输入单元号' }]}>
                    <InputNumber min={1} max={99} precision={0} aria-label={`第${r.name + 1}行单元号`} />
                  </Form.Item>
                ),
              },
              {
                title: '名称',
                render: (_v, r) => (
                  <Form.Item name={[r.name, 'Name']} noStyle>
                    <Input maxLength={20} placeholder="如 1单元" aria-label={`第${r.name + 1}行单元名称`} />
                  </Form.Item>
                ),
              },
              {
                title: '地上层数',
                width: 130,
                render: (_v, r) => (
                  <Form.Item name={[r.name, 'FloorsAbove']} noStyle>
                    <InputNumber
                      min={1}
                      max={99}
                      precision={0}
                      placeholder="同楼宇"
                      aria-label={`第${r.name + 1}行地上层数`}
                    />
                  </Form.Item>
                ),
              },
              {
                title: '操作',
                width: 70,
                render: (_v, r) => (
                  <Button
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除第${r.name + 1}行单元`}
                    onClick={() => remove(r.name)}
                  />
                ),
              },
            ]}
          />
          <Space style={{ marginTop: 8 }}>
            <Button
              icon={<PlusOutlined />}
              disabled={rows.length >= 20}
              onClick={() => {
                const units = (form.getFieldValue('Units') ?? []) as { UnitNo?: number }[];
                const next = Math.max(0, ...units.map((u) => Number(u.UnitNo) || 0)) + 1;
                add({ Id: 0, UnitNo: next, Name: `${next}单元` });
              }}
            >
              添加单元
            </Button>
            <Typography.Text type="secondary">已有房间的单元不能删除。</Typography.Text>
          </Space>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

import { Checkbox, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { feeApi, type ReadingRow } from '../api';

interface Values {
  CurrReading: number | null;
  ReadDate: Dayjs | null;
  IsReplace: boolean;
  OldEndReading: number | null;
  NewStartReading: number | null;
  IsRollover: boolean;
  Remark: string;
}

/**
 * 修改 a 待审核 reading: 本期读数, 抄表日期, 换表 (旧表止码 / 新表起码, 本期读数 is then the new meter's) or 翻表,
 * 备注. The server recomputes the usage; an abnormal one asks for confirmation (409) like the grid.
 */
export function ReadingEditDialog({ row, onClose, onSaved }: { row: ReadingRow; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const replace = Form.useWatch('IsReplace', form);

  const save = async (confirm = false): Promise<void> => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await feeApi.editReading({
        Id: row.Id,
        CurrReading: v.CurrReading,
        ReadDate: v.ReadDate?.format('YYYY-MM-DD'),
        IsReplace: v.IsReplace,
        OldEndReading: v.IsReplace ? v.OldEndReading : undefined,
        NewStartReading: v.IsReplace ? v.NewStartReading : undefined,
        IsRollover: v.IsRollover,
        Remark: v.Remark,
        ConfirmAbnormal: confirm,
      });
      ui.toast('success', `保存成功，用量${r.Usage}${r.IsAbnormal ? '（异常）' : ''}`);
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.ret === 409) {
        Modal.confirm({ title: e.message, content: '异常读数将标记为“异常”，确定保存吗？', onOk: () => save(true) });
      } else if (e instanceof ApiError) ui.toast('error', e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`修改读数 ${row.RoomName} ${row.MeterNo}`}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={saving}
      okText="保存"
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={3}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'p', label: '账期', children: row.Period },
          { key: 'prev', label: '上期读数', children: row.PrevReading },
          { key: 'm', label: '倍率', children: row.Multiplier },
        ]}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          CurrReading: Number(row.CurrReading),
          ReadDate: row.ReadDate ? dayjs(row.ReadDate) : null,
          IsReplace: row.IsReplace,
          OldEndReading: row.OldEndReading ? Number(row.OldEndReading) : null,
          NewStartReading: row.NewStartReading ? Number(row.NewStartReading) : null,
          IsRollover: row.IsRollover,
          Remark: row.Remark,
        }}
      >
        <Form.Item name="CurrReading" label="本期读数" rules={[{ required: true, message: '请输入本期读数' }]}>
          <InputNumber aria-label="本期读数" min={0} precision={2} style={{ width: 200 }} autoFocus />
        </Form.Item>
        <Form.Item name="ReadDate" label="抄表日期">
          <DatePicker />
        </Form.Item>
        <Form.Item name="IsReplace" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox>换表</Checkbox>
        </Form.Item>
        {replace && (
          <Space.Compact style={{ marginBottom: 16 }}>
            <Form.Item name="OldEndReading" noStyle rules={[{ required: true, message: '请填写旧表止码' }]}>
              <InputNumber aria-label="旧表止码" placeholder="旧表止码" min={0} precision={2} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="NewStartReading" noStyle rules={[{ required: true, message: '请填写新表起码' }]}>
              <InputNumber aria-label="新表起码" placeholder="新表起码" min={0} precision={2} style={{ width: 160 }} />
            </Form.Item>
          </Space.Compact>
        )}
        <Form.Item name="IsRollover" valuePropName="checked">
          <Checkbox>翻表</Checkbox>
        </Form.Item>
        <Form.Item name="Remark" label="备注">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

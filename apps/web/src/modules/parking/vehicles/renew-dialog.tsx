import { RENEW_MONTHS } from '@linli/shared';
import { DatePicker, Form, Modal, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { request } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';

/**
 * 续期 / 批量续期: 1/3/6/12 months or an end date. A valid card continues from its end, a lapsed one starts today
 * (the server decides by the company's today); every renewal is recorded. This screen never takes money.
 */
export function RenewDialog({
  ids,
  plates,
  onClose,
  onDone,
}: {
  ids: number[];
  plates: string[];
  onClose(): void;
  onDone(): void;
}) {
  const [months, setMonths] = useState<number | 'end'>(1);
  const [end, setEnd] = useState<Dayjs | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (months === 'end' && !end) {
      ui.toast('warning', '请选择到期日期');
      return;
    }
    setSaving(true);
    try {
      const r = await request<{ Count: number }>('/Vehicle/Renew', {
        Ids: ids,
        ...(months === 'end' ? { NewEnd: end!.format('YYYY-MM-DD') } : { Months: months }),
      });
      ui.toast('success', `已续期${r.Count}辆`);
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={ids.length > 1 ? `批量续期（${ids.length}辆）` : `续期 ${plates[0] ?? ''}`}
      open={ids.length > 0}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="续期时长">
          <Radio.Group value={months} onChange={(e) => setMonths(e.target.value)}>
            {RENEW_MONTHS.map((m) => (
              <Radio.Button key={m} value={m}>
                {m}个月
              </Radio.Button>
            ))}
            <Radio.Button value="end">指定到期日</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {months === 'end' && (
          <Form.Item label="到期日期" required>
            <DatePicker value={end} onChange={setEnd} aria-label="到期日期" />
          </Form.Item>
        )}
        <Typography.Text type="secondary">有效的月卡从原到期日顺延；已过期的从今天开始计算。</Typography.Text>
      </Form>
    </Modal>
  );
}

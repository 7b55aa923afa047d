import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import type { VehicleRow } from '@linli/shared';
import { request } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { vehicleStatusOptions } from '../shared/options';

/** 停用/拉黑 (or back to 正常), with a reason: a 黑名单 vehicle is always denied at the lanes. */
export function StatusDialog({ row, onClose, onDone }: { row: VehicleRow | null; onClose(): void; onDone(): void }) {
  const [status, setStatus] = useState<number>(2);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await request('/Vehicle/SetStatus', { Id: row!.Id, Status: status, Reason: reason });
      ui.toast('success', '操作成功');
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={`停用/拉黑 ${row?.Plate ?? ''}`}
      open={!!row}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open && row) {
          setStatus(row.Status === 1 ? 2 : 1);
          setReason('');
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label="状态">
          <Radio.Group value={status} onChange={(e) => setStatus(e.target.value)} options={vehicleStatusOptions} />
        </Form.Item>
        <Form.Item label="原因">
          <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={100} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

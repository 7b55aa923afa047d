import { MSG_DEVICE_KEY_ONCE } from '@linli/shared';
import { Alert, Modal, Typography } from 'antd';

/** The device key, shown once after 新增 or 重置密钥: only its SHA-256 is stored. */
export function KeyDialog({
  deviceKey,
  laneName,
  onClose,
}: {
  deviceKey: string | null;
  laneName: string;
  onClose(): void;
}) {
  return (
    <Modal
      open={!!deviceKey}
      title={`设备密钥：${laneName}`}
      onOk={onClose}
      onCancel={onClose}
      okText="我已保存"
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      <Alert type="warning" showIcon message={MSG_DEVICE_KEY_ONCE} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: deviceKey ?? '' }} code style={{ fontSize: 15 }} data-testid="device-key">
        {deviceKey}
      </Typography.Paragraph>
    </Modal>
  );
}

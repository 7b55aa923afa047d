import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { ui } from '../../app/ui-bridge';
import { datedFileName } from './file-name';
import { downloadFile } from './file-transfer';

const kib = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);

/**
 * 导出: POSTs exactly the list's current filters to the export call and saves the xlsx it streams back. While it
 * runs the button spins and shows the bytes received (the server streams, so there is no total to show).
 */
export function ExportButton({
  call,
  params,
  fileName = '导出',
  disabled,
  label = '导出',
}: {
  call: string;
  params: Record<string, unknown>;
  fileName?: string;
  disabled?: boolean;
  label?: string;
}) {
  const [loaded, setLoaded] = useState<number | null>(null);
  const run = async () => {
    setLoaded(0);
    try {
      const name = await downloadFile(call, params, { fallbackName: datedFileName(fileName), onProgress: setLoaded });
      ui.toast('success', `已导出 ${name}`);
    } catch {
      // Refusals and transport errors were already toasted by the request client.
    } finally {
      setLoaded(null);
    }
  };
  const busy = loaded !== null;
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled && !busy} onClick={() => void run()}>
      {busy ? (loaded ? `导出中 ${kib(loaded)}` : '导出中…') : label}
    </Button>
  );
}

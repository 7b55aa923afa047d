import { useQueryClient } from '@tanstack/react-query';
import { Alert, Modal, Progress, Table } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { ui } from '../../../app/ui-bridge';
import { postXlsx, XlsxDragger } from '../../../components/crud/xlsx-upload';
import { ATTENDANCE } from '../shared/api';

interface ImportResult {
  Total: number;
  Imported: number;
  Skipped: number;
  Errors: { Row: number; Msg: string }[];
}

/** 导入 of 考勤机 exports (工号, 打卡时间, 设备): good rows are saved at once, bad rows listed with their reasons. */
export function ImportPunchDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const client = useQueryClient();
  const close = () => {
    setFile(null);
    setResult(null);
    setPercent(null);
    onClose();
  };
  const run = async () => {
    if (!file) return ui.toast('warning', '请选择文件');
    setPercent(0);
    try {
      const r = await postXlsx<ImportResult>('/Attendance/ImportPunch', file, {}, 90, setPercent);
      setResult(r);
      await invalidateAfterWrite(client, ATTENDANCE);
    } catch (e) {
      ui.toast('error', e instanceof Error ? e.message : '导入失败');
    } finally {
      setPercent(null);
    }
  };
  return (
    <Modal
      open={open}
      title="导入打卡记录"
      onCancel={close}
      onOk={result ? close : () => void run()}
      okText={result ? '完成' : '导入'}
      confirmLoading={percent !== null}
      width={560}
    >
      {result ? (
        <>
          <Alert
            type={result.Errors.length ? 'warning' : 'success'}
            message={`共${result.Total}行，导入${result.Imported}条${result.Skipped ? `，重复跳过${result.Skipped}条` : ''}${result.Errors.length ? `，${result.Errors.length}行有误未导入` : ''}`}
            style={{ marginBottom: 12 }}
          />
          {result.Errors.length > 0 && (
            <Table
              size="small"
              rowKey="Row"
              pagination={false}
              dataSource={result.Errors}
              scroll={{ y: 240 }}
              columns={[
                { title: '行号', dataIndex: 'Row', width: 80 },
                { title: '原因', dataIndex: 'Msg' },
              ]}
            />
          )}
        </>
      ) : (
        <>
          <p>表头：工号、打卡时间（YYYY-MM-DD HH:mm:ss）、设备。正确的行立即保存，重复的打卡自动跳过。</p>
          <XlsxDragger file={file} onPick={setFile} onRemove={() => setFile(null)} />
          {percent !== null && <Progress percent={percent} />}
        </>
      )}
    </Modal>
  );
}

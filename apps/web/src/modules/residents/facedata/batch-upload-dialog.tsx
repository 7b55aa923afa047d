import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, List, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { FACE_TIPS, zipFileError } from '../shared/face-rules';
import { type FaceBatchPreview, type FaceBatchStatus, faceBatchCommit, faceBatchPreview } from './api';
import { useBatchWatch } from './use-batch-watch';

/** committing = the server processes the photos (progress polled); done = finished with photos it could not use. */
type Stage = 'pick' | 'previewing' | 'preview' | 'committing' | 'done';

const matchColumns = [
  { title: '序号', dataIndex: 'Row', width: 70 },
  { title: '文件名', dataIndex: 'FileName', width: 200, ellipsis: true },
  { title: '住户', dataIndex: 'Name', width: 100 },
  { title: '房屋', dataIndex: 'RoomText', ellipsis: true },
];

/**
 * 批量上传: a zip of photos named by mobile or ID number → the server matches and checks each one (the preview) →
 * 确认导入 starts a background job that turns the matched photos into the residents' current faces while a progress
 * bar follows it; the dialog may be closed meanwhile. The custom body (matches and an error list instead of
 * spreadsheet rows) is why this is not the CRUD kit's PreviewImportDialog.
 */
export function BatchUploadDialog({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>('pick');
  const [upload, setUpload] = useState(0);
  const [answer, setAnswer] = useState<FaceBatchPreview | null>(null);
  const [failure, setFailure] = useState('');
  const [progress, setProgress] = useState(0);
  /** Set once the job is 完成: every photo not imported, the ones the processing refused marked as new. */
  const [result, setResult] = useState<{ errors: string[]; late: string[] } | null>(null);
  /** The ImportId whose progress the dialog shows; 0 once closed, so that a background job only toasts. */
  const shown = useRef(0);
  const watch = useBatchWatch();

  const reset = () => {
    shown.current = 0;
    setFile(null);
    setStage('pick');
    setUpload(0);
    setAnswer(null);
    setFailure('');
    setProgress(0);
    setResult(null);
  };
  const close = () => {
    if (stage === 'previewing') return;
    if (stage === 'committing') ui.toast('info', '照片将在后台继续导入，完成后会提示');
    reset();
    onClose();
  };

  const preview = async () => {
    if (!file) return;
    setStage('previewing');
    setFailure('');
    setUpload(0);
    try {
      setAnswer(await faceBatchPreview(file, setUpload));
      setStage('preview');
    } catch (error) {
      setStage('pick');
      setFailure((error as Error).message);
    }
  };

  const finished = (id: number, before: string[], s: FaceBatchStatus) => {
    ui.toast('success', `导入成功，共${s.Summary.Ok ?? 0}张`);
    onDone();
    const late = s.Errors.filter((e) => !before.includes(e));
    if (shown.current !== id) {
      if (late.length) ui.toast('warning', `批量上传人脸：${late.length}张照片未能导入`);
      return;
    }
    if (!late.length) {
      reset();
      onClose();
      return;
    }
    setProgress(100);
    setResult({ errors: s.Errors, late });
    setStage('done');
  };

  const commit = async () => {
    if (!answer) return;
    const id = answer.ImportId;
    setStage('committing');
    setProgress(0);
    setFailure('');
    shown.current = id;
    try {
      await faceBatchCommit(id);
    } catch (error) {
      if (shown.current !== id) ui.toast('error', (error as Error).message);
      else {
        setStage('preview');
        setFailure((error as Error).message);
      }
      return;
    }
    watch(id, {
      progress: (pct) => {
        if (shown.current === id) setProgress(pct);
      },
      done: (s) => finished(id, answer.Errors, s),
      failed: () => {
        if (shown.current !== id) ui.toast('error', '批量上传人脸导入失败，请重新上传');
        else {
          reset();
          setFailure('导入失败，请重新上传');
        }
      },
    });
  };

  const footer =
    stage === 'done'
      ? [
          <Button key="close" type="primary" onClick={close}>
            完成
          </Button>,
        ]
      : answer
        ? [
            <Button key="back" disabled={stage === 'committing'} onClick={reset}>
              重新选择
            </Button>,
            <Button
              key="go"
              type="primary"
              disabled={!answer.Summary.Ok}
              loading={stage === 'committing'}
              onClick={() => void commit()}
            >
              {answer.Summary.Error ? `确认导入${answer.Summary.Ok}张匹配的照片` : '确认导入'}
            </Button>,
          ]
        : [
            <Button key="cancel" disabled={stage === 'previewing'} onClick={close}>
              取消
            </Button>,
            <Button
              key="check"
              type="primary"
              disabled={!file}
              loading={stage === 'previewing'}
              onClick={() => void preview()}
            >
              上传并预览
            </Button>,
          ];

  return (
    <Modal
      title="批量上传人脸"
      open={open}
      width={answer ? 820 : 560}
      mask={{ closable: false }}
      onCancel={close}
      destroyOnHidden
      footer={footer}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          将jpg、png照片打包为zip上传（不超过50MB、最多1000张），照片以住户手机号或身份证号命名，如 13800138000.jpg。
          照片要求：{FACE_TIPS}。
        </Typography.Text>
        {!answer && (
          <Upload.Dragger
            accept=".zip"
            maxCount={1}
            disabled={stage === 'previewing'}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              const bad = zipFileError(f);
              if (bad) ui.toast('error', bad);
              else {
                setFile(f);
                setFailure('');
              }
              return false;
            }}
            onRemove={reset}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽 zip 压缩包到这里</p>
          </Upload.Dragger>
        )}
        {stage === 'previewing' && (
          <>
            <Progress percent={upload} status="active" aria-label="上传进度" />
            {upload === 100 && <Typography.Text type="secondary">正在检查照片，请稍候…</Typography.Text>}
          </>
        )}
        {failure && <Alert type="error" showIcon title={failure} />}
        {(stage === 'committing' || stage === 'done') && (
          <>
            <Progress percent={progress} status={stage === 'done' ? 'success' : 'active'} aria-label="导入进度" />
            {stage === 'committing' && (
              <Typography.Text type="secondary">正在处理 {progress}%（可关闭窗口，导入会在后台继续）</Typography.Text>
            )}
          </>
        )}
        {result && <Alert type="warning" showIcon title={`${result.late.length}张照片处理时无法使用，未导入`} />}
        {answer && (
          <>
            <Typography.Text>
              共 {answer.Summary.Total} 张，匹配成功{' '}
              <Typography.Text type="success">{answer.Summary.Ok}</Typography.Text> 张，失败{' '}
              <Typography.Text type="danger">{answer.Summary.Error}</Typography.Text> 张
            </Typography.Text>
            <Table
              size="small"
              rowKey="Row"
              columns={matchColumns}
              dataSource={answer.Matches}
              pagination={answer.Matches.length > 8 ? { pageSize: 8, size: 'small' } : false}
              locale={{ emptyText: '没有匹配到住户的照片' }}
            />
            {(result?.errors ?? answer.Errors).length > 0 && (
              <List
                size="small"
                bordered
                header={<Typography.Text type="danger">未导入的照片</Typography.Text>}
                dataSource={result?.errors ?? answer.Errors}
                style={{ maxHeight: 200, overflow: 'auto' }}
                renderItem={(e) => <List.Item>{e}</List.Item>}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}

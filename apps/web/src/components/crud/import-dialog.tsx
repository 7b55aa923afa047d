import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Radio, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { ui } from '../../app/ui-bridge';
import { downloadFile } from './file-transfer';
import { type ImportRowError, importErrorsOf } from './form-errors';
import { PreviewImportDialog } from './preview-import-dialog';
import type { Option } from './types';
import { postXlsx, TemplateButton, XlsxDragger } from './xlsx-upload';

export interface ImportConfig {
  /** Dialog title and button label context, e.g. '导入员工'. */
  title: string;
  /** Call answering the xlsx template. */
  templateCall: string;
  /** Multipart call taking `file` (+ `Mode` and `fields`); answers `{Count}` or refuses with `ImportErrors`. */
  importCall: string;
  /** Base name of the downloaded error report. */
  name?: string;
  /** 'skip' / 'update' choices for rows that already exist, sent as `Mode`. */
  modes?: Option[];
  /** Other multipart fields (a community …). */
  fields?: Record<string, string>;
  /** Rules shown above the upload box. */
  hint?: string;
  /** The toolbar button's label (default 导入). */
  label?: string;
  /** Button key guarding the 导入 button (default import). */
  btn?: string;
  /**
   * A two-step import with a preview (PreviewImportDialog): `previewCall` takes the file (+ Mode) and answers
   * `{ImportId, Summary, Rows[{Row, Status, Messages, Values}]}`; `commitCall`, `statusCall` (→ Progress) and
   * `errorsCall` (→ xlsx) take `ImportId`. `importCall` is then unused.
   */
  preview?: {
    previewCall: string;
    commitCall: string;
    statusCall: string;
    errorsCall: string;
    /** Labels of the Summary counts beyond 总行数/正确/错误 ({NewRooms: '新增房间'}). */
    summaryLabels?: Record<string, string>;
    /** Cells shown in the preview's 内容 column (default: the first six). */
    rowColumns?: readonly string[];
    /** The success toast from the commit's answer. */
    doneText?(result: Record<string, number>): string;
  };
}

/**
 * 导入: download the template, pick an xlsx, 开始导入. The server checks every row first; a refusal lists each bad row
 * (第N行：原因) here and as a downloadable 错误报告, and nothing is imported.
 */
export function ImportDialog(props: ImportConfig & { onDone(): void }) {
  return props.preview ? <PreviewImportDialog {...props} /> : <DirectImportDialog {...props} />;
}

function DirectImportDialog({ onDone, ...cfg }: ImportConfig & { onDone(): void }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState(cfg.modes?.[0]?.value);
  const [percent, setPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<ImportRowError[] | null>(null);
  const [failure, setFailure] = useState('');

  const reset = () => {
    setFile(null);
    setErrors(null);
    setFailure('');
    setPercent(null);
  };

  const start = async () => {
    if (!file) return;
    setErrors(null);
    setFailure('');
    setPercent(0);
    try {
      // The upload fills 90%; the rest is the server checking and writing the rows.
      const res = await postXlsx<{ Count?: number } | null>(
        cfg.importCall,
        file,
        { fields: cfg.fields, mode },
        90,
        setPercent,
      );
      setPercent(100);
      ui.toast('success', res?.Count !== undefined ? `导入成功，共${res.Count}条` : '导入成功');
      setOpen(false);
      reset();
      onDone();
    } catch (error) {
      setPercent(null);
      const rows = importErrorsOf(error);
      if (rows?.length) setErrors(rows);
      setFailure((error as Error).message);
    }
  };

  const report = () =>
    void downloadFile('/Import/ErrorFile', { Errors: errors, FileName: `${cfg.name ?? cfg.title}错误报告` }).catch(
      () => undefined,
    );

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        导入
      </Button>
      <Modal
        title={cfg.title}
        open={open}
        width={errors ? 720 : 520}
        onCancel={() => {
          setOpen(false);
          reset();
        }}
        destroyOnHidden
        footer={[
          <TemplateButton key="tpl" call={cfg.templateCall} />,
          <Button key="go" type="primary" disabled={!file} loading={percent !== null} onClick={() => void start()}>
            开始导入
          </Button>,
        ]}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {cfg.hint ??
              '请先下载模板，按模板填写后上传（xlsx，不超过5MB）。全部行检查通过才会导入，任何一行有误都不导入。'}
          </Typography.Text>
          {cfg.modes && (
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value)}
              options={cfg.modes}
              aria-label="已存在的数据"
            />
          )}
          <XlsxDragger
            file={file}
            onPick={(f) => {
              setFile(f);
              setErrors(null);
              setFailure('');
            }}
            onRemove={reset}
          />
          {percent !== null && <Progress percent={percent} status="active" aria-label="导入进度" />}
          {failure && <Alert type="error" showIcon title={failure} />}
          {errors && (
            <>
              <Table<ImportRowError>
                size="small"
                rowKey={(r) => `${r.Row}-${r.Reason}`}
                dataSource={errors}
                pagination={errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
                columns={[
                  { title: '行号', dataIndex: 'Row', width: 80, render: (r: number) => `第${r}行` },
                  { title: '原因', dataIndex: 'Reason' },
                ]}
              />
              <Button onClick={report}>下载错误报告</Button>
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}

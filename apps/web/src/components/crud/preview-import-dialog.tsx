import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Radio, Segmented, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { request } from '../../app/request';
import { ui } from '../../app/ui-bridge';
import { downloadFile } from './file-transfer';
import type { ImportConfig } from './import-dialog';
import { PreviewBody } from './import-preview-body';
import { commitProgress, isBadRow, type PreviewAnswer } from './import-preview-logic';
import { postXlsx, TemplateButton, XlsxDragger } from './xlsx-upload';

type Stage = 'pick' | 'previewing' | 'preview' | 'committing';

/**
 * The two-step import (ImportConfig.preview): upload → the server checks every row and answers a preview (counts and
 * each row 正确/错误 with its 第N行 messages) → the user picks 跳过/更新 for existing rows → 确认导入 writes the good
 * rows in one transaction while a progress bar runs (the server's ImportStatus, or an estimate) → 下载错误报告.
 */
export function PreviewImportDialog({ onDone, ...cfg }: ImportConfig & { onDone(): void }) {
  const p = cfg.preview!;
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState(cfg.modes?.[0]?.value);
  const [stage, setStage] = useState<Stage>('pick');
  const [upload, setUpload] = useState(0);
  const [answer, setAnswer] = useState<PreviewAnswer | null>(null);
  const [onlyBad, setOnlyBad] = useState<'all' | 'bad'>('all');
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState('');
  const timer = useRef<number | null>(null);

  const stopTimer = () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stopTimer, []);

  const reset = () => {
    stopTimer();
    setFile(null);
    setAnswer(null);
    setStage('pick');
    setFailure('');
    setProgress(0);
    setOnlyBad('all');
  };

  const preview = async () => {
    if (!file) return;
    setStage('previewing');
    setFailure('');
    setUpload(0);
    try {
      const res = await postXlsx<PreviewAnswer>(p.previewCall, file, { fields: cfg.fields, mode }, 100, setUpload);
      setAnswer(res);
      setOnlyBad(res.Rows.some(isBadRow) ? 'bad' : 'all');
      setStage('preview');
    } catch (error) {
      setStage('pick');
      setFailure((error as Error).message);
    }
  };

  const commit = async () => {
    if (!answer) return;
    const started = Date.now();
    const rows = answer.Summary.Ok ?? answer.Rows.length;
    let reported = 0;
    setStage('committing');
    setProgress(0);
    setFailure('');
    timer.current = window.setInterval(() => {
      setProgress(commitProgress(reported, Date.now() - started, rows));
      void request<{ Progress?: number }>(p.statusCall, { ImportId: answer.ImportId }, { silent: true })
        .then((s) => (reported = Number(s?.Progress ?? 0)))
        .catch(() => undefined);
    }, 400);
    try {
      const res = await request<Record<string, number>>(
        p.commitCall,
        { ImportId: answer.ImportId, ...(mode !== undefined ? { Mode: mode } : {}) },
        { silent: true, config: { timeout: 10 * 60_000 } },
      );
      stopTimer();
      setProgress(100);
      ui.toast('success', p.doneText?.(res) ?? `导入成功，共${res.Ok ?? rows}条`);
      onDone();
      if (!answer.Rows.some(isBadRow)) {
        setOpen(false);
        reset();
      } else setStage('preview');
    } catch (error) {
      stopTimer();
      setStage('preview');
      setFailure((error as Error).message);
    }
  };

  const report = () =>
    void downloadFile(
      p.errorsCall,
      { ImportId: answer?.ImportId },
      { fallbackName: `${cfg.name ?? cfg.title}错误报告.xlsx` },
    ).catch(() => undefined);

  const bad = answer?.Rows.filter(isBadRow) ?? [];
  const shown = onlyBad === 'bad' ? bad : (answer?.Rows ?? []);
  const done = stage === 'preview' && progress === 100;

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {cfg.label ?? '导入'}
      </Button>
      <Modal
        title={cfg.title}
        open={open}
        width={answer ? 880 : 560}
        mask={{ closable: false }}
        onCancel={() => {
          if (stage === 'committing') return;
          setOpen(false);
          reset();
        }}
        destroyOnHidden
        footer={[
          <TemplateButton key="tpl" call={cfg.templateCall} />,
          answer && bad.length > 0 && (
            <Button key="err" onClick={report}>
              下载错误报告
            </Button>
          ),
          answer && !done ? (
            <Button
              key="go"
              type="primary"
              disabled={!answer.Summary.Ok}
              loading={stage === 'committing'}
              onClick={() => void commit()}
            >
              {bad.length ? `确认导入${answer.Summary.Ok ?? 0}条正确数据` : '确认导入'}
            </Button>
          ) : done ? (
            <Button
              key="close"
              type="primary"
              onClick={() => {
                setOpen(false);
                reset();
              }}
            >
              完成
            </Button>
          ) : (
            <Button
              key="check"
              type="primary"
              disabled={!file}
              loading={stage === 'previewing'}
              onClick={() => void preview()}
            >
              上传并预览
            </Button>
          ),
        ]}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {cfg.hint ??
              '请先下载模板，按模板填写后上传（xlsx，不超过5MB）。上传后先预览每一行的检查结果，确认后才导入。'}
          </Typography.Text>
          {cfg.modes && (
            <Space wrap>
              <span>已存在的数据：</span>
              <Radio.Group
                value={mode}
                onChange={(e) => setMode(e.target.value)}
                options={cfg.modes}
                aria-label="已存在的数据"
                disabled={stage === 'committing' || done}
              />
            </Space>
          )}
          {!answer && (
            <XlsxDragger
              file={file}
              onPick={(f) => {
                setFile(f);
                setFailure('');
              }}
              onRemove={reset}
            />
          )}
          {stage === 'previewing' && <Progress percent={upload} status="active" aria-label="上传进度" />}
          {failure && <Alert type="error" showIcon title={failure} />}
          {answer && <PreviewBody answer={answer} labels={p.summaryLabels} columns={p.rowColumns} shown={shown} />}
          {answer && (
            <Segmented
              size="small"
              value={onlyBad}
              onChange={(v) => setOnlyBad(v as 'all' | 'bad')}
              options={[
                { value: 'all', label: `全部 ${answer.Rows.length}` },
                { value: 'bad', label: `仅错误 ${bad.length}` },
              ]}
            />
          )}
          {(stage === 'committing' || done) && (
            <Progress percent={progress} status={done ? 'success' : 'active'} aria-label="导入进度" />
          )}
        </Space>
      </Modal>
    </>
  );
}

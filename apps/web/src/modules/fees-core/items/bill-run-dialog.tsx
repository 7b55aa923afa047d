import { Alert, Button, DatePicker, Form, Modal, Progress, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { invalidateAfterWrite } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { feeApi, type PreviewStandard, type RunBody, type RunRow } from '../api';

interface Values {
  CommunityId?: number;
  StandardIds?: number[];
  Periods?: [Dayjs, Dayjs];
}

/**
 * 批量出账: 小区, standards and 账期 → 预览 (per standard 将生成 / 已存在 / 无法计费 with reasons, 金额合计, samples)
 * → 确认生成 runs the job and shows its progress bar.
 */
export function BillRunDialog({ onClose, onStarted }: { onClose(): void; onStarted(): void }) {
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const communities = useCommunityOptions();
  const communityId = Form.useWatch('CommunityId', form);
  const standards = useQuery({
    queryKey: ['fee-items', 'run-standards', communityId],
    queryFn: () => feeApi.allStandards(communityId!),
    enabled: !!communityId,
  });
  const [preview, setPreview] = useState<{
    body: RunBody;
    total: { ToCreate: number; Existing: number; Failed: number; AmountMoney: string };
    per: PreviewStandard[];
  } | null>(null);
  const [run, setRun] = useState<RunRow | null>(null);
  const [busy, setBusy] = useState(false);

  const bodyOf = (v: Values): RunBody => ({
    CommunityId: v.CommunityId!,
    StandardIds: v.StandardIds ?? [],
    PeriodFrom: v.Periods![0].format('YYYY-MM'),
    PeriodTo: v.Periods![1].format('YYYY-MM'),
  });

  const doPreview = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body = bodyOf(v);
      const r = await feeApi.preview(body);
      setPreview({ body, total: r, per: r.Standards });
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors?.PeriodTo)
        form.setFields([{ name: 'Periods', errors: [e.fieldErrors.PeriodTo] }]);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const { RunId } = await feeApi.start(preview.body);
      setRun(await feeApi.progress(RunId));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!run || run.State === 3 || run.State === 4) return;
    const timer = setTimeout(async () => setRun(await feeApi.progress(run.RunId)), 800);
    return () => clearTimeout(timer);
  }, [run]);

  useEffect(() => {
    if (run?.State === 3) {
      ui.toast('success', `出账完成：生成${run.Created}笔，跳过${run.Skipped}笔`);
      void invalidateAfterWrite(client, 'fee-items');
    }
  }, [run?.State]); // eslint-disable-line react-hooks/exhaustive-deps

  const percent = run ? (run.Total ? Math.floor((run.Done * 100) / run.Total) : run.State === 3 ? 100 : 0) : 0;
  return (
    <Modal
      open
      title="批量出账"
      width={860}
      onCancel={run && run.State === 3 ? onStarted : onClose}
      footer={
        run ? (
          <Button type="primary" disabled={run.State !== 3 && run.State !== 4} onClick={onStarted}>
            完成
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button onClick={() => void doPreview().catch(() => undefined)} loading={busy && !preview}>
              预览
            </Button>
            <Button
              type="primary"
              disabled={!preview || preview.total.ToCreate === 0}
              loading={busy && !!preview}
              onClick={start}
            >
              确认生成
            </Button>
          </Space>
        )
      }
    >
      <Form
        form={form}
        layout="inline"
        colon={false}
        requiredMark={false}
        onValuesChange={() => setPreview(null)}
        disabled={!!run}
      >
        <Form.Item name="CommunityId" label="小区" rules={[{ required: true, message: '请选择小区' }]}>
          <Select
            style={{ width: 160 }}
            options={(communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }))}
          />
        </Form.Item>
        <Form.Item name="StandardIds" label="收费标准" rules={[{ required: true, message: '请选择收费标准' }]}>
          <Select
            mode="multiple"
            style={{ width: 260 }}
            options={(standards.data?.data ?? [])
              .filter((s) => s.Kind === 1)
              .map((s) => ({ value: s.Id, label: `${s.ItemName} - ${s.StandardName}` }))}
          />
        </Form.Item>
        <Form.Item name="Periods" label="账期" rules={[{ required: true, message: '请选择账期' }]}>
          <DatePicker.RangePicker picker="month" />
        </Form.Item>
      </Form>
      {preview && !run && (
        <div style={{ marginTop: 16 }}>
          <Alert
            type="info"
            showIcon
            message={`将生成 ${preview.total.ToCreate} 笔，已存在 ${preview.total.Existing} 笔（跳过），无法计费 ${preview.total.Failed} 笔，金额合计 ¥${preview.total.AmountMoney}`}
          />
          {preview.per.map((s) => (
            <div key={s.StandardId} style={{ marginTop: 12 }}>
              <b>
                {s.ItemName} - {s.StandardName}
              </b>
              ：将生成 {s.ToCreate}，已存在 {s.Existing}，无法计费 {s.Failed}，金额 ¥{s.AmountMoney}
              {s.Failures.length > 0 && (
                <div style={{ color: '#cf1322' }}>
                  {s.Failures.map((f) => `${f.PayerName}：${f.Reason}`).join('；')}
                </div>
              )}
              <Table
                size="small"
                rowKey={(r) => `${r.PayerName}-${r.Period}`}
                pagination={false}
                dataSource={s.Samples}
                scroll={{ y: 200 }}
                columns={[
                  { title: '缴费对象', dataIndex: 'PayerName' },
                  { title: '账期', dataIndex: 'Period', width: 90 },
                  { title: '应缴日期', dataIndex: 'DueDate', width: 110 },
                  { title: '数量', dataIndex: 'Quantity', width: 100, align: 'right' },
                  { title: '金额', dataIndex: 'AmountMoney', width: 100, align: 'right' },
                ]}
              />
            </div>
          ))}
        </div>
      )}
      {run && (
        <div style={{ marginTop: 16 }}>
          <Progress percent={percent} status={run.State === 4 ? 'exception' : run.State === 3 ? 'success' : 'active'} />
          <div>
            {run.StateName}：生成 {run.Created} 笔，跳过 {run.Skipped} 笔，无法计费 {run.Failed} 笔，金额 ¥
            {run.AmountMoney}
            {run.Error && <span style={{ color: '#cf1322' }}>（{run.Error}）</span>}
          </div>
        </div>
      )}
    </Modal>
  );
}

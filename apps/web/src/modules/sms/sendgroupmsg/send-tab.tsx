import { customVariables, type SmsPreview, SMS_RECIPIENT_VARIABLES } from '@linli/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Progress, Radio, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { invalidateAfterWrite } from '../../../components/crud';
import { SMS, smsApi } from '../shared/api';
import { type SendFormValues, toSendBody } from './form-logic';
import { PreviewPanel } from './preview-panel';
import { TargetFields } from './target-fields';
import { TemplateText } from './template-preview';

const filledBy = (kind: number): readonly string[] =>
  kind === 5 ? [...SMS_RECIPIENT_VARIABLES, '金额'] : SMS_RECIPIENT_VARIABLES;

/** 群发: recipients, signature and template, custom variables, timing; 预览 before 发送. */
export function SendTab({ onSent }: { onSent(batchId: number): void }) {
  const [form] = Form.useForm<SendFormValues>();
  const client = useQueryClient();
  const kind = Form.useWatch('Kind', form) ?? 1;
  const templateId = Form.useWatch('TemplateId', form);
  const timing = Form.useWatch('Timing', form) ?? 'now';
  const templates = useQuery({ queryKey: [SMS, 'templates', 2], queryFn: () => smsApi.templates(2) });
  const signs = useQuery({ queryKey: [SMS, 'signs', 2], queryFn: () => smsApi.signs(2) });
  const template = templates.data?.find((t) => t.Id === templateId);
  const custom = template ? customVariables(template.Content, filledBy(kind)) : [];
  const [preview, setPreview] = useState<SmsPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  const [progress, setProgress] = useState<{ Total: number; Done: number } | null>(null);

  const body = async () => {
    const v = await form.validateFields();
    return toSendBody({ ...v, Vars: Object.fromEntries(custom.map((n) => [n, v.Vars?.[n] ?? ''])) });
  };

  const doPreview = async () => {
    setBusy('preview');
    try {
      setPreview(await smsApi.preview(await body()));
    } catch {
      setPreview(null);
    } finally {
      setBusy(null);
    }
  };

  const watchProgress = async (batchId: number) => {
    for (let i = 0; i < 60; i++) {
      const p = await smsApi.batchProgress(batchId).catch(() => null);
      if (!p) break;
      setProgress(p);
      if (p.State !== 2 || (p.Total && p.Done >= p.Total)) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    setProgress(null);
  };

  const doSend = async () => {
    const b = await body();
    const ok = await new Promise<boolean>((resolve) =>
      ui.confirm({
        title: '确认发送',
        content: `向 ${preview?.Total ?? 0} 人发送，合计 ${preview?.TotalSegments ?? 0} 条${b.SendAt ? `，定时 ${b.SendAt}` : ''}？`,
        okText: '发送',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    if (!ok) return;
    setBusy('send');
    try {
      const r = await smsApi.send(b);
      ui.toast('success', `已提交，批次号 ${r.BatchNo}`);
      setPreview(null);
      await invalidateAfterWrite(client, SMS);
      if (!b.SendAt) await watchProgress(r.BatchId);
      onSent(r.BatchId);
    } catch {
      // The request client showed the refusal.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form
      form={form}
      labelCol={{ flex: '110px' }}
      initialValues={{ Kind: 1, Timing: 'now', ArrearsMoney: 0, ArrearsMonths: 1 }}
      onValuesChange={() => setPreview(null)}
    >
      <TargetFields kind={kind} />
      <Form.Item name="SignId" label="签名" rules={[{ required: true, message: '请选择签名' }]}>
        <Select
          style={{ width: 240 }}
          placeholder="已通过审核的签名"
          options={(signs.data ?? []).map((s) => ({ value: s.Id, label: `【${s.Name}】` }))}
        />
      </Form.Item>
      <Form.Item name="TemplateId" label="模板" rules={[{ required: true, message: '请选择模板' }]}>
        <Select
          style={{ width: 240 }}
          placeholder="已通过审核的模板"
          options={(templates.data ?? []).map((t) => ({ value: t.Id, label: `${t.Name}（${t.KindName}）` }))}
        />
      </Form.Item>
      {template && (
        <Form.Item label="模板内容">
          <TemplateText content={template.Content} />
        </Form.Item>
      )}
      {custom.map((name) => (
        <Form.Item
          key={name}
          name={['Vars', name]}
          label={name}
          rules={[{ required: true, whitespace: true, message: `请填写变量{${name}}` }]}
        >
          <Input maxLength={200} style={{ width: 320 }} />
        </Form.Item>
      ))}
      <Form.Item label="发送时间" required>
        <Space>
          <Form.Item name="Timing" noStyle>
            <Radio.Group
              options={[
                { value: 'now', label: '立即发送' },
                { value: 'later', label: '定时发送' },
              ]}
            />
          </Form.Item>
          {timing === 'later' && (
            <Form.Item name="SendAt" noStyle rules={[{ required: true, message: '请选择定时时间' }]}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(30, 'day'))}
              />
            </Form.Item>
          )}
        </Space>
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button onClick={() => void doPreview().catch(() => undefined)} loading={busy === 'preview'}>
            预览
          </Button>
          <Auth btn="add">
            <Button
              type="primary"
              disabled={!preview || preview.Short || preview.Total === 0}
              loading={busy === 'send'}
              onClick={() => void doSend().catch(() => undefined)}
            >
              发送
            </Button>
          </Auth>
        </Space>
      </Form.Item>
      {progress && (
        <Form.Item label="发送进度">
          <Progress
            percent={progress.Total ? Math.round((progress.Done / progress.Total) * 100) : 0}
            style={{ width: 420 }}
          />
        </Form.Item>
      )}
      {preview && (
        <Form.Item label=" " colon={false}>
          <PreviewPanel p={preview} />
        </Form.Item>
      )}
    </Form>
  );
}

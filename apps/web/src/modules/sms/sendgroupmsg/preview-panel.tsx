import { MSG_SMS_SHORT, type SmsPreview } from '@linli/shared';
import { Alert, Card, Descriptions, List, Typography } from 'antd';

/** What 预览 tells before anything goes: count, 条数, cost and the balance after. */
export function PreviewPanel({ p }: { p: SmsPreview }) {
  return (
    <Card size="small" title="发送预览" style={{ maxWidth: 720 }} data-testid="sms-preview">
      {p.Short && <Alert type="error" showIcon message={MSG_SMS_SHORT} style={{ marginBottom: 12 }} />}
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="接收人数">{p.Total}</Descriptions.Item>
        <Descriptions.Item label="字数">{p.Chars}</Descriptions.Item>
        <Descriptions.Item label="每条计费条数">{p.SegmentsPerMessage}</Descriptions.Item>
        <Descriptions.Item label="合计条数">{p.TotalSegments}</Descriptions.Item>
        <Descriptions.Item label="预计费用">¥{p.CostMoney}</Descriptions.Item>
        <Descriptions.Item label="发送后余额">
          <Typography.Text type={p.Short ? 'danger' : undefined}>{p.BalanceAfter}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {p.Invalid.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          message={`无效号码 ${p.Invalid.length} 个（已跳过）`}
          description={p.Invalid.slice(0, 50).join('，')}
        />
      )}
      <List
        size="small"
        header="示例短信"
        dataSource={p.Samples}
        locale={{ emptyText: '没有接收人' }}
        renderItem={(s) => <List.Item>{s}</List.Item>}
      />
    </Card>
  );
}

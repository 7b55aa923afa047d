import { Space, Statistic, Table, Tag, Typography } from 'antd';
import { isBadRow, type PreviewAnswer, type PreviewRow, rowSummary, summaryItems } from './import-preview-logic';

/** The preview's counts and its rows (正确/错误 with each 第N行 message). */
export function PreviewBody({
  answer,
  labels,
  columns,
  shown,
}: {
  answer: PreviewAnswer;
  labels?: Record<string, string>;
  columns?: readonly string[];
  shown: PreviewRow[];
}) {
  return (
    <>
      <Space wrap size={24} aria-label="预览统计" role="group">
        {summaryItems(answer.Summary, labels).map((s) => (
          <Statistic
            key={s.key}
            title={s.label}
            value={s.value}
            styles={{ content: { fontSize: 20, color: s.key === 'Error' && s.value ? '#ff4d4f' : undefined } }}
          />
        ))}
      </Space>
      <Table<PreviewRow>
        size="small"
        rowKey="Row"
        aria-label="预览结果"
        dataSource={shown}
        scroll={{ y: 300 }}
        pagination={shown.length > 50 ? { pageSize: 50, size: 'small', showSizeChanger: false } : false}
        columns={[
          { title: '行号', dataIndex: 'Row', width: 80, render: (r: number) => `第${r}行` },
          {
            title: '结果',
            dataIndex: 'Status',
            width: 70,
            render: (_s: string, r) => (isBadRow(r) ? <Tag color="error">错误</Tag> : <Tag color="success">正确</Tag>),
          },
          { title: '内容', key: 'values', render: (_v, r) => rowSummary(r.Values, columns) },
          {
            title: '错误信息',
            dataIndex: 'Messages',
            render: (m: string[]) => <Typography.Text type="danger">{m.join('；')}</Typography.Text>,
          },
        ]}
      />
    </>
  );
}

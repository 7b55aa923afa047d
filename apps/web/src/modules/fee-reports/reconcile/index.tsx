import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table } from 'antd';
import { useState } from 'react';
import { request } from '../../../app/request';
import { FEE_REPORTS, ReportFilters, cellText, initialValues, toParams } from '../kit';

/** One check of 对账检查 (domain "API shapes" Reconcile). */
export interface ReconcileCheck {
  Code: number;
  Name: string;
  Ok: boolean;
  ExpectedMoney: string | null;
  ActualMoney: string | null;
  DiffMoney: string;
  Samples: { Ref: string; Text: string }[];
}

const FILTERS = ['dates', 'communities'] as const;
const initial = initialValues(FILTERS);

const money = (v: unknown) => (v === null || v === undefined ? '-' : cellText('money', v));

/**
 * 对账检查: the seven checks that every report total equals the payments, each with 期望, 实际, 差额, ✓/✗ and up to 20
 * offending rows under it.
 */
export function ReconcileTab() {
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const body = toParams(FILTERS, [], values);
  const checks = useQuery({
    queryKey: [FEE_REPORTS, 'reconcile', body],
    queryFn: () => request<{ Checks: ReconcileCheck[] }>('/FeeReport/Reconcile', body, { json: true, silent: true }),
    retry: false,
  });
  const rows = checks.data?.Checks ?? [];
  const failed = rows.filter((c) => !c.Ok).length;
  return (
    <div className="crud-list">
      <ReportFilters
        filters={FILTERS}
        values={values}
        initial={initial}
        onSearch={(next) => {
          if (JSON.stringify(toParams(FILTERS, [], next)) === JSON.stringify(body)) void checks.refetch();
          setValues(next);
        }}
      />
      {checks.error && <Alert type="error" showIcon title={checks.error.message} style={{ margin: '8px 0' }} />}
      {checks.data && (
        <Alert
          type={failed ? 'error' : 'success'}
          showIcon
          style={{ margin: '8px 0' }}
          title={failed ? `${failed} 项检查未通过，展开查看差异明细` : `全部 ${rows.length} 项检查通过`}
        />
      )}
      <Table<ReconcileCheck>
        rowKey="Code"
        size="middle"
        bordered
        loading={checks.isFetching}
        dataSource={rows}
        pagination={false}
        expandable={{
          rowExpandable: (c) => c.Samples.length > 0,
          expandedRowRender: (c) => (
            <Table
              rowKey={(s) => `${s.Ref}-${s.Text}`}
              size="small"
              pagination={false}
              dataSource={c.Samples}
              columns={[
                { title: '单据', dataIndex: 'Ref', width: 200 },
                { title: '差异', dataIndex: 'Text' },
              ]}
            />
          ),
        }}
        columns={[
          { title: '序号', dataIndex: 'Code', width: 64 },
          { title: '检查项', dataIndex: 'Name' },
          { title: '期望', dataIndex: 'ExpectedMoney', align: 'right', render: money },
          { title: '实际', dataIndex: 'ActualMoney', align: 'right', render: money },
          { title: '差额', dataIndex: 'DiffMoney', align: 'right', render: money },
          {
            title: '结果',
            dataIndex: 'Ok',
            align: 'center',
            width: 80,
            render: (ok: boolean) =>
              ok ? (
                <CheckCircleFilled aria-label="通过" style={{ color: '#52c41a', fontSize: 18 }} />
              ) : (
                <CloseCircleFilled aria-label="未通过" style={{ color: '#ff4d4f', fontSize: 18 }} />
              ),
          },
          { title: '异常数', key: 'SampleCount', align: 'right', width: 80, render: (_, c) => c.Samples.length },
        ]}
      />
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { request, requestEnvelope } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { type CrudColumn, type ListParams, ListPage } from '../../../components/crud';
import { PrintView } from '../../../components/crud/print-view';
import { useCommunityOptions } from '../../../components/pickers';
import { FEE_DESK } from '../api';

interface ArrearsRow {
  RoomId: number;
  RoomName: string;
  OwnerName: string;
  OwnerMobile: string;
  ArrearsMoney: string;
  Months: number;
  EarliestDueDate: string;
  OverdueDays: number;
  AgeBand: number;
  AgeBandName: string;
  AccruedLateFeeMoney: string;
  ItemNames: string;
  LastDunningTime: string;
  DunningCount: number;
}

interface Notice {
  RoomId: number;
  RoomName: string;
  CommunityName: string;
  OwnerName: string;
  Lines: { ItemName: string; Period: string; DueDate: string; UnpaidMoney: string; LateFeeMoney: string }[];
  TotalMoney: string;
  Deadline: string;
}

const BAND_COLORS = ['', 'default', 'gold', 'orange', 'volcano', 'red'];
const BANDS = ['0-30', '31-90', '91-180', '181-365', '365天以上'].map((label, i) => ({ value: i + 1, label }));

const columns: CrudColumn<ArrearsRow>[] = [
  { title: '房号', dataIndex: 'RoomName', width: 150, fixed: 'left' },
  { title: '业主', dataIndex: 'OwnerName', width: 90 },
  { title: '电话', dataIndex: 'OwnerMobile', width: 120 },
  { title: '欠缴金额', dataIndex: 'ArrearsMoney', width: 100, align: 'right' },
  { title: '欠缴月数', dataIndex: 'Months', width: 80 },
  { title: '最早应缴日', dataIndex: 'EarliestDueDate', width: 110 },
  { title: '逾期天数', dataIndex: 'OverdueDays', width: 80 },
  {
    title: '账龄',
    dataIndex: 'AgeBand',
    width: 100,
    render: (b: number, r) => <Tag color={BAND_COLORS[b]}>{r.AgeBandName}</Tag>,
  },
  { title: '应计滞纳金', dataIndex: 'AccruedLateFeeMoney', width: 100, align: 'right' },
  { title: '项目', dataIndex: 'ItemNames', width: 140, ellipsis: true },
  { title: '最近催缴', dataIndex: 'LastDunningTime', width: 150 },
  { title: '次数', dataIndex: 'DunningCount', width: 60 },
];

/** 欠费催缴 (sfgl_yjfwjf): rooms in arrears with ageing; 短信催缴 (24 h rule), 打印催缴单, 登记催缴, and the log. */
export default function NoPayPage() {
  const queryClient = useQueryClient();
  const communities = useCommunityOptions();
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [recording, setRecording] = useState<ArrearsRow | null>(null);
  const [form] = Form.useForm<{ Channel: number; Result: string }>();

  const sms = async (body: Record<string, unknown>) => {
    const r = await request<{ Sent: number; Skipped: number; Failed: number }>('/Dunning/SendSms', body, {
      json: true,
    });
    ui.toast(
      'success',
      `已发送${r.Sent}条，跳过${r.Skipped}户（24小时内已催缴）${r.Failed ? `，失败${r.Failed}户（无手机号）` : ''}`,
    );
    void invalidateAfterWrite(queryClient, FEE_DESK);
  };

  const arrears = (
    <ListPage<ArrearsRow>
      resource={FEE_DESK}
      listName="arrears"
      rowKey="RoomId"
      fetch={(p: ListParams) => requestEnvelope<ArrearsRow[]>('/Dunning/ArrearsList', p)}
      columns={columns}
      heightExtra={46}
      exportCall="/Dunning/Export"
      exportName="欠费催缴"
      selectable={['sms', 'print']}
      searchFields={[
        {
          name: 'CommunityId',
          label: '小区',
          type: 'select',
          options: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
        },
        { name: 'AgeBand', label: '账龄', type: 'select', options: BANDS },
        { name: 'MinMonths', label: '最少月数', type: 'number' },
        { name: 'MinMoney', label: '最低金额', type: 'number' },
        { name: 'Keyword', label: '关键字', placeholder: '房号/业主/手机' },
      ]}
      toolbar={(ctx) => (
        <>
          <Auth btn="sms">
            <Button
              type="primary"
              onClick={() =>
                ctx.selectedKeys.length
                  ? void sms({ RoomIds: ctx.selectedKeys })
                      .then(ctx.clearSelection)
                      .catch(() => undefined)
                  : ui.confirm({
                      title: '短信催缴',
                      content: '向当前筛选条件下的全部欠费房屋发送催缴短信？24小时内已催缴的房屋将跳过。',
                      okText: '发送',
                      cancelText: '取消',
                      onOk: () =>
                        void sms({ ...ctx.params, All: true, PgIndex: undefined, PgSize: undefined }).catch(
                          () => undefined,
                        ),
                    })
              }
            >
              短信催缴{ctx.selectedKeys.length ? `（${ctx.selectedKeys.length}户）` : '（全部）'}
            </Button>
          </Auth>
          <Auth btn="print">
            <Button
              disabled={!ctx.selectedKeys.length}
              onClick={() =>
                void request<Notice[]>('/Dunning/Notice', { RoomIds: ctx.selectedKeys })
                  .then(setNotices)
                  .catch(() => undefined)
              }
            >
              打印催缴单
            </Button>
          </Auth>
        </>
      )}
      actionsWidth={90}
      rowActions={(r) => (
        <Auth btn="add">
          <Button
            type="link"
            size="small"
            onClick={() => {
              form.resetFields();
              setRecording(r);
            }}
          >
            登记催缴
          </Button>
        </Auth>
      )}
    />
  );

  const log = (
    <ListPage<Record<string, string | number>>
      resource={FEE_DESK}
      listName="dunning-log"
      rowKey="Id"
      fetch={(p: ListParams) => requestEnvelope('/Dunning/Log', p)}
      heightExtra={46}
      columns={[
        { title: '时间', dataIndex: 'CreateTime', width: 150 },
        { title: '房号', dataIndex: 'RoomName', width: 150 },
        { title: '方式', dataIndex: 'ChannelName', width: 80 },
        { title: '欠缴金额', dataIndex: 'ArrearsMoney', width: 100, align: 'right' },
        { title: '月数', dataIndex: 'Months', width: 60 },
        { title: '结果', dataIndex: 'Result', width: 200 },
        { title: '操作人', dataIndex: 'CreatorName', width: 90 },
      ]}
      searchFields={[
        {
          name: 'Channel',
          label: '方式',
          type: 'select',
          options: ['短信', '催缴单', '电话', '上门'].map((label, i) => ({ value: i + 1, label })),
        },
        { name: 'Dates', label: '日期', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'] },
      ]}
    />
  );

  return (
    <>
      <Tabs
        items={[
          { key: 'arrears', label: '欠费房屋', children: arrears },
          { key: 'log', label: '催缴记录', children: log },
        ]}
      />
      <Modal
        open={!!notices}
        title="催缴通知书"
        width={860}
        onCancel={() => setNotices(null)}
        footer={
          <Button type="primary" onClick={() => window.print()}>
            打印
          </Button>
        }
      >
        {(notices ?? []).map((n) => (
          <PrintView
            key={n.RoomId}
            title="催缴通知书"
            head={[
              { label: '房屋', value: `${n.CommunityName} ${n.RoomName}` },
              { label: '业主', value: n.OwnerName || '—' },
              { label: '缴费期限', value: n.Deadline },
            ]}
            columns={[
              { title: '项目', value: 'ItemName' },
              { title: '账期', value: 'Period' },
              { title: '应缴日期', value: 'DueDate' },
              { title: '欠缴金额', value: 'UnpaidMoney', money: true },
              { title: '滞纳金', value: 'LateFeeMoney', money: true },
            ]}
            rows={n.Lines}
            total={n.TotalMoney}
            foot={<span>请于{n.Deadline}前到物业服务中心缴清，逾期将继续计收滞纳金。</span>}
          />
        ))}
      </Modal>
      <Modal
        open={!!recording}
        title={`登记催缴 ${recording?.RoomName ?? ''}`}
        onCancel={() => setRecording(null)}
        onOk={() =>
          void form
            .validateFields()
            .then((v) => request('/Dunning/Record', { RoomId: recording!.RoomId, ...v }))
            .then(() => {
              ui.toast('success', '已登记');
              setRecording(null);
              void invalidateAfterWrite(queryClient, FEE_DESK);
            })
            .catch(() => undefined)
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ Channel: 3 }}>
          <Form.Item name="Channel" label="方式">
            <Radio.Group
              options={[
                { value: 3, label: '电话' },
                { value: 4, label: '上门' },
              ]}
            />
          </Form.Item>
          <Form.Item name="Result" label="结果" rules={[{ required: true, message: '请输入催缴结果' }]}>
            <Input.TextArea aria-label="催缴结果" rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  type InputRef,
  List,
  Row,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { hasButton } from '@linli/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { ApiError, request } from '../../../app/request';
import { useUserStore } from '../../../app/stores/user-store';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { useTableHeight } from '../../../components/use-table-height';
import {
  type BillRow,
  cashierContext,
  cashierSearch,
  FEE_DESK,
  newRequestId,
  pay,
  type PaymentRow,
  printReceipt,
  type Receipt,
  reprintReceipt,
  roomPayments,
  type SearchHit,
  type Tender,
  unpaidBills,
} from '../api';
import { AddBillTab } from './add-bill-tab';
import { BillsTable } from './bills-table';
import { fenOr0, payTotals, yuan } from './pay-logic';
import { PayPanel } from './pay-panel';
import { ReceiptDialog } from './receipt-dialog';
import { RoomDunning } from './room-dunning';
import { TopUpDialog, type TopUpTarget } from './top-up-dialog';

/**
 * 收费台 (sfgl_jft), keyboard-first: F2 searches (房号 1-2-1201, 业主, 手机, 身份证), ↑/↓ and Enter pick the room, its
 * unpaid bills come ticked, the cursor lands in the amount, Enter (or F9) takes the money and the receipt opens with
 * 打印 focused, so Enter prints it. The shortcuts are written on the buttons.
 */
/**
 * The list formula (useTableHeight) leaves room for a search box and a pager; the desk has its tabs' nav and the
 * table's header row above the bills instead, and no pager below them.
 */
const DESK_TABS_NAV = 56;
const BILLS_HEADER = 39;
const NO_PAGER = -50;

export default function PayCostPage() {
  const queryClient = useQueryClient();
  const searchRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<InputRef>(null);
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [cursor, setCursor] = useState(0);
  const [roomId, setRoomId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [payNow, setPayNow] = useState<Record<number, string>>({});
  const [tenders, setTenders] = useState<Tender[]>([{ Method: 1, AmountMoney: '' }]);
  const [usePrepaid, setUsePrepaid] = useState(false);
  const [overpayTo, setOverpayTo] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [tab, setTab] = useState('bills');
  const [topping, setTopping] = useState<TopUpTarget | null>(null);
  // 充值 is a 预存款 action (sfgl_yckgl `topup`), offered on the desk to whoever holds it.
  const grants = useUserStore((s) => s.info?.Buttons);
  const canTopUp = hasButton('sfgl_yckgl', 'topup', grants ?? []);
  // One RequestId per attempt: a retry after a lost answer resends it and gets the first receipt back.
  const requestId = useRef(newRequestId());
  // The bills fill the window below the desk's tabs (nav and the table's header), as a list's table does.
  const noSearchBox = useRef<HTMLDivElement>(null);
  const billsHeight = useTableHeight(noSearchBox, DESK_TABS_NAV + BILLS_HEADER + NO_PAGER);

  const context = useQuery({
    queryKey: [FEE_DESK, 'context', roomId],
    queryFn: () => cashierContext(roomId!),
    enabled: !!roomId,
  });
  const bills = useQuery({
    queryKey: [FEE_DESK, 'bills', roomId],
    queryFn: () => unpaidBills(roomId!),
    enabled: !!roomId,
    // The live late fee grows at midnight: a desk left open is brought up to date before it takes money.
    refetchInterval: 5 * 60_000,
  });
  const billRows: BillRow[] = useMemo(() => bills.data?.data ?? [], [bills.data]);

  useEffect(() => {
    setChosen(new Set(billRows.map((b) => b.Id)));
    setPayNow({});
  }, [billRows]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const accounts = context.data?.Accounts ?? [];
  const totals = payTotals(billRows, chosen, payNow, usePrepaid, accounts, tenders);
  // Never pay from figures being reloaded (right after a payment, a 减免 or a new day's late fee).
  const canPay =
    !!roomId &&
    !bills.isFetching &&
    chosen.size > 0 &&
    totals.shortFen <= 0 &&
    !(totals.shortFen < 0 && overpayTo === 1 && totals.nonCashOver);

  const choose = (hit: Pick<SearchHit, 'RoomId'>) => {
    setRoomId(hit.RoomId);
    setHits(null);
    setTenders([{ Method: 1, AmountMoney: '' }]);
    setUsePrepaid(false);
    setOverpayTo(1);
    setTab('bills');
    requestId.current = newRequestId();
    setTimeout(() => amountRef.current?.focus(), 300);
  };

  // A report row (欠缴明细表) opens the desk on its room: /chargemanage/paycost?roomId=12.
  const [params] = useSearchParams();
  const linkedRoom = Number(params.get('roomId')) || 0;
  useEffect(() => {
    if (linkedRoom) choose({ RoomId: linkedRoom });
  }, [linkedRoom]);

  const search = async () => {
    const k = keyword.trim();
    if (!k) return;
    const found = await cashierSearch(k);
    if (found.length === 1) choose(found[0]!);
    else {
      setHits(found);
      setCursor(0);
    }
  };

  const doPay = async () => {
    if (!roomId || busy) return;
    setBusy(true);
    try {
      const answer = await pay({
        RequestId: requestId.current,
        RoomId: roomId,
        Lines: billRows
          .filter((b) => chosen.has(b.Id))
          .map((b) => ({
            BillId: b.Id,
            PayMoney: yuan(fenOr0(payNow[b.Id] ?? b.UnpaidMoney)),
            LateFeeMoney: b.LateFeeMoney,
            DiscountMoney: '0',
            ExpectedMoney: yuan(fenOr0(b.UnpaidMoney) + fenOr0(b.LateFeeMoney)),
          })),
        UsePrepaid: usePrepaid,
        Tenders: tenders.filter((t) => fenOr0(t.AmountMoney) > 0),
        OverpayTo: overpayTo,
      });
      requestId.current = newRequestId();
      const change = answer.ChangeMoney !== '0.00' ? `，找零¥${answer.ChangeMoney}` : '';
      ui.toast('success', `收款成功 ${answer.ReceiptNo}${change}`);
      setTenders([{ Method: 1, AmountMoney: '' }]);
      setReceipt(await printReceipt(answer.PaymentId));
    } catch (err) {
      // The desk's figures are stale: reload them and name the bills that changed, so the cashier checks them.
      if (err instanceof ApiError && err.ret === 409) {
        requestId.current = newRequestId();
        const changed = (err.data as { Changed?: { BillId: number }[] } | undefined)?.Changed ?? [];
        const names = changed
          .map((c) => billRows.find((b) => b.Id === c.BillId))
          .filter((b) => !!b)
          .map((b) => `${b.ItemName} ${b.Period}`);
        if (names.length) ui.toast('warning', `已刷新，以下账单有变化，请核对后再收款：${names.join('、')}`);
      }
    } finally {
      setBusy(false);
      void invalidateAfterWrite(queryClient, FEE_DESK);
    }
  };

  return (
    <div className="fee-desk">
      <Row gutter={12}>
        <Col span={7}>
          <Card size="small" title="查找房屋 (F2)">
            <Input.Search
              ref={(el) => {
                searchRef.current = el?.input ?? null;
              }}
              autoFocus
              aria-label="查找房屋"
              title="房号（如 1-2-1201）、业主、手机、车牌或身份证"
              placeholder="房号/业主/手机/车牌/身份证"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={() => void search().catch(() => undefined)}
              onKeyDown={(e) => {
                if (!hits?.length) return;
                if (e.key === 'ArrowDown') setCursor((c) => Math.min(c + 1, hits.length - 1));
                else if (e.key === 'ArrowUp') setCursor((c) => Math.max(c - 1, 0));
                else if (e.key === 'Enter' && hits[cursor] && keyword.trim()) {
                  e.preventDefault();
                  choose(hits[cursor]);
                  return;
                } else return;
                e.preventDefault();
              }}
              enterButton="查找"
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              房号如 1-2-1201，Enter 查找，↑/↓ 选择
            </Typography.Text>
            {hits && (
              <List
                size="small"
                style={{ marginTop: 8, maxHeight: 300, overflow: 'auto' }}
                locale={{ emptyText: '没有找到房屋' }}
                dataSource={hits}
                renderItem={(h, i) => (
                  <List.Item
                    onClick={() => choose(h)}
                    style={{ cursor: 'pointer', background: i === cursor ? '#e6fffb' : undefined }}
                  >
                    <span>
                      {h.CommunityName} {h.RoomName} {h.OwnerName}
                    </span>
                    {h.ArrearsMoney !== '0.00' && <Tag color="red">欠¥{h.ArrearsMoney}</Tag>}
                  </List.Item>
                )}
              />
            )}
            {context.data && (
              <Descriptions
                size="small"
                column={1}
                style={{ marginTop: 12 }}
                items={[
                  {
                    key: 'room',
                    label: '房屋',
                    children: `${context.data.Room?.CommunityName ?? ''} ${context.data.Room?.RoomName ?? ''}`,
                  },
                  { key: 'owner', label: '业主', children: context.data.OwnerName || '—' },
                  { key: 'mobile', label: '电话', children: context.data.OwnerMobile || '—' },
                  {
                    key: 'area',
                    label: '面积',
                    children: context.data.Room ? `${context.data.Room.BuildArea} m²` : '—',
                  },
                  {
                    key: 'prepaid',
                    label: '预存余额',
                    children: (
                      <div>
                        {accounts.length
                          ? accounts.map((a) => <div key={a.Id}>{`${a.ItemName} ¥${a.BalanceMoney}`}</div>)
                          : '¥0.00'}
                        {context.data.Room && canTopUp && (
                          <Button
                            size="small"
                            type="link"
                            style={{ padding: 0, marginLeft: 8 }}
                            onClick={() =>
                              setTopping({
                                RoomId: context.data!.Room!.Id,
                                RoomName: context.data!.Room!.RoomName,
                                ItemId: 0,
                                Items: accounts.map((a) => ({ ItemId: a.ItemId, ItemName: a.ItemName })),
                              })
                            }
                          >
                            充值
                          </Button>
                        )}
                      </div>
                    ),
                  },
                  {
                    key: 'arrears',
                    label: '欠缴合计',
                    children: <Typography.Text type="danger">¥{context.data.ArrearsMoney}</Typography.Text>,
                  },
                ]}
              />
            )}
          </Card>
        </Col>
        <Col span={17}>
          {!roomId ? (
            <Card>
              <Empty description="按 F2 输入房号、业主、手机、车牌或身份证查找房屋" />
            </Card>
          ) : (
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: 'bills',
                  label: '待缴账单',
                  children: (
                    <Row gutter={12}>
                      <Col span={16}>
                        <BillsTable
                          bills={billRows}
                          loading={bills.isLoading}
                          height={billsHeight}
                          chosen={chosen}
                          setChosen={setChosen}
                          payNow={payNow}
                          setPayNow={setPayNow}
                        />
                      </Col>
                      <Col span={8}>
                        <Auth btn="pay" fallback={<Empty description="没有收款权限" />}>
                          <PayPanel
                            totals={totals}
                            tenders={tenders}
                            setTenders={setTenders}
                            usePrepaid={usePrepaid}
                            setUsePrepaid={setUsePrepaid}
                            hasPrepaid={accounts.some((a) => a.BalanceMoney !== '0.00')}
                            overpayTo={overpayTo}
                            setOverpayTo={setOverpayTo}
                            busy={busy}
                            canPay={canPay}
                            onPay={() => void doPay()}
                            amountRef={amountRef}
                          />
                        </Auth>
                      </Col>
                    </Row>
                  ),
                },
                {
                  key: 'prepay',
                  label: '预缴',
                  children: <AddBillTab mode="prepay" roomId={roomId} onDone={() => setTab('bills')} />,
                },
                {
                  key: 'temp',
                  label: '临时收费',
                  children: <AddBillTab mode="temp" roomId={roomId} onDone={() => setTab('bills')} />,
                },
                {
                  key: 'payments',
                  label: '缴费记录',
                  children: <RoomPayments roomId={roomId} onReprint={(r) => setReceipt(r)} />,
                },
                { key: 'txns', label: '预存流水', children: <RoomTxns roomId={roomId} /> },
                { key: 'dunning', label: '催缴记录', children: <RoomDunning roomId={roomId} /> },
              ]}
            />
          )}
        </Col>
      </Row>
      <TopUpDialog
        target={topping}
        onClose={() => setTopping(null)}
        onDone={(r) => {
          setTopping(null);
          setReceipt(r);
          void invalidateAfterWrite(queryClient, FEE_DESK);
        }}
      />
      <ReceiptDialog
        receipt={receipt}
        onClose={() => {
          setReceipt(null);
          setTimeout(() => searchRef.current?.focus(), 50);
        }}
      />
    </div>
  );
}

function RoomPayments({ roomId, onReprint }: { roomId: number; onReprint(r: Receipt): void }) {
  const q = useQuery({
    queryKey: [FEE_DESK, 'payments', roomId],
    queryFn: () => roomPayments({ RoomId: roomId, PgIndex: 1, PgSize: 100 }),
  });
  return (
    <Table<PaymentRow>
      size="small"
      rowKey="Id"
      loading={q.isLoading}
      dataSource={q.data?.data ?? []}
      pagination={false}
      columns={[
        { title: '收据号', dataIndex: 'ReceiptNo', width: 130 },
        { title: '时间', dataIndex: 'PayTime', width: 150 },
        { title: '项目摘要', dataIndex: 'ItemSummary', ellipsis: true },
        { title: '实收', dataIndex: 'PaidMoney', width: 90, align: 'right' },
        { title: '方式', dataIndex: 'MethodNames', width: 100 },
        { title: '收款人', dataIndex: 'CashierName', width: 80 },
        { title: '状态', dataIndex: 'StateName', width: 80 },
        { title: '打印次数', dataIndex: 'PrintCount', width: 80 },
        {
          title: '操作',
          width: 70,
          render: (_: unknown, r) => (
            <Auth btn="print">
              <Button type="link" size="small" onClick={() => void reprintReceipt(r.Id).then(onReprint)}>
                补打
              </Button>
            </Auth>
          ),
        },
      ]}
    />
  );
}

interface TxnRow {
  Id: number;
  ItemName: string;
  TxnTypeName: string;
  AmountMoney: string;
  BalanceAfterMoney: string;
  ReceiptNo: string;
  CreateTime: string;
}

function RoomTxns({ roomId }: { roomId: number }) {
  const q = useQuery({
    queryKey: [FEE_DESK, 'txns', roomId],
    queryFn: () => request<TxnRow[]>('/Prepaid/TxnList', { RoomId: roomId, PgSize: 100 }, { silent: true }),
  });
  return (
    <Table<TxnRow>
      size="small"
      rowKey="Id"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      pagination={false}
      locale={{ emptyText: q.isError ? '没有预存款权限' : '暂无预存流水' }}
      columns={[
        { title: '时间', dataIndex: 'CreateTime', width: 150 },
        { title: '账户', dataIndex: 'ItemName', width: 100 },
        { title: '类型', dataIndex: 'TxnTypeName', width: 90 },
        { title: '金额', dataIndex: 'AmountMoney', width: 100, align: 'right' },
        { title: '余额', dataIndex: 'BalanceAfterMoney', width: 100, align: 'right' },
        { title: '单号', dataIndex: 'ReceiptNo' },
      ]}
    />
  );
}

import { Input, Table, Tag } from 'antd';
import type { BindPayer } from '../api';

/**
 * The 车位 / 车辆 picker of the bind drawer (domain/fees.md "spaces and vehicles are picked from lists"): a search
 * box and a list with its room and owner; payers already on this standard are marked and cannot be picked again.
 */
export function BindPayerList({
  payerType,
  rows,
  loading,
  keyword,
  setKeyword,
  selected,
  setSelected,
}: {
  payerType: number;
  rows: BindPayer[];
  loading: boolean;
  keyword: string;
  setKeyword(k: string): void;
  selected: number[];
  setSelected(ids: number[]): void;
}) {
  const noun = payerType === 2 ? '车位' : '车牌';
  return (
    <>
      <Input.Search
        aria-label={`查找${noun}`}
        placeholder={payerType === 2 ? '车位号/车场' : '车牌号'}
        allowClear
        defaultValue={keyword}
        onSearch={setKeyword}
        style={{ width: 260, marginBottom: 8 }}
      />
      <Table<BindPayer>
        rowKey="PayerId"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        scroll={{ y: 440 }}
        locale={{ emptyText: `本小区没有${payerType === 2 ? '车位' : '车辆'}` }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (r) => ({ disabled: r.Bound }),
        }}
        columns={[
          {
            title: noun,
            dataIndex: 'PayerName',
            render: (v: string, r) => (
              <span>
                {v} {r.Bound && <Tag color="green">已绑定</Tag>}
                {r.BoundOther && <Tag color="orange">已绑定其他标准</Tag>}
              </span>
            ),
          },
          { title: '房号', dataIndex: 'RoomName', width: 170 },
          { title: '业主', dataIndex: 'OwnerName', width: 100 },
        ]}
      />
    </>
  );
}

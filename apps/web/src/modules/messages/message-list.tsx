import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useSettingsStore } from '../../app/stores/settings-store';
import { getMessages, type Message, messageKeys, type ReadFilter } from './api';
import { MessageToolbar } from './message-toolbar';
import { msgTypeName } from './msg-type-names';
import { useMessageActions } from './use-message-actions';

/** One read-state tab of the message centre: type filter, table with multi-select, paging. */
export function MessageList({ read }: { read: ReadFilter }) {
  const defaultSize = useSettingsStore((s) => s.pageSize);
  const [msgType, setMsgType] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(defaultSize);
  const [selected, setSelected] = useState<number[]>([]);
  const [shown, setShown] = useState<Message | null>(null);
  const actions = useMessageActions(setShown);

  const query = { page, size, read, msgType };
  const { data, isFetching } = useQuery({ queryKey: messageKeys.list(query), queryFn: () => getMessages(query) });
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;

  // A page emptied by deleting or marking read steps back to the last page that still has rows.
  useEffect(() => {
    const last = Math.max(1, Math.ceil(total / size));
    if (data && page > last) setPage(last);
  }, [data, total, size, page]);

  const removeRows = async (ids: number[]) => {
    await actions.remove(ids);
    setSelected((s) => s.filter((id) => !ids.includes(id)));
  };

  const columns: ColumnsType<Message> = [
    {
      title: '状态',
      dataIndex: 'IsRead',
      width: 80,
      // On a phone the bold title already says unread; the room goes to the title.
      responsive: ['sm'],
      render: (v: number) =>
        v ? <Badge status="default" text="已读" /> : <Badge status="processing" color="#f5222d" text="未读" />,
    },
    {
      title: '标题',
      dataIndex: 'Title',
      ellipsis: true,
      render: (title: string, m) => (
        <Button
          type="link"
          className={m.IsRead ? 'news-title' : 'news-title is-unread'}
          onClick={() => actions.open(m)}
        >
          {title}
        </Button>
      ),
    },
    { title: '类型', dataIndex: 'MsgType', width: 110, render: (t: number) => <Tag>{msgTypeName(t)}</Tag> },
    { title: '内容', dataIndex: 'Content', ellipsis: true, responsive: ['lg'] },
    { title: '时间', dataIndex: 'CreateTime', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={!!m.IsRead} onClick={() => actions.markRead([m.Id])}>
            标记已读
          </Button>
          <Popconfirm
            title="删除这条消息？"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => removeRows([m.Id])}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <MessageToolbar
        msgType={msgType}
        onMsgType={(t) => {
          setMsgType(t);
          setPage(1);
          setSelected([]);
        }}
        selected={selected.length}
        onMarkSelected={async () => {
          await actions.markRead(selected);
          setSelected([]);
        }}
        onMarkAll={actions.markAllRead}
        onDeleteSelected={() => removeRows(selected)}
      />
      <Table<Message>
        rowKey="Id"
        loading={isFetching}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 640 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: '暂无消息' }}
        pagination={{
          current: page,
          pageSize: size,
          total,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p, s) => {
            setPage(s === size ? p : 1);
            setSize(s);
          },
        }}
      />
      <Modal open={!!shown} title={shown?.Title} footer={null} onCancel={() => setShown(null)}>
        {shown && (
          <>
            <Typography.Paragraph type="secondary">
              {msgTypeName(shown.MsgType)} · {shown.CreateTime}
            </Typography.Paragraph>
            <Typography.Paragraph className="news-content">{shown.Content || '（无内容）'}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { getLoginLog, personalKeys } from './api';

/** 登录记录: the last 20 sign-ins, so the user can spot one that was not his. */
export function LoginLog() {
  const { data, isLoading } = useQuery({ queryKey: personalKeys.loginLog(), queryFn: getLoginLog });
  return (
    <Table
      rowKey={(r) => `${r.Time}-${r.Ip}-${r.Way}`}
      loading={isLoading}
      dataSource={data ?? []}
      pagination={false}
      size="middle"
      scroll={{ x: 480 }}
      columns={[
        { title: '登录时间', dataIndex: 'Time', width: 180 },
        { title: 'IP 地址', dataIndex: 'Ip', width: 160 },
        { title: '登录方式', dataIndex: 'Way' },
      ]}
    />
  );
}

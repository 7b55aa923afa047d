import { Tag } from 'antd';
import type { CrudColumn } from '../../../components/crud';
import type { PositionMember } from './api';

/** 岗位成员 tab. */
export const memberColumns: CrudColumn<PositionMember>[] = [
  { title: '姓名', dataIndex: 'UserName', width: 120 },
  { title: '登录账号', dataIndex: 'UserAccount', width: 140 },
  { title: '部门', dataIndex: 'DptName', width: 140 },
  {
    title: '状态',
    dataIndex: 'State',
    width: 90,
    render: (s: number) => (s === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  },
];

export const MSG_SYSTEM_POSITION = '系统岗位不能修改';

import { ACCOUNT_PATTERN, MSG_ACCOUNT_RULE, StaffSaveBody } from '@linli/shared';
import { Space, Switch, Tag, Typography } from 'antd';
import type { CrudColumn, FormField, Option, SearchField, TreeOption } from '../../../components/crud';
import { ImageField, zodRule } from '../../../components/crud';
import { passwordRule, samePasswordRule } from '../../../components/form-rules';

import type { StaffRow, StaffValues } from './api';
import { communitySummary, lastLogin } from './staff-logic';

const rule = (name: keyof StaffSaveBody & string) => [zodRule(StaffSaveBody, name)];

export const STATE_OPTIONS: Option[] = [
  { value: 1, label: '启用' },
  { value: 0, label: '停用' },
  { value: 2, label: '已锁定' },
];

export function staffColumns(state: { can: boolean; busyId: number | null; toggle(row: StaffRow): void }) {
  const columns: CrudColumn<StaffRow>[] = [
    { title: '登录账号', dataIndex: 'UserAccount', width: 110, fixed: 'left', hideable: false },
    { title: '姓名', dataIndex: 'UserName', width: 90 },
    { title: '手机', dataIndex: 'Phone', width: 115 },
    // 部门 and 最后登录 start hidden (列设置 shows them; the tree beside already picks the department): 负责小区 and
    // 状态 must fit 1440 px beside the department tree without scrolling.
    { title: '部门', dataIndex: 'DptName', width: 110, defaultHidden: true },
    {
      title: '岗位',
      dataIndex: 'PositionNames',
      width: 130,
      render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>),
    },
    {
      title: '负责小区',
      dataIndex: 'CommunityNames',
      width: 150,
      render: (names: string[], row) => (
        <span title={row.AllCommunity ? '全部小区' : names.join('、')}>
          {communitySummary(row.AllCommunity, names)}
        </span>
      ),
    },
    {
      title: '状态',
      dataIndex: 'State',
      width: 120,
      render: (value: number, row) => (
        <Space size={4}>
          <Switch
            size="small"
            checked={value === 1}
            checkedChildren="启用"
            unCheckedChildren="停用"
            disabled={!state.can || row.IsAdmin}
            loading={state.busyId === row.Id}
            onChange={() => state.toggle(row)}
            aria-label={`${row.UserName}状态`}
          />
          {row.Locked && (
            <Tag color="red" title={`锁定至 ${row.LockedUntil}`}>
              已锁定
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: '最后登录',
      dataIndex: 'LastLoginTime',
      width: 210,
      defaultHidden: true,
      render: (t: string, row) => (
        <Typography.Text type={t ? undefined : 'secondary'}>{lastLogin(t, row.LastLoginIp)}</Typography.Text>
      ),
    },
    { title: '创建时间', dataIndex: 'CreateTime', width: 160, defaultHidden: true },
  ];
  return columns;
}

export function searchFields(positions: Option[], communities: Option[]): SearchField[] {
  return [
    { name: 'Keyword', label: '关键字', placeholder: '账号/姓名/手机' },
    { name: 'PositionId', label: '岗位', type: 'select', options: positions, width: 140 },
    { name: 'CommunityId', label: '负责小区', type: 'select', options: communities, width: 140 },
    { name: 'State', label: '状态', type: 'select', options: STATE_OPTIONS, width: 110 },
  ];
}

const accountRule = {
  required: true,
  validator: (_: unknown, v: string | undefined) =>
    !v?.trim()
      ? Promise.reject(new Error('请输入登录账号'))
      : ACCOUNT_PATTERN.test(v.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(MSG_ACCOUNT_RULE)),
};

export function staffFormFields(o: {
  departments: TreeOption[];
  positions: Option[];
  communities: Option[];
  archives: Option[];
}): FormField<StaffValues>[] {
  return [
    {
      name: 'UserAccount',
      label: '登录账号',
      rules: [accountRule],
      maxLength: 20,
      span: 12,
      disabled: (_v, editing) => editing,
      extra: '创建后不能修改',
      props: { autoComplete: 'off' },
    },
    { name: 'UserName', label: '姓名', rules: rule('UserName'), maxLength: 20, span: 12 },
    { name: 'Phone', label: '手机', rules: rule('Phone'), maxLength: 11, span: 12, props: { inputMode: 'tel' } },
    {
      name: 'Gender',
      label: '性别',
      type: 'radio',
      span: 12,
      options: [
        { value: 1, label: '男' },
        { value: 2, label: '女' },
        { value: 0, label: '保密' },
      ],
    },
    { name: 'DptId', label: '部门', type: 'treeSelect', treeData: o.departments, rules: rule('DptId') },
    {
      name: 'PositionIds',
      label: '岗位',
      type: 'multiSelect',
      options: o.positions,
      rules: [{ required: true, type: 'array', min: 1, message: '请选择岗位' }],
    },
    {
      name: 'AllCommunity',
      label: '全部小区',
      type: 'switch',
      extra: '开启后可管理本企业所有小区（含以后新增的小区）',
    },
    {
      name: 'CommunityIds',
      label: '负责小区',
      type: 'multiSelect',
      options: o.communities,
      hidden: (v) => !!v.AllCommunity,
      rules: [{ required: true, type: 'array', min: 1, message: '请选择负责小区' }],
    },
    {
      name: 'Password',
      label: '密码',
      type: 'password',
      maxLength: 20,
      span: 12,
      hidden: (_v, editing) => editing,
      rules: [passwordRule('请输入密码')],
    },
    {
      name: 'ConfirmPwd',
      label: '确认密码',
      type: 'password',
      maxLength: 20,
      span: 12,
      hidden: (_v, editing) => editing,
      rules: [samePasswordRule('Password', '请再次输入密码')],
    },
    { name: 'ArchiveId', label: '关联档案', type: 'select', options: o.archives, placeholder: '选择未关联的员工档案' },
    { name: 'Logo', label: '头像', render: () => <ImageField /> },
    { name: 'Remark', label: '备注', type: 'textarea', maxLength: 200 },
  ];
}

import { CompanyEditBody, DEFAULT_SITE_TITLE } from '@linli/shared';
import type { ReactNode } from 'react';
import { type FormField, ImageField, zodRule } from '../../../components/crud';
import type { CompanyInfo } from './api';

type Values = CompanyInfo;
const rule = (name: keyof CompanyEditBody & string) => [zodRule(CompanyEditBody, name)];

/** What the card shows, in order. */
export const profileItems: { key: keyof CompanyInfo; label: string; render?: (c: CompanyInfo) => ReactNode }[] = [
  { key: 'CmpName', label: '企业名称' },
  { key: 'ShortName', label: '简称' },
  { key: 'Contact', label: '联系人' },
  { key: 'ContactTel', label: '联系电话' },
  { key: 'LicenceNo', label: '统一社会信用代码' },
  { key: 'SiteTitle', label: '网站标题' },
  { key: 'Address', label: '地址' },
  { key: 'CmpId', label: '企业编号' },
  { key: 'AdminAccount', label: '管理员账号' },
  { key: 'CreateTime', label: '创建时间' },
  { key: 'Intro', label: '企业简介' },
];

export const countItems: { key: keyof CompanyInfo; label: string }[] = [
  { key: 'StaffCount', label: '员工数' },
  { key: 'DepartmentCount', label: '部门数' },
  { key: 'CommunityCount', label: '小区数' },
];

export const formFields: FormField<Values>[] = [
  { name: 'CmpName', label: '企业名称', rules: rule('CmpName'), maxLength: 50, span: 12 },
  { name: 'ShortName', label: '简称', rules: rule('ShortName'), maxLength: 20, span: 12 },
  { name: 'Contact', label: '联系人', rules: rule('Contact'), maxLength: 30, span: 12 },
  {
    name: 'ContactTel',
    label: '联系电话',
    rules: rule('ContactTel'),
    maxLength: 20,
    span: 12,
    placeholder: '手机或座机，如 0571-88886666',
  },
  { name: 'LicenceNo', label: '统一社会信用代码', rules: rule('LicenceNo'), maxLength: 18, span: 12 },
  {
    name: 'SiteTitle',
    label: '网站标题',
    rules: rule('SiteTitle'),
    maxLength: 30,
    span: 12,
    placeholder: DEFAULT_SITE_TITLE,
    extra: '浏览器标题栏显示为「页面名称 - 网站标题」',
  },
  { name: 'Address', label: '地址', rules: rule('Address'), maxLength: 100 },
  {
    name: 'Logo',
    label: '企业Logo',
    render: () => <ImageField />,
    extra: 'jpg/png，不超过2MB；显示在侧边栏顶部和收据上',
  },
  { name: 'Intro', label: '企业简介', type: 'textarea', rules: rule('Intro'), maxLength: 500 },
];

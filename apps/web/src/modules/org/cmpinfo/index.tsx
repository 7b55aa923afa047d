import { EditOutlined } from '@ant-design/icons';
import { DEFAULT_SITE_TITLE } from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Image, Result, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { useUserStore } from '../../../app/stores/user-store';
import { Auth } from '../../../components/auth';
import { EditDrawer } from '../../../components/crud';
import { type CompanyInfo, companyKeys, editCompany, getCompanyInfo } from './api';
import { countItems, formFields, profileItems } from './columns';
import './cmpinfo.css';

/** 企业资料: the company profile card; 编辑 opens the form, and a save retitles the browser tab at once. */
export default function CompanyInfoPage() {
  const { data, isLoading, isError, refetch } = useQuery({ queryKey: companyKeys.info(), queryFn: getCompanyInfo });
  const patchInfo = useUserStore((s) => s.patchInfo);
  const [editing, setEditing] = useState(false);

  if (isLoading) return <Skeleton active />;
  if (isError || !data)
    return (
      <Result
        status="warning"
        title="企业资料加载失败"
        extra={<Button onClick={() => void refetch()}>重新加载</Button>}
      />
    );

  return (
    <div className="cmpinfo">
      <Card
        title={
          <span className="cmpinfo-title">
            {data.Logo && <Image src={data.Logo} width={32} height={32} preview={false} alt="企业Logo" />}
            企业资料
          </span>
        }
        extra={
          <Auth btn="edit">
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              编辑
            </Button>
          </Auth>
        }
      >
        <div className="cmpinfo-counts">
          {countItems.map((c) => (
            <Statistic key={c.key} title={c.label} value={data[c.key] as number} />
          ))}
        </div>
        <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} size="middle">
          {profileItems.map((item) => (
            <Descriptions.Item key={item.key} label={item.label} span={item.key === 'Intro' ? 'filled' : 1}>
              {String(data[item.key] ?? '') || '—'}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <EditDrawer<CompanyInfo>
        open={editing}
        title="编辑企业资料"
        width={720}
        fields={formFields}
        initialValues={data}
        resource={companyKeys.all[0]}
        editing
        onClose={() => setEditing(false)}
        onSubmit={async (values) => {
          await editCompany(values);
          // The page title reads SiteTitle from the user store: update it now, not on the next sign-in.
          patchInfo({ SiteTitle: values.SiteTitle?.trim() || DEFAULT_SITE_TITLE });
        }}
      />
    </div>
  );
}

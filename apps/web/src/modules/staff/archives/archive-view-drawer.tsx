import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Image, Skeleton, Tag } from 'antd';
import { type ArchiveDetail, archiveGet, archiveKeys } from './api';
import { CONTRACT_WARN_COLORS } from './archive-logic';

const SECTIONS: { title: string; items: [keyof ArchiveDetail, string][] }[] = [
  {
    title: '基本信息',
    items: [
      ['EmployeeNo', '工号'],
      ['Name', '姓名'],
      ['GenderText', '性别'],
      ['IdCard', '身份证号'],
      ['BirthDate', '出生日期'],
      ['Phone', '手机'],
      ['Nation', '民族'],
      ['NativePlace', '籍贯'],
      ['Education', '学历'],
      ['School', '毕业院校'],
      ['Major', '专业'],
      ['Address', '住址'],
    ],
  },
  {
    title: '工作信息',
    items: [
      ['DptName', '部门'],
      ['JobTitle', '职务'],
      ['EntryDate', '入职日期'],
      ['ProbationEnd', '试用期结束'],
      ['StatusText', '状态'],
      ['LeaveDate', '离职日期'],
      ['LeaveReason', '离职原因'],
      ['UserAccount', '关联账号'],
    ],
  },
  {
    title: '合同信息',
    items: [
      ['ContractType', '合同类型'],
      ['ContractStart', '合同开始'],
      ['ContractEnd', '合同结束'],
    ],
  },
  {
    title: '紧急联系人',
    items: [
      ['EmergencyName', '姓名'],
      ['EmergencyRelation', '关系'],
      ['EmergencyPhone', '电话'],
    ],
  },
];

/** 查看: the whole file, read-only. */
export function ArchiveViewDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { data } = useQuery({ queryKey: archiveKeys.detail(id ?? 0), queryFn: () => archiveGet(id!), enabled: !!id });
  return (
    <Drawer title="员工档案" open={!!id} onClose={onClose} size={Math.min(720, window.innerWidth)} destroyOnHidden>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          {data.Photo && <Image src={data.Photo} width={96} alt="照片" style={{ marginBottom: 12 }} />}
          {SECTIONS.map((s) => (
            <Descriptions
              key={s.title}
              title={s.title}
              size="small"
              bordered
              column={{ xs: 1, sm: 2 }}
              style={{ marginBottom: 16 }}
            >
              {s.items.map(([key, label]) => (
                <Descriptions.Item key={key} label={label}>
                  {key === 'ContractEnd' && CONTRACT_WARN_COLORS[data.ContractWarn] ? (
                    <span style={{ color: CONTRACT_WARN_COLORS[data.ContractWarn] }}>{data.ContractEnd}</span>
                  ) : key === 'StatusText' ? (
                    <Tag color={data.Status === 1 ? 'green' : 'default'}>{data.StatusText}</Tag>
                  ) : (
                    String(data[key] ?? '') || '—'
                  )}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ))}
          <Descriptions title="附件" size="small" column={1}>
            <Descriptions.Item label="文件">
              {data.Attachments.length
                ? data.Attachments.map((f) => (
                    <div key={f.FilePath}>
                      <a href={f.FilePath} target="_blank" rel="noreferrer">
                        {f.FileName}
                      </a>
                    </div>
                  ))
                : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="备注">{data.Remark || '—'}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Drawer>
  );
}

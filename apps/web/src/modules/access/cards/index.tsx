import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { ListPage, ReasonDialog, RowActions } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { CARDS, type CardRow, cardAction, cardImportConfig, cardList, cardReissue } from '../api';
import { CardDrawer } from './card-drawer';
import { cardColumns, cardSearch } from './columns';

type Pending = { kind: 'Lost' | 'Unlost' | 'Cancel' | 'Reissue'; row: CardRow };
const TITLES = { Lost: '挂失', Unlost: '解挂', Cancel: '注销', Reissue: '补卡' };

/** 卡片管理 (txgl_kpgl): 发卡, 挂失/解挂, 注销, 补卡 (new number, same grants), 刷卡记录, import and export. */
export default function CardListPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const communities = useCommunityOptions();
  const [drawer, setDrawer] = useState<{ open: boolean; card: CardRow | null }>({ open: false, card: null });
  const [pending, setPending] = useState<Pending | null>(null);
  const opts = (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }));

  const submit = async (reason: string, v: Record<string, string>) => {
    if (!pending) return;
    if (pending.kind === 'Reissue') await cardReissue(pending.row.Id, v.NewCardNo ?? '', reason);
    else await cardAction(pending.kind, pending.row.Id, reason);
    ui.toast('success', `${TITLES[pending.kind]}成功`);
    await invalidateAfterWrite(client, CARDS);
  };

  return (
    <>
      <ListPage<CardRow>
        resource={CARDS}
        fetch={cardList}
        columns={cardColumns}
        searchFields={cardSearch(opts)}
        exportCall="/AccessCard/Export"
        exportName="卡片列表"
        importConfig={cardImportConfig}
        toolbar={() => (
          <Auth btn="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true, card: null })}>
              发卡
            </Button>
          </Auth>
        )}
        actionsWidth={230}
        rowActions={(row) => (
          <RowActions
            row={row}
            actions={[
              {
                label: '编辑',
                btn: 'edit',
                hidden: (r) => r.Status === 3,
                onClick: (r) => setDrawer({ open: true, card: r }),
              },
              {
                label: '挂失',
                btn: 'lost',
                hidden: (r) => r.Status !== 1,
                onClick: (r) => setPending({ kind: 'Lost', row: r }),
              },
              {
                label: '解挂',
                btn: 'lost',
                hidden: (r) => r.Status !== 2,
                onClick: (r) => setPending({ kind: 'Unlost', row: r }),
              },
              {
                label: '补卡',
                btn: 'add',
                hidden: (r) => r.Status === 3,
                onClick: (r) => setPending({ kind: 'Reissue', row: r }),
              },
              {
                label: '注销',
                btn: 'cancel',
                hidden: (r) => r.Status === 3,
                onClick: (r) => setPending({ kind: 'Cancel', row: r }),
              },
              {
                label: '刷卡记录',
                btn: 'view',
                onClick: (r) => navigate(`/cardmanage/cardusereclist?keyword=${encodeURIComponent(r.CardNo)}`),
              },
            ]}
          />
        )}
      />
      <CardDrawer open={drawer.open} card={drawer.card} onClose={() => setDrawer({ open: false, card: null })} />
      <ReasonDialog
        open={!!pending}
        title={pending ? `${TITLES[pending.kind]} ${pending.row.CardNo}` : ''}
        required={false}
        extra={
          pending?.kind === 'Reissue'
            ? { name: 'NewCardNo', label: '新卡号', placeholder: '4-20位数字或字母', maxLength: 20 }
            : undefined
        }
        onSubmit={submit}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'Cancel' && <p>注销后不可恢复，设备将删除该卡。</p>}
        {pending?.kind === 'Reissue' && <p>新卡继承原卡的授权通道和有效期，原卡将被注销。</p>}
      </ReasonDialog>
    </>
  );
}

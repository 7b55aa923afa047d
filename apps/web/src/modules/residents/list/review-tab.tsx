import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { ListPage } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { RejectDialog } from './reject-dialog';
import { REG_LIST, REGISTRATIONS, type RegistrationRow, registrationApprove, registrationList } from './review-api';
import { reviewColumns, reviewSearch } from './review-columns';
import { invalidateAfterWrite } from '../../../app/query-deps';

/** 待审核: owner-app sign-ups, 待审核 by default; 通过 / 驳回 one row or a batch (the `approve` key). */
export function ReviewTab() {
  const communities = useCommunityOptions();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<{ ids: number[]; done?(): void } | null>(null);
  const [busy, setBusy] = useState<number | 'batch' | null>(null);

  const approve = async (ids: number[], key: number | 'batch', done?: () => void) => {
    setBusy(key);
    try {
      await registrationApprove(ids);
      ui.toast('success', ids.length > 1 ? `已通过 ${ids.length} 条申请` : '已通过');
      done?.();
    } finally {
      setBusy(null);
      // A refusal ('该申请已由 王五 处理') also means the row has changed.
      void invalidateAfterWrite(queryClient, REGISTRATIONS);
    }
  };
  const pending = (rows: RegistrationRow[]) => rows.filter((r) => r.Status === 0).map((r) => r.Id);

  return (
    <>
      <ListPage<RegistrationRow>
        resource={REGISTRATIONS}
        listName={REG_LIST}
        fetch={registrationList}
        columns={reviewColumns}
        searchFields={reviewSearch((communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })))}
        initialFilters={{ Status: 0 }}
        heightExtra={46}
        selectable={['approve']}
        emptyText="暂无待审核的申请"
        toolbar={(ctx) => (
          <Auth btn="approve">
            <Button
              type="primary"
              disabled={!pending(ctx.selectedRows).length}
              loading={busy === 'batch'}
              onClick={() =>
                void approve(pending(ctx.selectedRows), 'batch', ctx.clearSelection).catch(() => undefined)
              }
            >
              批量通过
            </Button>
            <Button
              danger
              disabled={!pending(ctx.selectedRows).length}
              onClick={() => setRejecting({ ids: pending(ctx.selectedRows), done: ctx.clearSelection })}
            >
              批量驳回
            </Button>
          </Auth>
        )}
        actionsWidth={130}
        rowActions={(row) =>
          row.Status === 0 && (
            <Auth btn="approve">
              <Button
                type="link"
                size="small"
                loading={busy === row.Id}
                onClick={() => void approve([row.Id], row.Id).catch(() => undefined)}
              >
                通过
              </Button>
              <Button type="link" size="small" danger onClick={() => setRejecting({ ids: [row.Id] })}>
                驳回
              </Button>
            </Auth>
          )
        }
      />
      <RejectDialog
        ids={rejecting?.ids ?? null}
        onClose={(done) => {
          if (done) rejecting?.done?.();
          setRejecting(null);
        }}
      />
    </>
  );
}

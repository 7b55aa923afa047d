/** A row action of 交房预约 and the button key that guards it. */
export type ApptAction =
  'confirm' | 'reject' | 'reschedule' | 'cancel' | 'checkin' | 'handover' | 'recheck' | 'print' | 'view';

export const ACTION_META: Record<ApptAction, { label: string; btn: string }> = {
  confirm: { label: '确认', btn: 'confirm' },
  reject: { label: '拒绝', btn: 'confirm' },
  reschedule: { label: '改期', btn: 'edit' },
  cancel: { label: '取消', btn: 'cancel' },
  checkin: { label: '签到', btn: 'checkin' },
  handover: { label: '办理交房', btn: 'handover' },
  recheck: { label: '复验', btn: 'add' },
  print: { label: '打印确认单', btn: 'print' },
  view: { label: '查看', btn: 'view' },
};

/**
 * The actions a state allows (properties.md "Appointment states"): 待确认 → 确认/拒绝; before 已签到 改期 and 取消;
 * 已确认 → 签到; 已签到/验房中 → 办理交房; 待整改 → 复验 (a child appointment); 打印 while it is booked or done.
 */
export function actionsFor(status: number): ApptAction[] {
  switch (status) {
    case 1:
      return ['confirm', 'reject', 'reschedule', 'cancel', 'print', 'view'];
    case 2:
      return ['checkin', 'reschedule', 'cancel', 'print', 'view'];
    case 3:
    case 4:
      return ['handover', 'print', 'view'];
    case 5:
      return ['print', 'view'];
    case 6:
      return ['recheck', 'view'];
    default:
      return ['view'];
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The six-week grid of a month (Monday first) as 'YYYY-MM-DD' cells, with whether each is in the month. */
export function monthGrid(year: number, month: number): { date: string; inMonth: boolean }[] {
  const first = new Date(year, month - 1, 1);
  const offset = (first.getDay() + 6) % 7;
  const start = new Date(year, month - 1, 1 - offset);
  return Array.from({ length: 42 }, (_, i) => {
    const d = new Date(start.getFullYear(), start.getMonth(), start.getDate() + i);
    return { date: ymd(d), inMonth: d.getMonth() === month - 1 };
  });
}

/** '已约 3/18' and a level for the cell colour: closed, free, busy (≥80%), full. */
export function dayLoad(booked: number, capacity: number): 'closed' | 'free' | 'busy' | 'full' {
  if (!capacity) return 'closed';
  if (booked >= capacity) return 'full';
  return booked / capacity >= 0.8 ? 'busy' : 'free';
}

/** A slot option's label: '09:00-10:00（剩余 2）' or '（已约满）'. */
export function slotLabel(s: { Start: string; End: string; Left: number }): string {
  return `${s.Start}-${s.End}（${s.Left > 0 ? `剩余 ${s.Left}` : '已约满'}）`;
}

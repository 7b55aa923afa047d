/** Names for the MsgType values of spec §4's table, as the message centre shows and filters them. */
export const msgTypeNames: Readonly<Record<number, string>> = {
  1: '系统',
  2: '收费',
  3: '缴费记录',
  4: '报修',
  5: '投诉',
  6: '公告',
  8: '住户审核',
  14: '报修超时',
  19: '巡更',
  20: '设备巡检',
  21: '设备维修',
  28: '合同',
};

export const msgTypeName = (type: number) => msgTypeNames[type] ?? '其他';

export const msgTypeOptions = Object.entries(msgTypeNames).map(([value, label]) => ({ value: Number(value), label }));

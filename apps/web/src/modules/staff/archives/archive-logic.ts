/** 合同到期 colour: orange within 30 days, red once past (only 在职 files warn; the server computes ContractWarn). */
export const CONTRACT_WARN_COLORS: Record<number, string | undefined> = { 1: '#fa8c16', 2: '#f5222d' };
export const contractWarnText = (warn: number) => (warn === 2 ? '合同已到期' : warn === 1 ? '合同30天内到期' : '');

/** A leave date may not be before the entry date. */
export function leaveDateProblem(leave: string | undefined, entry: string | undefined): string | undefined {
  if (!leave) return '请选择离职日期';
  if (entry && leave < entry) return '离职日期不能早于入职日期';
  return undefined;
}

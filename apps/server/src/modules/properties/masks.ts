/** 138****8000: the list shows enough of an owner's mobile to recognise it. */
export const maskMobile = (m: string | null | undefined) =>
  m && m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : (m ?? '');

/** 张**: the 房态图 shows the family name only. */
export const maskName = (n: string | null | undefined) =>
  n ? n.slice(0, 1) + '*'.repeat(Math.max(1, n.length - 1)) : '';

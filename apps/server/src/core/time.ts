const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** `YYYY-MM-DD HH:mm:ss` in the company's time zone (the API's only time format). */
export function fmtTime(value: Date | string | null | undefined, timeZone = 'Asia/Shanghai'): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * Reads a time the API takes: 'YYYY-MM-DD[ HH:mm[:ss]]' in the company's zone, or ISO 8601 with an offset (device
 * calls). null when it is no real time (2026-02-30 included).
 */
export function parseApiTime(text: string, timeZone = 'Asia/Shanghai'): Date | null {
  const s = text.trim();
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(s) && /T|\s/.test(s)) {
    const d = new Date(s.replace(' ', 'T'));
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const m = LOCAL.exec(s);
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', se = '0', ms = '0'] = m.slice(1);
  const wall = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +se, +ms.padEnd(3, '0'));
  const check = new Date(wall);
  if (check.getUTCMonth() !== +mo! - 1 || check.getUTCDate() !== +d! || +h > 23 || +mi > 59 || +se > 59) return null;
  // The zone's offset at that moment: format the guess in the zone and see how far the wall clock moved.
  const offsetAt = (t: number) => Date.parse(`${fmtTime(new Date(t), timeZone).replace(' ', 'T')}Z`) - t;
  let t = wall - offsetAt(wall);
  t = wall - offsetAt(t);
  return new Date(t);
}

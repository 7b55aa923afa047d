import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createCompany } from '../../db/seed/create-company';

/** The fee reports over the demo data (阳光花园's 14 months): shapes, 合计, limits, rights and scope. */
let t: TestApp;
let admin: string;
const REPORTS: [string, Record<string, unknown>][] = [
  ['Yjmx', {}],
  ['Yjhz', { GroupBy: 2, SubGroupBy: 3 }],
  ['Yjzl', { CommunityId: 1, Month: '2026-10' }],
  ['Jfxm', {}],
  ['Qjmx', {}],
  ['Qjhz', {}],
  ['Qjhz', { GroupBy: 2 }],
  ['QjhzScfj', {}],
  ['QjhzJefj', {}],
  ['YckYcmx', {}],
  ['YckDkmx', {}],
  ['YckHz', {}],
  ['Daily', {}],
  ['Daily', { DateFrom: '2026-01-01', DateTo: '2026-11-30' }],
];
const money = (v: unknown) => Math.round(Number(v) * 100);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

describe('fee reports', () => {
  for (const [name, body] of REPORTS) {
    it(`${name}: List and Sum answer, Sum = Σ rows over all pages`, async () => {
      const all: Record<string, unknown>[] = [];
      for (let page = 1; ; page++) {
        const l = await t.api<Record<string, unknown>[]>(
          `/FeeReport/${name}List`,
          { ...body, PgIndex: page, PgSize: 200 },
          admin,
        );
        expect(l.ret, l.msg).toBe(0);
        all.push(...l.data);
        if (all.length >= (l.count ?? 0) || !l.data.length) break;
      }
      const s = await t.api<Record<string, unknown>>(`/FeeReport/${name}Sum`, body, admin);
      expect(s.ret, s.msg).toBe(0);
      for (const [k, v] of Object.entries(s.data)) {
        if (/Money$/.test(k)) {
          expect(v).toMatch(/^-?\d+\.\d{2}$/);
          expect(money(v), k).toBe(all.reduce((n, r) => n + money(r[k]), 0));
        }
      }
    });
  }

  it('the ageing bands add up to the arrears and the rooms in arrears', async () => {
    const s = await t.api<Record<string, string | number>>('/FeeReport/QjhzScfjSum', {}, admin);
    const q = await t.api<Record<string, string>>('/FeeReport/QjmxSum', {}, admin);
    const bands = ['Age0To30', 'Age31To90', 'Age91To180', 'Age181To365', 'AgeOver365'];
    expect(bands.reduce((n, b) => n + money(s.data[`${b}Money`]), 0)).toBe(money(s.data.TotalMoney));
    expect(money(s.data.TotalMoney)).toBe(money(q.data.ArrearsMoney));
    const rooms = await t.api('/FeeReport/QjhzList', { PgSize: 20 }, admin);
    expect(bands.reduce((n, b) => n + Number(s.data[`${b}Rooms`]), 0)).toBe(rooms.count);
  });

  it('yjzl: a row rate is 实收 ÷ 应收 and the 合计 rate Σ实收 ÷ Σ应收', async () => {
    const l = await t.api<Record<string, string | number | null>[]>(
      '/FeeReport/YjzlList',
      { CommunityId: 1, Month: '2026-10' },
      admin,
    );
    for (const r of l.data) {
      if (money(r.PeriodDueMoney))
        expect(r.CollectRate).toBeCloseTo(Number(r.PeriodPaidMoney) / Number(r.PeriodDueMoney), 4);
    }
    const s = await t.api<Record<string, string | number>>(
      '/FeeReport/YjzlSum',
      { CommunityId: 1, Month: '2026-10' },
      admin,
    );
    expect(s.data.CollectRate).toBeCloseTo(Number(s.data.PeriodPaidMoney) / Number(s.data.PeriodDueMoney), 4);
  });

  it('limits answer the domain messages', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['YjmxList', { PeriodFrom: '2025-01', PeriodTo: '2027-01' }, '账期跨度不能超过24个月'],
      ['YjmxList', { PeriodFrom: '2025-05', PeriodTo: '2025-01' }, '结束账期不能早于开始账期'],
      ['JfxmList', { DateFrom: '2025-01-01', DateTo: '2026-01-02' }, '查询时间跨度不能超过一年'],
      ['JfxmSum', { DateFrom: '2025-02-01', DateTo: '2025-01-01' }, '结束日期不能早于开始日期'],
      ['QjmxList', { AsOfDate: '2099-01-01' }, '截止日期不能晚于今天'],
      ['YjzlList', { Month: '2026-10' }, '请选择小区'],
      ['QjhzJefjList', { Bands: [500, 300] }, '分级金额须递增'],
      ['YjmxList', { CommunityIds: [999999] }, '数据不存在'],
    ];
    for (const [call, body, msg] of cases) {
      const r = await t.api(`/FeeReport/${call}`, body, admin);
      expect(r.ret, call).not.toBe(0);
      expect(r.msg).toBe(msg);
    }
    const ok = await t.api('/FeeReport/JfxmList', { DateFrom: '2025-01-01', DateTo: '2026-01-01' }, admin);
    expect(ok.ret).toBe(0);
  });

  it('without sfgl_sfbb every call is 403', async () => {
    const kefu = await t.login('kefu1', 'Linli@123');
    for (const call of ['YjmxList', 'YjmxSum', 'YjmxExport']) {
      expect((await t.api(`/FeeReport/${call}`, {}, kefu)).ret).toBe(403);
    }
  });

  it('xmjl1 of 翠湖天地 sees no 阳光花园 figures, and asking for it answers 数据不存在', async () => {
    const pm = await t.login('xmjl1', 'Linli@123');
    const l = await t.api<{ CommunityName: string }[]>('/FeeReport/QjmxList', {}, pm);
    expect(l.ret).toBe(0);
    expect(l.data.every((r) => r.CommunityName !== '阳光花园')).toBe(true);
    const s = await t.api<{ ArrearsMoney: string }>('/FeeReport/QjmxSum', {}, pm);
    expect(s.data.ArrearsMoney).toBe('0.00');
    const r = await t.api('/FeeReport/YjmxList', { CommunityIds: [1] }, pm);
    expect(r.msg).toBe('数据不存在');
  });

  it("company B sees none of A's figures and cannot name A's community", async () => {
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const b = await t.login('bieadmin', 'Other2026');
    for (const [name, body] of REPORTS) {
      if (name === 'Yjzl') continue;
      const l = await t.api(`/FeeReport/${name}List`, body, b);
      expect(l.ret, name).toBe(0);
      expect(l.count, name).toBe(0);
      const s = await t.api<Record<string, unknown>>(`/FeeReport/${name}Sum`, body, b);
      for (const [k, v] of Object.entries(s.data)) if (/Money$/.test(k)) expect(v, `${name} ${k}`).toBe('0.00');
    }
    expect((await t.api('/FeeReport/YjzlList', { CommunityId: 1, Month: '2026-10' }, b)).msg).toBe('数据不存在');
    const chart = await t.api<{ Kpis: Record<string, unknown> }>('/FeeChart/CostOverview', {}, b);
    expect(chart.data.Kpis.ArrearsMoney).toBe('0.00');
  });

  it('export streams an xlsx named after the report', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/FeeReport/YjhzExport',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: { GroupBy: 1 },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/应缴汇总表_\d{12}\.xlsx/);
    expect(res.rawPayload.readUInt32LE(0)).toBe(0x04034b50);
  });

  it("an export's filter line names the keyword and the arrears filters it was cut by", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/FeeReport/QjmxExport',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: { Keyword: '1栋', AgeBand: 2, MinOverdueDays: 40 },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const line = String(wb.worksheets[0]!.getRow(2).getCell(1).value);
    expect(line).toContain('关键字：1栋');
    expect(line).toContain('账龄：31-90天');
    expect(line).toContain('最少逾期天数：40');

    const details = await t.app.inject({
      method: 'POST',
      url: '/api/FeeReport/CostDetailsExport',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: { DateFrom: '2026-01-01', DateTo: '2026-06-30', CashierId: 0, Source: 2, Methods: '[1,6]' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(details.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(String(sheet.getRow(2).getCell(1).value)).toContain(
      '收款日期：2026-01-01至2026-06-30；方式：现金、预存款抵扣；收款人：系统；来源：自动抵扣',
    );
    // The columns the screen shows, in its order.
    const header = (sheet.getRow(4).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 4)).toEqual(['收款时间', '收据号', '类型', '原收据号']);
    expect(header.slice(-4)).toEqual(['收款人', '来源', '状态', '补录收款时间']);
  });
});

import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { callAs, pick, signIn, tableRow } from './helpers';

/** sms-attendance.md acceptance 5–8 on 孙工 (moved into a group of his own) on a quiet Monday four months back. */

const OFFICE = { Lng: 120.15507, Lat: 30.274085 };

function quietMonday(): string {
  const d = new Date(Date.now() - 120 * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Types both ends of the search form's 日期 range. */
async function dateRange(page: Page, from: string, to: string) {
  const start = page.getByPlaceholder('开始日期').filter({ visible: true }).first();
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = page.getByPlaceholder('结束日期').filter({ visible: true }).first();
  await end.fill(to);
  await end.press('Enter');
}

async function arrange(page: Page) {
  const shifts = await callAs<{ Id: number; Name: string }[]>(page, '/Attendance/ShiftList');
  let shift = shifts.data.find((s) => s.Name === 'E2E班');
  if (!shift) {
    const s = await callAs<{ Id: number }>(page, '/Attendance/ShiftSave', {
      Name: 'E2E班',
      WorkStart: '09:00',
      WorkEnd: '18:00',
      RestStart: '12:00',
      RestEnd: '13:00',
      LateGrace: 5,
    });
    shift = { Id: s.data.Id, Name: 'E2E班' };
  }
  const people = await callAs<{ Id: number; UserName: string }[]>(page, '/user/StaffList', { PgSize: 100 });
  const sun = people.data.find((p) => p.UserName === '孙工')!;
  const groups = await callAs<{ Id: number; Name: string }[]>(page, '/Attendance/GroupList', { Keyword: 'E2E' });
  const g = await callAs<{ Id: number }>(page, '/Attendance/GroupSave', {
    Id: groups.data[0]?.Id ?? 0,
    Name: 'E2E考勤组',
    Kind: 1,
    ShiftId: shift.Id,
    WorkDays: '[1,2,3,4,5,6,7]',
    UseHolidays: 0,
    AllowOutside: 0,
    UserIds: `[${sun.Id}]`,
    Places: JSON.stringify([{ Name: '物业中心', ...OFFICE, Radius: 300 }]),
    MoveMembers: 1,
  });
  expect(g.ret).toBe(0);
  return { sun, groupId: g.data.Id };
}

test.describe('attendance (sms-attendance.md acceptance)', () => {
  test('5. equal shift times are refused; 09:07 / 17:50 show 迟到 7分钟 and 早退 10分钟, statistics 1/7 and 1/10', async ({
    page,
  }) => {
    await signIn(page, 'admin', 'Admin@123');
    await page.goto('/attendance/settings?tab=shifts');
    await page.getByRole('button', { name: '新增班次' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('名称').fill('同时班');
    await drawer.getByLabel('上班时间').fill('09:00');
    await drawer.getByLabel('下班时间').fill('09:00');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer.getByText('下班时间不能等于上班时间')).toBeVisible();
    await drawer.getByLabel('下班时间').fill('18:00');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(tableRow(page, '同时班')).toBeVisible();

    const { sun } = await arrange(page);
    const mon = quietMonday();
    const imp = await callAs<{ Imported: number }>(page, '/Attendance/ImportPunch', {
      Rows: JSON.stringify([
        { UserId: sun.Id, PunchTime: `${mon} 09:07:00` },
        { UserId: sun.Id, PunchTime: `${mon} 17:50:00` },
      ]),
    });
    expect(imp.data.Imported).toBe(2);

    await page.goto('/attendance/clockinlist');
    await pick(page, page, '员工', '孙工');
    await dateRange(page, mon, mon);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(tableRow(page, '迟到 7分钟')).toContainText(mon);
    await expect(tableRow(page, '早退 10分钟')).toContainText(mon);

    await page.goto('/attendance/statistics');
    const month = page.getByLabel('月份');
    await month.click();
    await month.fill(mon.slice(0, 7));
    await month.press('Enter');
    await expect(tableRow(page, '孙工')).toContainText('1 / 7');
    await expect(tableRow(page, '孙工')).toContainText('1 / 10');
  });

  test('6. an app punch 2 km away: 不在考勤范围内 with 外勤 off, 外勤 with it on', async ({ page }) => {
    await signIn(page, 'admin', 'Admin@123');
    const { groupId } = await arrange(page);
    const sun = await page.request.post('/api/user/Login', {
      form: { UserAccount: 'gongcheng1', UserPwd: 'Linli@123' },
    });
    const token = ((await sun.json()) as { data: string }).data;
    const clock = async (body: Record<string, string | number>) =>
      (await (
        await page.request.post('/api/Attendance/ClockIn', {
          headers: { authorization: `Bearer ${token}` },
          form: body,
        })
      ).json()) as { ret: number; msg: string; data: { Outside: boolean } };
    const far = { Lng: OFFICE.Lng, Lat: OFFICE.Lat + 0.018 };
    expect((await clock(far)).msg).toBe('不在考勤范围内');
    // 允许外勤打卡 switched on in the group editor.
    await page.goto(`/attendance/editsetting?id=${groupId}`);
    await page.getByLabel('允许外勤打卡').click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page).toHaveURL(/\/attendance\/settings/);
    await expect(tableRow(page, 'E2E考勤组')).toContainText('允许外勤');
    const upload = await page.request.post('/api/Img/PostFiles', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        tp: '2',
        file: {
          name: 'a.png',
          mimeType: 'image/png',
          buffer: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
            'base64',
          ),
        },
      },
    });
    const photo = ((await upload.json()) as { data: { listFileName: string[] } }).data.listFileName[0]!;
    const out = await clock({ ...far, PhotoPath: photo, Remark: '业主家维修' });
    expect(out).toMatchObject({ ret: 0, data: { Outside: true } });
    // Back to the office rules for the other flows.
    await page.goto(`/attendance/editsetting?id=${groupId}`);
    await page.getByLabel('允许外勤打卡').click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page).toHaveURL(/\/attendance\/settings/);
  });

  test('7. a day without 下班 is 缺卡; 补卡 18:05 turns it 正常（补卡）; a full-day 事假 gives 请假 1, 旷工 0', async ({
    page,
  }) => {
    await signIn(page, 'admin', 'Admin@123');
    const { sun } = await arrange(page);
    const day = dayAfter(quietMonday(), 1);
    await callAs(page, '/Attendance/ImportPunch', {
      Rows: JSON.stringify([{ UserId: sun.Id, PunchTime: `${day} 08:55:00` }]),
    });
    await page.goto('/attendance/clockinlist');
    await pick(page, page, '员工', '孙工');
    await dateRange(page, day, day);
    await pick(page, page, '状态', '缺卡');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(tableRow(page, day)).toContainText('缺卡');

    await page.getByRole('button', { name: '补卡' }).click();
    const drawer = page.getByRole('dialog');
    await pick(page, drawer, '员工', '孙工');
    await drawer.getByLabel('日期').fill(day);
    await drawer.getByLabel('日期').press('Enter');
    await drawer.getByLabel('下班', { exact: true }).check();
    await drawer.getByLabel('补卡时间').fill('18:05');
    await drawer.getByLabel('原因').fill('忘记打卡');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('补卡成功')).toBeVisible();
    await pick(page, page, '状态', '正常');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(tableRow(page, `${day} 18:05:00`)).toContainText('正常（补卡）');

    // 事假 over a whole working day two days later, entered through 请假登记.
    const leaveDay = dayAfter(day, 1);
    await page.getByRole('button', { name: '请假登记' }).click();
    const leave = page.getByRole('dialog');
    await pick(page, leave, '员工', '孙工');
    await leave.getByLabel('开始时间').fill(`${leaveDay} 09:00`);
    await leave.getByLabel('结束时间').fill(`${leaveDay} 18:00`);
    await leave.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('登记成功')).toBeVisible();
    const days = await callAs<{ Days: { Day: string; LeaveDays: number; AbsentDays: number; Summary: string }[] }>(
      page,
      '/Attendance/StatDays',
      { UserId: sun.Id, Month: leaveDay.slice(0, 7) },
    );
    expect(days.data.Days.find((d) => d.Day === leaveDay)).toMatchObject({
      LeaveDays: 1,
      AbsentDays: 0,
      Summary: '请假',
    });
  });

  test('8. the month export has sheets 汇总 and 每日明细 with the staff row', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on(
      'response',
      (r) => r.url().includes('/api/') && r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`),
    );
    await signIn(page, 'admin', 'Admin@123');
    // Every attendance screen opens without a console error or a failed call.
    for (const path of [
      '/attendance/settings',
      '/attendance/settings?tab=shifts',
      '/attendance/settings?tab=holidays',
      '/attendance/clockinlist',
    ]) {
      await page.goto(path);
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ visible: true }).first()).toBeVisible();
    }
    for (const view of ['原始打卡', '请假记录']) {
      await page.getByText(view, { exact: true }).click();
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ visible: true }).first()).toBeVisible();
    }
    const guards = await callAs<{ Id: number }[]>(page, '/Attendance/GroupList', { Keyword: '保安' });
    await page.goto(`/attendance/editsetting?id=${guards.data[0]!.Id}&tab=roster`);
    await expect(page.getByText('保安早班').filter({ visible: true }).first()).toBeVisible();
    await expect(tableRow(page, '刘保安')).toBeVisible();
    await page.screenshot({ path: 'test-results/attendance-roster.png' });
    await page.goto('/attendance/statistics');
    await expect(tableRow(page, '陈收银')).toBeVisible();
    const wait = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const file = await wait;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['汇总', '每日明细']);
    expect(wb.getWorksheet('汇总')!.getColumn(1).values.map(String)).toContain('陈收银');
    expect(wb.getWorksheet('每日明细')!.getColumn(1).values.map(String)).toContain('陈收银');
    // The row opens the person's month calendar.
    await tableRow(page, '陈收银').getByRole('button', { name: '日历' }).click();
    await expect(page.getByRole('dialog').getByText(/陈收银 \d{4}-\d{2} 考勤日历/)).toBeVisible();
    await expect(page.locator('[data-day]').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/attendance-calendar.png' });
    expect(problems).toEqual([]);
  });

  test('a member of another group is moved only after the question is answered', async ({ page }) => {
    await signIn(page, 'admin', 'Admin@123');
    await page.goto('/attendance/settings');
    await page.getByRole('button', { name: '新增考勤组' }).click();
    await expect(page).toHaveURL(/editsetting/);
    await page.locator('#attGroup_Name').fill('客服考勤组');
    await page.getByRole('combobox', { name: '成员' }).click();
    await page.keyboard.type('李晓梅');
    await page
      .locator('.ant-select-tree-treenode')
      .filter({ hasText: '李晓梅', visible: true })
      .locator('.ant-select-tree-checkbox')
      .click();
    // Clicking the card's title closes the tree's dropdown.
    await page.locator('.ant-card-head-title', { hasText: '新增考勤组' }).click();
    await page.locator('#attGroup_ShiftId').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^行政班/, visible: true })
      .click();
    await page.getByRole('button', { name: 'plus 添加WiFi' }).click();
    await page.getByPlaceholder('SSID', { exact: true }).fill('KF-WiFi');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('李晓梅已在考勤组行政考勤组，是否移入本组？')).toBeVisible();
    await page.getByRole('button', { name: '移入本组' }).click();
    await expect(page).toHaveURL(/\/attendance\/settings/);
    await expect(tableRow(page, '客服考勤组')).toContainText('1');
    await page.screenshot({ path: 'test-results/attendance-settings.png' });
  });
});

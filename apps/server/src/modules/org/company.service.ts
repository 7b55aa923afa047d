import { type CompanyEditBody, DEFAULT_SITE_TITLE } from '@linli/shared';
import { and, count, eq } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { notFound } from '../../core/errors';
import { fmtTime } from '../../core/time';
import { assertOwnUploads } from '../../core/upload-refs';
import { communities, companies, departments, users } from '../../db/schema';
import type { AppDeps } from '../../deps';

export async function companyInfo(deps: AppDeps, auth: Auth) {
  const { db } = deps.database;
  const [c] = await db.select().from(companies).where(eq(companies.id, auth.cmpId));
  if (!c) throw notFound();
  const [admin] = await db
    .select({ account: users.account })
    .from(users)
    .where(and(eq(users.cmpId, auth.cmpId), eq(users.isAdmin, true)))
    .orderBy(users.id)
    .limit(1);
  const [staff] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.cmpId, auth.cmpId), eq(users.isDel, false)));
  const [dpts] = await db.select({ n: count() }).from(departments).where(eq(departments.cmpId, auth.cmpId));
  const [cms] = await db.select({ n: count() }).from(communities).where(eq(communities.cmpId, auth.cmpId));
  return {
    CmpId: c.id,
    CmpName: c.name,
    ShortName: c.shortName,
    Logo: c.logo,
    Contact: c.contact,
    ContactTel: c.contactTel,
    Address: c.address,
    LicenceNo: c.licenceNo,
    SiteTitle: c.siteTitle,
    Intro: c.intro,
    TimeZone: c.timeZone,
    State: c.state,
    CreateTime: fmtTime(c.createdAt, c.timeZone),
    AdminAccount: admin?.account ?? '',
    StaffCount: staff?.n ?? 0,
    DepartmentCount: dpts?.n ?? 0,
    CommunityCount: cms?.n ?? 0,
  };
}

export async function editCompany(deps: AppDeps, auth: Auth, b: CompanyEditBody, ip: string) {
  await deps.database.db.transaction(async (tx) => {
    await assertOwnUploads(tx, auth, { name: 'Logo', label: '企业Logo' }, [b.Logo], {
      table: 'companies',
      id: auth.cmpId,
    });
    await tx
      .update(companies)
      .set({
        name: b.CmpName,
        shortName: b.ShortName ?? '',
        logo: b.Logo ?? '',
        contact: b.Contact,
        contactTel: b.ContactTel,
        address: b.Address ?? '',
        licenceNo: b.LicenceNo ?? '',
        siteTitle: b.SiteTitle || DEFAULT_SITE_TITLE,
        intro: b.Intro ?? '',
        updatedAt: deps.now(),
      })
      .where(eq(companies.id, auth.cmpId));
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'company.edit', entity: 'company', entityId: auth.cmpId, ip },
      deps.now(),
    );
  });
  return null;
}

import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether a company "has SMS enabled" (dxgl) for automatic texts that no one sends by hand (parking's 月卡到期):
 * there is no per-company module switch in this build (every company has every menu; positions grant the keys), so
 * the test is the SMS settings themselves — an active channel saved under 签名与通道 (`sms_providers.active`, which
 * the demo seeds and /Sms/ProviderSave writes) and an approved signature to sign with (without one `sms.send` and
 * 群发 refuse too). A company that never set SMS up is neither texted for nor charged. `cmpId` is an SQL expression.
 */
export const smsEnabledSql = (cmpId: SQL): SQL =>
  sql`(exists (select 1 from sms_providers p where p.cmp_id = ${cmpId} and p.active)
    and exists (select 1 from sms_signs s where s.cmp_id = ${cmpId} and s.state = 2))`;

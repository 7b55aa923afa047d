import type { CallDef } from '../core/calls';
import { attGroupCalls } from './attendance/att-groups.routes';
import { attPunchCalls } from './attendance/att-punch.routes';
import { attRosterCalls } from './attendance/att-roster.routes';
import { attShiftCalls } from './attendance/att-shifts.routes';
import { attStatCalls } from './attendance/att-stats.routes';
import { accessCalls } from './access/access.routes';
import { attendanceLookupCalls } from './attendance/staff-lookup.routes';
import { desktopCalls } from './desktop/desktop.routes';
import { deviceGatewayCalls } from './device-gateway/device-gateway.routes';
import { dunningCalls } from './fees/dunning.routes';
import { handoverCalls as feeHandoverCalls } from './fees/fee-handover';
import { paymentCalls } from './fees/payments.routes';
import { prepaidCalls } from './fees/prepaid.routes';
import { electricRechargeCalls } from './fees/electric-recharge.routes';
import { reversalCalls } from './fees/reversals.routes';
import { feedbackCalls } from './feedback/feedback.routes';
import { feeReportCalls } from './fee-reports/fee-reports.routes';
import { feeReportBCalls } from './fee-reports/fee-reports-b.routes';
import { feesCoreCalls } from './fees/fees-core.calls';
import { importErrorCalls } from './import/import-errors.routes';
import { jobCalls } from './job/job.routes';
import { demoPushCalls } from './messages/demo-push.routes';
import { messageCalls } from './messages/messages.routes';
import { orgCalls } from './org/org.routes';
import { parkingCalls } from './parking/parking.routes';
import { buildingCalls } from './properties/buildings.routes';
import { communityCalls } from './properties/communities.routes';
import { communityOptionCalls } from './properties/community-options.routes';
import { handoverCalls } from './properties/handover.routes';
import { meterCalls } from './properties/meters.routes';
import { importCallsFor, roomCalls } from './properties/rooms.routes';
import { residentCalls } from './residents/residents.routes';
import { archiveCalls } from './staff/archives.routes';
import { positionCalls } from './staff/positions.routes';
import { staffCalls } from './staff/staff.routes';
import { smsRecordCalls } from './sms/sms-records.routes';
import { smsRechargeCalls } from './sms/sms-recharge.routes';
import { smsSettingCalls } from './sms/sms-settings.routes';
import { smsCalls } from './sms/sms.routes';
import { smsCallbackCalls } from './sms/sms-callback.routes';
import { sysHelpCalls } from './sys-help/sys-help.routes';
import { uploadCalls } from './upload/upload.routes';
import { userCalls } from './user/user.routes';

export const allCalls: CallDef[] = [
  ...userCalls,
  ...sysHelpCalls,
  ...messageCalls,
  ...demoPushCalls,
  ...feedbackCalls,
  ...uploadCalls,
  ...desktopCalls,
  ...orgCalls,
  ...positionCalls,
  ...staffCalls,
  ...archiveCalls,
  ...attendanceLookupCalls,
  ...attShiftCalls,
  ...attGroupCalls,
  ...attRosterCalls,
  ...attPunchCalls,
  ...attStatCalls,
  ...communityOptionCalls,
  ...communityCalls,
  ...buildingCalls,
  ...importCallsFor('Building', 'fcgl_lygl'),
  ...roomCalls,
  ...meterCalls,
  ...handoverCalls,
  ...importErrorCalls,
  ...residentCalls,
  ...parkingCalls,
  ...accessCalls,
  ...feesCoreCalls,
  ...deviceGatewayCalls,
  ...jobCalls,
  ...smsCalls,
  ...smsSettingCalls,
  ...smsRecordCalls,
  ...smsRechargeCalls,
  ...smsCallbackCalls,
  ...paymentCalls,
  ...reversalCalls,
  ...feeHandoverCalls,
  ...prepaidCalls,
  ...electricRechargeCalls,
  ...dunningCalls,
  ...feeReportCalls,
  ...feeReportBCalls,
];

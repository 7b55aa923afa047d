import type { CallDef } from '../core/calls';
import { attendanceLookupCalls } from './attendance/staff-lookup.routes';
import { desktopCalls } from './desktop/desktop.routes';
import { deviceGatewayCalls } from './device-gateway/device-gateway.routes';
import { feedbackCalls } from './feedback/feedback.routes';
import { importErrorCalls } from './import/import-errors.routes';
import { jobCalls } from './job/job.routes';
import { demoPushCalls } from './messages/demo-push.routes';
import { messageCalls } from './messages/messages.routes';
import { orgCalls } from './org/org.routes';
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
  ...communityOptionCalls,
  ...communityCalls,
  ...buildingCalls,
  ...importCallsFor('Building', 'fcgl_lygl'),
  ...roomCalls,
  ...meterCalls,
  ...handoverCalls,
  ...importErrorCalls,
  ...residentCalls,
  ...deviceGatewayCalls,
  ...jobCalls,
];

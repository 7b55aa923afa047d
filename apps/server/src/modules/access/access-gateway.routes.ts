import { PushEventsBody, VerifyBody } from '@linli/shared';
import { call } from '../../core/calls';
import { pushEvents } from './device-events';
import { verify } from './device-verify';

/** The access devices' own calls (parking-access.md "Device calls"): their lane's key, their company as tenant. */
export const accessGatewayCalls = [
  call({
    path: '/DeviceGateway/PushEvents',
    device: true,
    body: PushEventsBody,
    handler: (b, { deps, device, req }) => pushEvents(deps, device, b.Events, req.log),
  }),
  call({
    path: '/DeviceGateway/Verify',
    device: true,
    body: VerifyBody,
    handler: (b, { deps, device }) => verify(deps, device, b),
  }),
];

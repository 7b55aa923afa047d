// Registers the resident delete refusal (车辆/车位) at import time, as routes do.
import { registerFeePaidRenewal } from './fee-paid-renewal';
import './resident-parking';
import { lotCalls } from './lots.routes';
import { spaceCalls, spaceOptionCalls } from './spaces.routes';
import { vehicleCalls } from './vehicles.routes';

// A paid 停车费 bill renews its 月租 vehicle (FeePaid).
registerFeePaidRenewal();

/** 车辆管理 group (/car, cwcl): 车场管理, 车位管理, 车辆管理. */
export const parkingCalls = [...lotCalls, ...spaceCalls, ...spaceOptionCalls, ...vehicleCalls];

import { accessGatewayCalls } from './access-gateway.routes';
import { cardRecordCalls } from './card-records.routes';
import { carRecordCalls } from './car-records.routes';
import { cardCalls } from './cards.routes';
import { laneCalls } from './lanes.routes';
import './resident-hooks';

/** 通行管理 group (/cardmanage, txgl): 卡片管理, 刷卡记录, 车道管理, 车行记录, and the devices' PushEvents/Verify. */
export const accessCalls = [...cardCalls, ...cardRecordCalls, ...laneCalls, ...carRecordCalls, ...accessGatewayCalls];

import {
  CAR_RECORD_STATES,
  CARD_STATUS,
  CARD_TYPES,
  HOLDER_KINDS,
  LANE_BRANDS,
  LANE_DIRECTIONS,
  LANE_KINDS,
  PASS_METHODS,
  PASS_RESULTS,
  PAY_METHODS,
  VALID_STATE_FILTER_NAMES,
  VEHICLE_TYPES,
} from '@linli/shared';
import type { Option } from '../../components/crud';

/** Options from a shared code list (its index is the code; '' fills the codes no entity uses). */
export const codeOptions = (list: readonly string[], from = 1): Option[] =>
  list.map((label, value) => ({ value, label })).filter((o) => o.value >= from && o.label !== '');

export const cardTypeOptions = codeOptions(CARD_TYPES);
export const holderKindOptions = codeOptions(HOLDER_KINDS);
export const cardStatusOptions = codeOptions(CARD_STATUS);
export const validStateOptions = codeOptions(VALID_STATE_FILTER_NAMES);
export const laneKindOptions = codeOptions(LANE_KINDS);
export const directionOptions = codeOptions(LANE_DIRECTIONS);
export const brandOptions: Option[] = LANE_BRANDS.map((b) => ({ value: b, label: b }));
export const methodOptions = codeOptions(PASS_METHODS);
export const resultOptions = codeOptions(PASS_RESULTS);
export const vehicleTypeOptions = codeOptions(VEHICLE_TYPES);
export const carStateOptions = codeOptions(CAR_RECORD_STATES);
export const payMethodOptions = codeOptions(PAY_METHODS, 1);
export const enabledOptions: Option[] = [
  { value: 1, label: '启用' },
  { value: 0, label: '停用' },
];

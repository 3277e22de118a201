import { DEFAULTS } from '../../../shared/constants';

/** This folder's defaults; the values live with every other default in shared/constants.ts. */
export const ORCHESTRATION_DEFAULTS = DEFAULTS.orchestration;

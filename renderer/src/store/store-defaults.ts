import { DEFAULTS } from '../../../shared/constants';

/** This folder's defaults; the values live with every other default in shared/constants.ts. */
export const STORE_DEFAULTS = DEFAULTS.rendererStore;

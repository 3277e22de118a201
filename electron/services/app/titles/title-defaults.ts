import { DEFAULTS } from '../../../../shared/constants';

/** The values live with every other default in shared/constants.ts. */
export const TITLE_DEFAULTS = DEFAULTS.titles;

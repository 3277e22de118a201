import { DEFAULTS } from '../../../../shared/constants';

/** The values live with every other default in shared/constants.ts. */
export const MODEL_ADMIN_DEFAULTS = DEFAULTS.modelAdmin;

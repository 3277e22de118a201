import { DEFAULTS } from '../../../shared/constants';

/** The web host's defaults; the values live with every other default in shared/constants.ts. */
export const WEB_HOST_DEFAULTS = DEFAULTS.webHost;

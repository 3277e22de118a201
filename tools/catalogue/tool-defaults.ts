import { DEFAULTS } from '../../shared/constants';

/** This folder's defaults; the values live with every other default in shared/constants.ts. */
export const TOOL_DEFAULTS = DEFAULTS.tools;
export type ToolDefaults = typeof TOOL_DEFAULTS;

import type { ApiApprovals } from './api-approvals';

/** What the routes beyond the passthrough need from the host: the data folder and the approval rule. */
export interface RouteContext {
  dataDir: string;
  approvals: ApiApprovals;
}

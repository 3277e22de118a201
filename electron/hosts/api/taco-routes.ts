import type { AppServices } from '../../services/app/app-services-types';
import { createPromptLibrary } from '../../services/system-prompts/prompt-library';
import type { ApiApprovals } from './api-approvals';
import type { ExtraRoute } from './api-server';
import { enhancedRoutes } from './enhanced-routes';
import { promptLibraryRoutes } from './prompt-library-routes';

/** What the routes are given besides the services: the data folder, and whether clients may answer approvals. */
export interface RouteContext {
  dataDir: string;
  approvals: ApiApprovals;
}

/** Every route beyond the passthrough: the enhanced chat and its answers, the system prompt library. */
export function tacoRoutes(services: AppServices, context: RouteContext): readonly ExtraRoute[] {
  return [...enhancedRoutes(services, context), ...promptLibraryRoutes(createPromptLibrary(context.dataDir), services)];
}

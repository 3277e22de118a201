import type { AppServices } from '../../../services/app/app-services-types';
import { createPromptLibrary } from '../../../services/system-prompts/prompt-library';
import type { RouteContext } from './route-context';
import type { ExtraRoute } from '../api-server';
import { enhancedRoutes } from './enhanced-routes';
import { promptLibraryRoutes } from './prompt-library-routes';

/** Every route beyond the passthrough: the enhanced chat and its answers, the system prompt library. */
export function tacoRoutes(services: AppServices, context: RouteContext): readonly ExtraRoute[] {
  return [...enhancedRoutes(services, context), ...promptLibraryRoutes(createPromptLibrary(context.dataDir), services)];
}

import { ZodError } from 'zod';
import type { Settings } from '../../../../shared/settings/settings';
import type { ToolInfo } from '../../../../shared/tools/tool-info';
import type { AppServices } from '../../../services/app/app-services-types';
import { GatewayError } from '../../../services/gateway/openai-error';
import { enhancePreset } from '../../../services/system-prompts/enhanced-prompt';
import { PresetLibraryError, type PromptLibrary } from '../../../services/system-prompts/prompt-library';
import type { ApiAnswer, ApiRequest, ExtraRoute } from '../api-server';

/**
 * The system prompt library over the API (seed agent-mode, Decision 4): `GET /v1/system-prompts`,
 * `POST /v1/system-prompts` (add or replace by id), `GET|DELETE /v1/system-prompts/{id}`, and
 * `GET /v1/system-prompts/{id}/enhanced` — the preset's prompt with everything TACO adds to it.
 */
export function promptLibraryRoutes(library: PromptLibrary, services: AppServices): readonly ExtraRoute[] {
  return [(request) => guarded(() => route(library, services, request))];
}

async function guarded(run: () => Promise<ApiAnswer | null>): Promise<ApiAnswer | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const param = issue?.path.join('.') || null;
      throw new GatewayError(
        400,
        `Invalid preset: ${param ? `${param}: ` : ''}${issue?.message ?? 'not a preset'}`,
        'invalid_preset',
        param,
      );
    }
    if (error instanceof PresetLibraryError) throw new GatewayError(409, error.message, 'library_unreadable');
    throw error;
  }
}

async function route(library: PromptLibrary, services: AppServices, request: ApiRequest): Promise<ApiAnswer | null> {
  if (request.path === '/v1/system-prompts') {
    if (request.method === 'GET') return { type: 'json', body: { object: 'list', data: await library.list() } };
    if (request.method === 'POST') return { type: 'json', body: await library.save(request.body) };
    return null;
  }
  const match = /^\/v1\/system-prompts\/([^/]+)(\/enhanced)?$/.exec(request.path);
  if (!match?.[1]) return null;
  const id = decodeURIComponent(match[1]);
  if (request.method === 'DELETE' && !match[2]) return { type: 'json', body: { deleted: await library.remove(id) } };
  if (request.method !== 'GET') return null;
  const preset = await library.get(id);
  if (!preset) throw new GatewayError(404, `There is no system prompt “${id}” in the library.`, 'preset_not_found', 'id');
  if (!match[2]) return { type: 'json', body: preset };
  const tools = await services.handle('tools.list', {});
  if (!tools.ok) throw new GatewayError(500, tools.error.message, tools.error.code);
  const settings: Settings = services.settings();
  return { type: 'json', body: enhancePreset({ preset, tools: tools.value as ToolInfo[], workspace: settings.workspace ?? null }) };
}

import { ContractError } from '../../../shared/contract/contract-error';
import type { ValidCallRequest } from '../../../shared/contract/contract';
import type { ConversationSummary } from '../../../shared/conversations/conversation';
import type { EnhancedPromptView, SystemPromptPreset } from '../../../shared/conversations/system-prompts';
import type { AppContext } from '../app/app-context';
import { setConversationOptions } from '../app/handlers/conversations/conversation-manage';
import { enhancePreset } from './enhanced-prompt';
import { projectRunSettings } from '../projects/project-run-settings';
import { PresetLibraryError, type PromptLibrary } from './prompt-library';

/** The system prompt library's calls: list, what the model sees, and a new conversation from a preset. */
export function createPromptHandlers(ctx: AppContext, library: PromptLibrary) {
  async function find(id: string): Promise<SystemPromptPreset> {
    const preset = await library.get(id).catch(rethrow);
    if (!preset) throw new ContractError('not-found', `There is no system prompt “${id}” in the library.`);
    return preset;
  }
  return {
    'systemPrompts.list': async (): Promise<SystemPromptPreset[]> => library.list().catch(rethrow),
    'systemPrompts.enhanced': async (request: ValidCallRequest<'systemPrompts.enhanced'>): Promise<EnhancedPromptView> =>
      enhancePreset({
        preset: await find(request.id),
        tools: ctx.tools.list().map((tool) => tool.info),
        workspace: ctx.settings.current().workspace,
      }),
    /**
     * The conversation's own prompt (TACO's default when it has none) with what TACO adds, and the
     * tools it allows (every tool unless it was limited, by its preset for example). Per-request tool selection (past the tool budget) and the tool
     * stack's context, added once a tool runs, are not in it.
     */
    'conversation.systemView': async (request: ValidCallRequest<'conversation.systemView'>): Promise<EnhancedPromptView> => {
      const summary = await ctx.storage.conversations.summary(request.conversationId);
      if (!summary) throw new ContractError('not-found', `There is no conversation with id ${request.conversationId}.`);
      const usable = summary.options?.systemPromptImported ? null : (summary.options?.systemPrompt ?? null);
      return enhancePreset({
        preset: {
          id: 'conversation',
          name: summary.title,
          prompt: usable ?? '',
          defaultModel: summary.model,
          options: {},
          allowedTools: summary.options?.allowedTools ?? null,
        },
        tools: ctx.tools.list().map((tool) => tool.info),
        // A conversation in a project works in the project's workspace.
        workspace: (await projectRunSettings(ctx.projects, summary, ctx.settings.current())).workspace,
      });
    },
    /**
     * An empty conversation that starts with the preset's prompt, options and allowed tools (its
     * first message then runs with them; the tools are enforced on every call): titled after the preset until the user renames it.
     */
    'conversation.createFromPreset': async (request: ValidCallRequest<'conversation.createFromPreset'>): Promise<ConversationSummary> => {
      const preset = await find(request.presetId);
      const model = request.model ?? preset.defaultModel;
      const created = await ctx.storage.conversations.create({ title: preset.name, model });
      ctx.knownConversations.add(created.conversationId);
      return setConversationOptions(ctx, {
        conversationId: created.conversationId,
        // The preset's tool list limits the conversation's runs (null: every tool).
        options: { ...preset.options, systemPrompt: preset.prompt.trim() === '' ? null : preset.prompt, allowedTools: preset.allowedTools },
      });
    },
  };
}

function rethrow(error: unknown): never {
  if (error instanceof PresetLibraryError) throw new ContractError('internal', error.message);
  throw error;
}

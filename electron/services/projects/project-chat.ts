import type { ConversationOptions } from '../../../shared/conversations/conversation';
import type { Project } from '../../../shared/projects/projects';
import type { AppContext } from '../app/app-context';
import { mergeConversationOptions } from '../app/runs/conversation-options';

/**
 * A new chat started in a project takes its defaults: it is filed in the project (a meta record,
 * like a pin) and starts with the project's preset — its prompt, options and allowed tools, as
 * conversation.createFromPreset gives them. The model is the one sent (the window preselects the
 * project's default model); the workspace and tool limits are the project's at each run
 * (project-run-settings.ts). A preset removed from the library since is left out.
 */
export async function fileNewChatInProject(ctx: AppContext, conversationId: string, project: Project): Promise<void> {
  const preset = project.presetId ? await ctx.presets.get(project.presetId).catch(() => null) : null;
  const options: ConversationOptions | undefined = preset
    ? mergeConversationOptions(undefined, {
        ...preset.options,
        systemPrompt: preset.prompt.trim() === '' ? null : preset.prompt,
        allowedTools: preset.allowedTools,
      })
    : undefined;
  await ctx.storage.conversations.update(conversationId, { projectId: project.projectId, ...(options ? { options } : {}) });
}

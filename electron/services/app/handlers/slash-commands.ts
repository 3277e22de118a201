import type { SlashCommand } from '../../../../shared/conversations/commands';
import type { ToolInfo } from '../../../../shared/tools/tool-info';
import { helpText, statusText, toolsText, toolText, unknownCommandText } from '../../orchestration/command-texts';
import type { AppContext } from '../app-context';
import type { ConversationSession } from '../runs/conversation-sessions';
import { abandonTask } from '../runs/task-control';
import { resolveWorkspace } from '../runs/run-launcher';
import { branchRunsOf } from '../../documents/undo/branch-runs';
import { undoWrite } from '../../documents/undo/undo-change';

/** The answer to a slash command, in words. */
export async function runSlashCommand(ctx: AppContext, session: ConversationSession, command: SlashCommand): Promise<string> {
  switch (command.type) {
    case 'cancel': {
      const result = await abandonTask(ctx, session);
      if (result.stoppedRun) return 'Cancelled the current task and cleared the tool stack.';
      if (result.clearedFrames > 0) return 'Cleared the tool stack. You are back in normal conversation.';
      return 'Nothing to cancel: no task is running.';
    }
    case 'status': {
      const frames = session.stack.frames();
      const run = session.activeRun;
      if (frames.length === 0 && run) return `Working on: "${oneLine(run.goal)}". No tool is running right now. Type /cancel to stop.`;
      return statusText({
        frames,
        depthLimit: ctx.settings.current().limits.depthLimit,
        originalRequest: run?.goal ?? session.lastGoal,
        now: ctx.now(),
      });
    }
    case 'help':
      return helpText();
    case 'tools':
      return toolsText(toolInfos(ctx));
    case 'tool':
      return toolText(toolInfos(ctx), command.name);
    case 'undo':
      return undoText(ctx, session.conversationId, command.confirmed);
    case 'unknown':
      return unknownCommandText(command.input);
    default: {
      const unreachable: never = command;
      return String(unreachable);
    }
  }
}

function toolInfos(ctx: AppContext): ToolInfo[] {
  return ctx.tools.list().map((tool) => tool.info);
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/** /undo: the last write of the conversation taken back; a file changed by hand since needs "/undo confirm". */
async function undoText(ctx: AppContext, conversationId: string, confirmed: boolean): Promise<string> {
  const workspace = await resolveWorkspace(ctx.settings.current().workspace);
  try {
    const branchRuns = await branchRunsOf(ctx, conversationId);
    const result = await undoWrite({ store: ctx.versions, conversationId, workspace, confirmed, branchRuns });
    if (result.type === 'needs-confirmation' && result.preview.type === 'ready') return `${result.message}\n\n${result.preview.diff}`;
    return result.message;
  } catch (error) {
    return `Could not undo: ${error instanceof Error ? error.message : String(error)}`;
  }
}

import type { AppContext } from '../../app/app-context';
import { branchTree } from '../../store/timeline/branch-tree';

/**
 * The runs on the branch a conversation shows, for undo (undo-change.ts `branchRuns`); undefined
 * when the conversation has no branches, so every write of it counts as before.
 */
export async function branchRunsOf(ctx: Pick<AppContext, 'storage'>, conversationId: string): Promise<ReadonlySet<string> | undefined> {
  await ctx.storage.conversations.flush();
  const snapshot = await ctx.storage.conversations.get(conversationId);
  const tree = branchTree(snapshot?.events ?? []);
  return Object.keys(tree.siblings()).length > 0 ? tree.chosenRunIds() : undefined;
}

import { useTaco } from '../../store/store-context';
import { draftFromRequest } from './draft-from-turn';

/** Under a finished answer: turn the request that produced it into a workflow draft. */
export function SaveAsWorkflowButton({ request }: { request: string }) {
  const openDraft = useTaco((state) => state.openWorkflowDraft);
  return (
    <button
      type="button"
      className="message-action"
      data-testid="save-as-workflow"
      title="Make this request a reusable workflow"
      onClick={() => openDraft(draftFromRequest(request))}
    >
      Save as workflow
    </button>
  );
}

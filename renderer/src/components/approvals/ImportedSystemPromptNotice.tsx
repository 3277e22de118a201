import { revealInvisible } from '../../format/reveal-invisible';
import { useTaco } from '../../store/store-context';
import { flightKey } from '../../store/store-types';
import { ScrollText } from '../ui/ScrollText';

/**
 * An imported conversation came with its own system prompt: main keeps it but does not use it
 * until the user chooses here (conversation.confirmSystemPrompt). The prompt is shown as plain
 * text, hidden characters revealed.
 */
export function ImportedSystemPromptNotice() {
  const conversationId = useTaco((state) => state.activeConversationId);
  const options = useTaco((state) => state.conversations.find((entry) => entry.conversationId === conversationId)?.options);
  const confirm = useTaco((state) => state.confirmSystemPrompt);
  const busy = useTaco((state) => Boolean(conversationId && state.inFlight[flightKey('conversation.confirmSystemPrompt', conversationId)]));
  if (!conversationId || options?.systemPromptImported !== true || !options.systemPrompt) return null;
  return (
    <section className="card pending-card" role="group" aria-label="Imported system prompt" data-testid="imported-system-prompt">
      <div className="card-title">This conversation was imported with its own system prompt</div>
      <p className="muted">It is not used until you choose. Read it first: whoever made the file wrote it.</p>
      <ScrollText className="plain-text" label="The imported system prompt">
        {revealInvisible(options.systemPrompt).text}
      </ScrollText>
      <div className="card-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void confirm(conversationId, 'use')}>
          Use this system prompt
        </button>
        <button type="button" className="button primary" disabled={busy} onClick={() => void confirm(conversationId, 'discard')}>
          Discard
        </button>
      </div>
    </section>
  );
}

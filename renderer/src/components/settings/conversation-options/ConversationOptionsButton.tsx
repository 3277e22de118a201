import { useState } from 'react';
import { useTaco } from '../../../store/store-context';
import { ConversationOptionsDialog } from './ConversationOptionsDialog';
import { SlidersIcon } from '../../Icons';

/** In the chat header of a saved conversation: opens its options (model, temperature, num_ctx, keep_alive, system prompt). */
export function ConversationOptionsButton() {
  const summary = useTaco((state) => state.conversations.find((entry) => entry.conversationId === state.activeConversationId) ?? null);
  const [open, setOpen] = useState(false);
  if (!summary) return null;
  return (
    <>
      <button
        type="button"
        className="icon-button options-button"
        data-testid="options-button"
        aria-label="Conversation options"
        title="Conversation options: model, temperature, context, system prompt"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <SlidersIcon />
      </button>
      {open && <ConversationOptionsDialog summary={summary} onClose={() => setOpen(false)} />}
    </>
  );
}

import { useMemo } from 'react';
import { modelLabel } from '../../../../shared/models/model-label';
import { serverNames } from '../../store/model-availability';
import { useTaco } from '../../store/store-context';

/** Display names of the servers, for labels (stable while the list and the settings stay). */
export function useServerNames() {
  const models = useTaco((state) => state.models);
  const settings = useTaco((state) => state.settings);
  return useMemo(() => serverNames({ models, settings }), [models, settings]);
}

/** "llama3.2:3b · Docs box" under a conversation: the server's name, never its internal id. */
export function ConversationModelLabel({ model }: { model: string }) {
  const label = modelLabel(model, useServerNames());
  return (
    <span className="conversation-model" data-testid="conversation-model" title={label.text}>
      {label.text}
    </span>
  );
}

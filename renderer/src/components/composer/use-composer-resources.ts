import { useState } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import type { ResourceChip } from '../../store/events/conversation-view';

/** The resources attached to the message being written: at most DEFAULTS.mcp.maxAttachedResources, each once. */
export function useComposerResources() {
  const [chips, setChips] = useState<ResourceChip[]>([]);
  const same = (a: ResourceChip, b: ResourceChip): boolean => a.server === b.server && a.uri === b.uri;
  return {
    chips,
    full: chips.length >= DEFAULTS.mcp.maxAttachedResources,
    add: (chip: ResourceChip) =>
      setChips((current) =>
        current.some((each) => same(each, chip)) || current.length >= DEFAULTS.mcp.maxAttachedResources ? current : [...current, chip],
      ),
    remove: (chip: ResourceChip) => setChips((current) => current.filter((each) => !same(each, chip))),
    clear: () => setChips([]),
  };
}

import { DEFAULTS } from '../../../shared/constants';
import type { StoreDeps } from './store-types';

/** Half-typed messages by conversation id ("new" for a chat not started yet). */
export type Drafts = Readonly<Record<string, string>>;

/** The drafts remembered in storage; anything unreadable or not text is left out. */
export function readDrafts(storage: StoreDeps['storage']): Drafts {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(DEFAULTS.rendererStore.draftsKey) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/**
 * The drafts with one changed: an empty draft is dropped; a long one is kept to its first
 * `maxDraftChars`; past `maxDrafts` the oldest written go (a draft written again is the newest).
 */
export function withDraft(drafts: Drafts, key: string, text: string): Drafts {
  const { maxDrafts, maxDraftChars } = DEFAULTS.rendererStore;
  const rest = Object.entries(drafts).filter(([other]) => other !== key);
  const kept = text === '' ? rest : [...rest, [key, text.slice(0, maxDraftChars)] as [string, string]];
  return Object.fromEntries(kept.slice(-maxDrafts));
}

export function writeDrafts(storage: StoreDeps['storage'], drafts: Drafts): void {
  try {
    storage?.setItem(DEFAULTS.rendererStore.draftsKey, JSON.stringify(drafts));
  } catch {
    // Storage full or disabled: the draft stays for this window, it just will not survive a reload.
  }
}

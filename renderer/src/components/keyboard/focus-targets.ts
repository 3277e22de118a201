/** Elements other parts of the app own, found by their test ids (no coupling to their components). */
export const FOCUS_TARGETS = {
  composer: '[data-testid="composer"]',
  /** The sidebar search box (conversation management builds it). */
  search: '[data-testid="conversation-search"]',
} as const;

export function focusTarget(selector: string, select = false): boolean {
  const element = document.querySelector<HTMLElement>(selector);
  if (!element || (element as HTMLInputElement).disabled) return false;
  element.focus();
  if (select && element instanceof HTMLInputElement) element.select();
  return document.activeElement === element;
}

/** The web host's print view of a conversation: its HTML export, served under a policy that runs nothing. */
export function printViewPath(conversationId: string): string {
  return `/print/${encodeURIComponent(conversationId)}`;
}

/**
 * In a browser, a PDF is the browser's own: open the print view in a new tab (same origin, so this
 * page can ask it to print once it has loaded; the view itself has no script) and call its print.
 * False when the browser blocked the tab.
 */
export function openPrintView(conversationId: string, win: Pick<Window, 'open'> = window): boolean {
  const view = win.open(printViewPath(conversationId), '_blank');
  if (!view) return false;
  view.addEventListener('load', () => view.print(), { once: true });
  return true;
}

/** True while a modal dialog or confirmation is open: app-wide shortcuts wait (Esc belongs to it). */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]') !== null;
}

/** True when focus is inside a dialog or confirmation (a card taking focus must not take it from there). */
export function focusInDialog(): boolean {
  return document.activeElement?.closest('[role="dialog"], [role="alertdialog"]') != null;
}

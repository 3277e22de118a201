/** True while a modal dialog or confirmation is open: app-wide shortcuts wait (Esc belongs to it). */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]') !== null;
}

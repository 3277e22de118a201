import * as RadixToast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts } from './toast-queue';

/**
 * Where `showToast` messages appear, rendered once by the app: on Radix Toast, so they are
 * announced politely, F8 moves focus to them, swiping or Esc dismisses, and the timer pauses while
 * the pointer or focus is on them. An action (Undo) runs and closes the toast.
 */
export function Toaster({ duration = 6000 }: { duration?: number }) {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <RadixToast.Provider duration={duration} label="Notification">
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          className={`ui-toast${toast.tone === 'danger' ? ' ui-toast-danger' : ''}`}
          data-testid="toast"
          {...(toast.duration === undefined ? {} : { duration: toast.duration })}
          onOpenChange={(open) => !open && dismissToast(toast.id)}
        >
          <RadixToast.Title className="ui-toast-title">{toast.title}</RadixToast.Title>
          {toast.description && <RadixToast.Description className="ui-toast-description">{toast.description}</RadixToast.Description>}
          {toast.action && (
            <RadixToast.Action asChild altText={toast.action.altText}>
              <button type="button" className="button" data-testid="toast-action" onClick={toast.action.run}>
                {toast.action.label}
              </button>
            </RadixToast.Action>
          )}
          <RadixToast.Close className="icon-button" aria-label="Dismiss">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="ui-toast-viewport" />
    </RadixToast.Provider>
  );
}

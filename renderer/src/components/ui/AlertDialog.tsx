import * as RadixAlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useOpenerFocus } from './use-opener-focus';

export interface AlertDialogProps {
  title: string;
  /** What confirming does, in words: read as the dialog's description. */
  description: ReactNode;
  /** Without it only the cancel button is shown (e.g. once the action has its result). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive confirmation gets the danger style. */
  tone?: 'normal' | 'danger';
  /** Disables the confirm button (the action runs, or cannot run). */
  busy?: boolean;
  onConfirm?(): void;
  /** Cancel, Esc: the decision is left as it was. */
  onCancel(): void;
  testId: string;
  /** Defaults to `${testId}-confirm`. */
  confirmTestId?: string;
  open?: boolean;
  /** Wide for a confirmation that shows a diff. */
  size?: 'normal' | 'wide';
  /** Extra content under the description (a result, an error). */
  children?: ReactNode;
}

/**
 * A confirmation on Radix AlertDialog: in a portal, role="alertdialog", focus starts on Cancel (the
 * safe choice), Esc cancels, a click on the scrim does nothing, focus returns to the opener.
 * The confirm button does not close by itself: the caller closes when the action has a result.
 */
export function AlertDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'normal',
  busy = false,
  onConfirm,
  onCancel,
  testId,
  confirmTestId = `${testId}-confirm`,
  open = true,
  size = 'normal',
  children,
}: AlertDialogProps) {
  const opener = useOpenerFocus(open);
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className="ui-overlay" />
        <RadixAlertDialog.Content
          className={`ui-dialog ui-dialog-alert${size === 'wide' ? ' ui-dialog-wide' : ''}`}
          data-testid={testId}
          aria-modal="true"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.restore();
          }}
        >
          <header className="ui-dialog-head">
            <RadixAlertDialog.Title className="ui-dialog-title">{title}</RadixAlertDialog.Title>
          </header>
          <div className="ui-dialog-body">
            <RadixAlertDialog.Description asChild>
              <div className="ui-dialog-description">{description}</div>
            </RadixAlertDialog.Description>
            {children}
            <div className="dialog-actions">
              <RadixAlertDialog.Cancel className="button" data-testid={`${testId}-cancel`}>
                {cancelLabel}
              </RadixAlertDialog.Cancel>
              {confirmLabel !== undefined && (
                <button
                  type="button"
                  className={tone === 'danger' ? 'button danger' : 'button primary'}
                  data-testid={confirmTestId}
                  disabled={busy}
                  onClick={onConfirm}
                >
                  {confirmLabel}
                </button>
              )}
            </div>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}

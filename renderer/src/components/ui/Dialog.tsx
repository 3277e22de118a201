import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, type ReactNode } from 'react';
import { useOpenerFocus } from './use-opener-focus';

export interface DialogProps {
  title: string;
  /** Closed by Esc, the × button or a click on the scrim; the parent decides what closing means. */
  onClose(): void;
  children: ReactNode;
  testId: string;
  /** Defaults to open: most callers render the dialog only while it is shown. */
  open?: boolean;
  size?: 'normal' | 'wide';
  /** Read as the dialog's description (aria-describedby). */
  description?: string;
  /** The dialog's actions: below the body, never scrolled out of sight with it. */
  footer?: ReactNode;
  /**
   * Which of its views the dialog shows (a list, then the chosen item's form): when it changes,
   * focus moves into the new view as it did when the dialog opened, not left on the control the
   * old view took away.
   */
  view?: string;
}

/**
 * The app's modal dialog, on Radix Dialog: rendered in a portal on `document.body` (never inside a
 * transformed or scrolled ancestor), sized to the viewport with its body scrolling inside, focus
 * moved in (`[data-autofocus]` first, else the first field of the body) and trapped, Esc and the
 * scrim close it, its footer (the actions) stays in sight below the scrolling body, and focus returns to whatever had it when the dialog opened.
 * A dialog that changes `view` moves focus into the new view the same way.
 */
export function Dialog({ title, onClose, children, testId, open = true, size = 'normal', description, footer, view }: DialogProps) {
  const opener = useOpenerFocus(open);
  const bodyRef = useRef<HTMLDivElement>(null);
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    initialFocus(bodyRef.current)?.focus();
  }, [view]);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-overlay" />
        <RadixDialog.Content
          className={`ui-dialog ui-dialog-${size}`}
          data-testid={testId}
          aria-modal="true"
          // Without a description, say so explicitly (Radix warns otherwise).
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            const target = initialFocus(bodyRef.current);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.restore();
          }}
        >
          <header className="ui-dialog-head">
            <RadixDialog.Title className="ui-dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label="Close" data-testid={`${testId}-close`}>
              ×
            </RadixDialog.Close>
          </header>
          {description ? <RadixDialog.Description className="ui-dialog-description">{description}</RadixDialog.Description> : null}
          <div ref={bodyRef} className="ui-dialog-body">
            {children}
          </div>
          {footer ? <footer className="ui-dialog-foot">{footer}</footer> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

const TABBABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** `[data-autofocus]` wins; else the first tabbable control of the body; else Radix's default. */
export function initialFocus(body: HTMLElement | null): HTMLElement | null {
  if (!body) return null;
  return body.querySelector<HTMLElement>('[data-autofocus]') ?? body.querySelector<HTMLElement>(TABBABLE);
}

import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';

export interface PopoverProps {
  /** The opener: one element (a button), given the popover's aria attributes. */
  trigger: ReactNode;
  children: ReactNode;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** Names the popover for assistive technology. */
  label: string;
  testId?: string;
  side?: 'top' | 'bottom' | 'left' | 'right';
  align?: 'start' | 'center' | 'end';
}

/**
 * A non-modal floating panel on Radix Popover: in a portal, placed beside its trigger and kept in
 * the viewport (it flips and shifts), Esc and a click outside close it, focus moves in and returns
 * to the trigger.
 */
export function Popover({ trigger, children, open, onOpenChange, label, testId, side = 'bottom', align = 'start' }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          className="ui-popover"
          aria-label={label}
          data-testid={testId}
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={8}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

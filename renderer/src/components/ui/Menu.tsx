import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

export interface MenuProps {
  /** The button that opens the menu (one element; it gets aria-haspopup/expanded). */
  trigger: ReactNode;
  children: ReactNode;
  testId?: string;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  align?: 'start' | 'center' | 'end';
}

/**
 * A menu of actions, named by its trigger (aria-labelledby) on Radix DropdownMenu: role="menu" in a portal, arrow keys and typeahead move,
 * Enter/Space run an item, Esc or a click outside closes, focus returns to the trigger.
 */
export function Menu({ trigger, children, testId, open, onOpenChange, align = 'end' }: MenuProps) {
  return (
    <RadixMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="ui-menu" data-testid={testId} align={align} sideOffset={4} collisionPadding={8}>
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

export function MenuItem({
  children,
  onSelect,
  tone = 'normal',
  disabled,
  testId,
}: {
  children: ReactNode;
  onSelect(): void;
  tone?: 'normal' | 'danger';
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <RadixMenu.Item
      className={`ui-menu-item${tone === 'danger' ? ' ui-menu-item-danger' : ''}`}
      disabled={disabled}
      data-testid={testId}
      onSelect={onSelect}
    >
      {children}
    </RadixMenu.Item>
  );
}

export function MenuSeparator() {
  return <RadixMenu.Separator className="ui-menu-separator" />;
}

/** A nested menu ("Move to project ▸"): opens to the side on hover, → or Enter; ← or Esc closes it. */
export function MenuSub({
  label,
  children,
  testId,
  contentTestId,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
  contentTestId?: string;
}) {
  return (
    <RadixMenu.Sub>
      <RadixMenu.SubTrigger className="ui-menu-item ui-menu-subtrigger" data-testid={testId}>
        {label}
        <span className="ui-menu-subcaret" aria-hidden="true">
          ▸
        </span>
      </RadixMenu.SubTrigger>
      <RadixMenu.Portal>
        <RadixMenu.SubContent className="ui-menu" data-testid={contentTestId} sideOffset={2} collisionPadding={8}>
          {children}
        </RadixMenu.SubContent>
      </RadixMenu.Portal>
    </RadixMenu.Sub>
  );
}

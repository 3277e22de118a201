import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ComponentPropsWithRef, ReactNode } from 'react';

/**
 * A short hint on hover and keyboard focus (never the only way to learn something: the trigger
 * keeps its accessible name). In a portal, kept in the viewport, Esc hides it. Each tooltip
 * carries its own provider, so it works wherever it is placed. Props it does not know (and a ref)
 * go to its trigger, so it can itself be another primitive's trigger (a Popover's opener, say).
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  ...triggerProps
}: {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
} & Omit<ComponentPropsWithRef<'button'>, 'content' | 'children'>) {
  return (
    <RadixTooltip.Provider delayDuration={400} skipDelayDuration={200}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild {...triggerProps}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="ui-tooltip" side={side} sideOffset={4} collisionPadding={8}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}

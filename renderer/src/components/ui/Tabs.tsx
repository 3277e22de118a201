import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabDefinition {
  value: string;
  label: ReactNode;
  content: ReactNode;
  testId?: string;
}

export interface TabsProps {
  tabs: TabDefinition[];
  value: string;
  onValueChange(value: string): void;
  /** Names the tab list. */
  label: string;
  orientation?: 'horizontal' | 'vertical';
  className?: string;
}

/**
 * Tabs on Radix: role="tablist"/"tab"/"tabpanel" wired together, arrow keys move between tabs
 * (Home/End too), only the shown panel is rendered, and each panel is labelled by its tab.
 */
export function Tabs({ tabs, value, onValueChange, label, orientation = 'horizontal', className }: TabsProps) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={onValueChange}
      orientation={orientation}
      className={['ui-tabs', `ui-tabs-${orientation}`, className].filter(Boolean).join(' ')}
    >
      <RadixTabs.List className="ui-tab-list" aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} className="ui-tab" data-testid={tab.testId}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="ui-tab-panel">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

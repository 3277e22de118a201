import { Command, defaultFilter } from 'cmdk';
import type { ReactNode } from 'react';

export interface CommandItem {
  /** Unique and stable: what `onSelect` receives. */
  id: string;
  /** The words typed to find it (the visible name, plus anything else worth matching). */
  label: string;
  keywords?: string[];
  /** A richer row than the label alone (name, size, badges); the label is shown without it. */
  content?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

export interface CommandGroup {
  /** Shown above the group's items; groups without items after filtering disappear. */
  heading?: ReactNode;
  /** Unique among the groups. */
  key: string;
  items: CommandItem[];
}

export interface CommandListProps {
  groups: CommandGroup[];
  onSelect(id: string): void;
  /** Names the list for assistive technology. */
  label: string;
  placeholder?: string;
  emptyText?: ReactNode;
  testId?: string;
  /** The search field's own test id, for e2e typing. */
  inputTestId?: string;
}

/** Matches the typed words against an item's label and keywords only, never its id. */
function filterByWords(_id: string, search: string, keywords?: string[]): number {
  return defaultFilter((keywords ?? []).join(' '), search, []);
}

/**
 * A searchable list on cmdk: the input is a combobox controlling a listbox; typing filters (fuzzy,
 * best first), arrow keys move, Enter picks, groups keep their headings. Used inside a Popover by
 * `Combobox`, or inline in a dialog.
 */
export function CommandList({
  groups,
  onSelect,
  label,
  placeholder = 'Search…',
  emptyText = 'Nothing matches.',
  testId,
  inputTestId,
}: CommandListProps) {
  return (
    <Command className="ui-command" label={label} filter={filterByWords} loop data-testid={testId}>
      <Command.Input className="ui-command-input" placeholder={placeholder} data-testid={inputTestId} autoFocus />
      <Command.List className="ui-command-list" label={label}>
        <Command.Empty className="ui-command-empty">{emptyText}</Command.Empty>
        {groups.map((group) => (
          <Command.Group key={group.key} value={group.key} heading={group.heading} className="ui-command-group">
            {group.items.map((item) => (
              <Command.Item
                key={item.id}
                value={item.id}
                keywords={[item.label, ...(item.keywords ?? [])]}
                disabled={item.disabled}
                onSelect={() => onSelect(item.id)}
                className="ui-command-item"
                data-testid={item.testId}
              >
                {item.content ?? item.label}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
      </Command.List>
    </Command>
  );
}

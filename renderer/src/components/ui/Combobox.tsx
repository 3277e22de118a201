import { useState, type ReactNode } from 'react';
import { CommandList, type CommandGroup } from './CommandList';
import { Popover } from './Popover';

export interface ComboboxProps {
  /** The closed control: one button showing the current choice. */
  trigger: ReactNode;
  groups: CommandGroup[];
  onSelect(id: string): void;
  label: string;
  placeholder?: string;
  emptyText?: ReactNode;
  testId?: string;
  inputTestId?: string;
  /** Controlled open state; uncontrolled when omitted. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** Extra content under the list (a "Manage models…" link). */
  footer?: ReactNode;
}

/**
 * A searchable picker: a trigger button opens a popover holding a `CommandList` with its search
 * field focused; picking an item closes it and focus returns to the trigger; Esc closes.
 */
export function Combobox({
  trigger,
  groups,
  onSelect,
  label,
  placeholder,
  emptyText,
  testId,
  inputTestId,
  open,
  onOpenChange,
  footer,
}: ComboboxProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const shown = open ?? ownOpen;
  const setShown = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Popover trigger={trigger} open={shown} onOpenChange={setShown} label={label} testId={testId}>
      <CommandList
        groups={groups}
        label={label}
        placeholder={placeholder}
        emptyText={emptyText}
        inputTestId={inputTestId}
        onSelect={(id) => {
          setShown(false);
          onSelect(id);
        }}
      />
      {footer}
    </Popover>
  );
}

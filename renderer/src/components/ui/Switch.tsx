import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';

export interface SwitchProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** The words beside the switch; they label it and clicking them toggles it. */
  children?: ReactNode;
  /** When there are no words beside it. */
  ariaLabel?: string;
  testId?: string;
  disabled?: boolean;
  /** Saving: the switch keeps focus and says it is unavailable (aria-disabled) and ignores toggles. */
  busy?: boolean;
  /** Names it by other elements (e.g. its words and the card's heading). */
  ariaLabelledBy?: string;
  /** Describes it by another element (e.g. why it is disabled). */
  ariaDescribedBy?: string | undefined;
  className?: string;
}

/**
 * An on/off setting on Radix Switch: a button with role="switch" and aria-checked (read as
 * "on"/"off"), Space and Enter toggle it, the words beside it are its label.
 */
export function Switch({
  checked,
  onChange,
  children,
  ariaLabel,
  ariaLabelledBy,
  ariaDescribedBy,
  testId,
  disabled = false,
  busy = false,
  className,
}: SwitchProps) {
  const id = useId();
  return (
    <span className={['switch-field', className].filter(Boolean).join(' ')}>
      <RadixSwitch.Root
        id={id}
        className="ui-switch"
        checked={checked}
        onCheckedChange={(next) => !busy && onChange(next)}
        disabled={disabled}
        aria-disabled={busy || undefined}
        aria-label={ariaLabel}
        aria-labelledby={ariaLabelledBy}
        aria-describedby={ariaDescribedBy}
        data-testid={testId}
      >
        <RadixSwitch.Thumb className="ui-switch-thumb" />
      </RadixSwitch.Root>
      {children !== undefined && (
        <label htmlFor={id} className="switch-label">
          {children}
        </label>
      )}
    </span>
  );
}

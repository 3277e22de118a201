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
  className?: string;
}

/**
 * An on/off setting on Radix Switch: a button with role="switch" and aria-checked (read as
 * "on"/"off"), Space and Enter toggle it, the words beside it are its label.
 */
export function Switch({ checked, onChange, children, ariaLabel, testId, disabled = false, className }: SwitchProps) {
  const id = useId();
  return (
    <span className={['switch-field', className].filter(Boolean).join(' ')}>
      <RadixSwitch.Root
        id={id}
        className="ui-switch"
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled}
        aria-label={ariaLabel}
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

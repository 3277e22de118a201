import type { ReactNode } from 'react';

/**
 * An on/off setting as a switch: a native checkbox (Space toggles it, its label clicks it) with
 * `role="switch"` and `aria-checked`, so assistive technology says "on"/"off" rather than
 * "checked". The words sit beside it; `hint` is read as its description.
 */
export function Switch({
  checked,
  onChange,
  children,
  testId,
  disabled = false,
  className,
  ariaLabel,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
  testId?: string;
  disabled?: boolean;
  className?: string;
  ariaLabel?: string;
}) {
  return (
    <label className={['switch-field', className].filter(Boolean).join(' ')}>
      <input
        type="checkbox"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-label={ariaLabel}
        data-testid={testId}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}

import type { SelectHTMLAttributes } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export type SelectProps<V extends string> = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  value: V;
  options: readonly SelectOption<V>[];
  onChange(value: V): void;
};

/**
 * A choice among a few fixed options: the platform's own select (keyboard, type-ahead and screen
 * readers work everywhere, the list is drawn by the OS and never cut off), styled by tokens.
 * Searchable or rich choices (models, resources) use `Combobox` instead. Every other attribute
 * (id, aria-*, data-testid, disabled) goes to the select.
 */
export function Select<V extends string>({ value, options, onChange, className, ...rest }: SelectProps<V>) {
  return (
    <select
      {...rest}
      className={['ui-select', className].filter(Boolean).join(' ')}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

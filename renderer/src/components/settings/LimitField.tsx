/** One tool limit as a whole-number field: Settings → Limits and a project's limits (where empty follows Settings). */
export function LimitField({
  label,
  min,
  max,
  unit,
  hint,
  testId,
  value,
  placeholder,
  invalid,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  unit?: string | undefined;
  hint?: string | undefined;
  testId: string;
  value: string;
  placeholder?: string | undefined;
  invalid: boolean;
  onChange(value: string): void;
}) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <span className="field-inline">
        <input
          type="number"
          inputMode="numeric"
          data-testid={testId}
          min={min}
          max={max}
          step={1}
          value={value}
          {...(placeholder !== undefined ? { placeholder } : {})}
          aria-invalid={invalid}
          onChange={(event) => onChange(event.target.value)}
        />
        {unit && <span className="muted small">{unit}</span>}
      </span>
      {hint && <span className="field-hint">{hint}</span>}
    </label>
  );
}

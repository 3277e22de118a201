/**
 * One tool limit as a whole-number field: Settings → Limits and a project's limits (where empty
 * follows Settings). A hint ends with the allowed range, kept on one line ("(2–" and "200)." on
 * two lines read as two numbers).
 */
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
      {hint && (
        <span className="field-hint">
          {hint}{' '}
          <span className="field-range">
            ({min}–{max}).
          </span>
        </span>
      )}
    </label>
  );
}

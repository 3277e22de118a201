import { LimitField } from './LimitField';
import type { NumberField, SettingsForm } from './settings-form';

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
  invalidField: NumberField | null;
}

const LIMITS: ReadonlyArray<{ field: NumberField; label: string; hint: string; min: number; max: number; unit?: string }> = [
  { field: 'maxIterations', label: 'Tool rounds per message', hint: 'Then the model sums up and stops', min: 1, max: 100 },
  {
    field: 'timeoutSeconds',
    label: 'Time limit per message',
    hint: 'Seconds before a run stops',
    min: 1,
    max: 86_400,
    unit: 's',
  },
  {
    field: 'maxConsecutiveErrors',
    label: 'Tool errors in a row',
    hint: 'Failed tool calls in a row that stop the run',
    min: 1,
    max: 20,
  },
  { field: 'depthLimit', label: 'Tool stack depth', hint: 'Nested tools before TACO asks you to continue', min: 2, max: 200 },
];

/** How far one message may go before the loop stops. */
export function LimitSettings({ form, change, invalidField }: Props) {
  return (
    <fieldset className="settings-section">
      <legend className="section-title">Limits</legend>
      <div className="settings-grid">
        {LIMITS.map(({ field, label, hint, min, max, unit }) => (
          <LimitField
            key={field}
            label={label}
            hint={hint}
            min={min}
            max={max}
            unit={unit}
            testId={`settings-limit-${field}`}
            value={form[field]}
            invalid={invalidField === field}
            onChange={(value) => change({ [field]: value })}
          />
        ))}
      </div>
    </fieldset>
  );
}

import { useId, useState } from 'react';
import type { ToolInfo } from '../../../../shared/tools/tool-info';
import { useTaco } from '../../store/store-context';
import { Select } from '../ui/Select';
import { choicePatch, defaultPolicy, defaultReason, isApprovalChoice, POLICY_WORDS, savedChoice } from './tool-approval-choice';

/**
 * A tool's approval setting, as a select: its default (what it resolves to), "Ask first" or
 * "Run without asking". A choice is saved through settings.set at once; the select shows the
 * saved settings, so a refused choice snaps back and main's message is shown.
 * `headingId`: the card's heading, so the select reads as "Approval <tool name>".
 */
export function ToolApprovalControl({ tool, headingId }: { tool: ToolInfo; headingId?: string }) {
  const settings = useTaco((state) => state.settings);
  const saveSettings = useTaco((state) => state.saveSettings);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const choose = async (value: string) => {
    if (!isApprovalChoice(value)) return;
    setError(null);
    setSaving(true);
    const result = await saveSettings(choicePatch(tool.toolId, value));
    setSaving(false);
    if (!result.ok) setError(result.message);
  };

  const choice = savedChoice(settings?.toolApprovals, tool.toolId);
  const fallback = settings ? POLICY_WORDS[defaultPolicy(tool, settings.approvals)] : null;
  return (
    <div className="field">
      <label className="field-row" htmlFor={`${id}-select`}>
        <span id={`${id}-label`}>Approval</span>
        <Select
          id={`${id}-select`}
          data-testid="approval-setting"
          aria-labelledby={headingId ? `${id}-label ${headingId}` : `${id}-label`}
          data-choice={choice}
          value={choice}
          disabled={!settings || saving}
          aria-describedby={`${id}-hint`}
          aria-invalid={error !== null}
          onChange={(value) => void choose(value)}
          options={[
            { value: 'default', label: fallback ? `Default (${fallback})` : 'Default' },
            { value: 'ask', label: POLICY_WORDS.ask },
            { value: 'allow', label: POLICY_WORDS.allow },
            { value: 'never', label: POLICY_WORDS.never },
          ]}
        />
      </label>
      <span className="field-hint" id={`${id}-hint`}>
        {settings
          ? defaultReason(tool, settings.approvals)
          : 'Settings are not loaded yet, so this cannot be changed. Close the catalogue and open it again.'}
      </span>
      {error && (
        <p className="field-error" role="alert" data-testid="approval-setting-error">
          {error}
        </p>
      )}
    </div>
  );
}

import { useId } from 'react';
import type { ApprovalPolicy } from '../../../../shared/settings/settings';
import { RISKS, RISK_WORDS, type SettingsForm } from './settings-form';
import { Switch } from '../ui/Switch';
import { Select } from '../ui/Select';
import { useTaco } from '../../store/store-context';

const POLICIES: Array<{ value: ApprovalPolicy; label: string }> = [
  { value: 'ask', label: 'Ask me' },
  { value: 'allow', label: 'Allow' },
];

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
}

/** Whether TACO asks before each kind of risky tool. */
export function ApprovalSettings({ form, change }: Props) {
  // Main's words when this system has no working sandbox: then no command runs without asking, and the switch says why.
  const sandboxMissing = useTaco((state) => state.settings?.commandSandboxMissing);
  const scratchHintId = useId();
  return (
    <fieldset className="settings-section">
      <legend className="section-title">Ask before</legend>
      {RISKS.map((risk) => (
        <label key={risk} className="field-row">
          <span>{RISK_WORDS[risk]}</span>
          <Select
            data-testid={`settings-approval-${risk}`}
            value={form.approvals[risk]}
            options={POLICIES}
            onChange={(policy) => change({ approvals: { ...form.approvals, [risk]: policy } })}
          />
        </label>
      ))}
      <span className="field-hint">Single tools can differ: see Tools in the sidebar.</span>
      <Switch
        testId="settings-private-network"
        checked={form.allowPrivateNetworkFetch}
        onChange={(checked) => change({ allowPrivateNetworkFetch: checked })}
      >
        <span>Let fetch_url reach this computer and the local network (localhost, 192.168.x.x, …)</span>
      </Switch>
      <span className="field-hint">Off, a web page cannot lead the model to your router, Ollama or other local services.</span>
      <Switch
        testId="settings-scratch-commands"
        checked={sandboxMissing === undefined && form.runScratchCommandsWithoutAsking}
        disabled={sandboxMissing !== undefined}
        ariaDescribedBy={sandboxMissing !== undefined ? scratchHintId : undefined}
        onChange={(checked) => change({ runScratchCommandsWithoutAsking: checked })}
      >
        <span>Run commands without asking when they can change nothing (sandboxed, read-only)</span>
      </Switch>
      {sandboxMissing !== undefined ? (
        <span className="field-hint card-warning" id={scratchHintId} data-testid="settings-scratch-commands-unavailable">
          Not available: this system has no working sandbox, so every command asks. {sandboxMissing}
        </span>
      ) : (
        <span className="field-hint">
          Such a command runs in the sandbox: it sees your workspace read-only and the system&apos;s programs, nothing else of your home
          folder, no network, no sockets of other programs, and only a scratch home and /tmp that are thrown away: it can look, build in
          /tmp and test, never change your files. It can still use CPU, memory and disk. A command that needs to write or the network still
          asks.
        </span>
      )}
    </fieldset>
  );
}

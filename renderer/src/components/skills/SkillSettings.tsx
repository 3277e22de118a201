import { DEFAULTS } from '../../../../shared/constants';
import type { SettingsForm } from '../settings/settings-form';
import { Switch } from '../ui/Switch';

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
}

/** Whether skills other agents keep in the home folder are offered too (off unless the user turns it on). */
export function SkillSettings({ form, change }: Props) {
  const folders = DEFAULTS.skills.otherAgentFolders.map((folder) => `~/${folder}`);
  return (
    <fieldset className="settings-section">
      <legend className="section-title">Skills</legend>
      <Switch
        testId="settings-read-other-agents-skills"
        checked={form.readOtherAgentsSkills}
        onChange={(readOtherAgentsSkills) => change({ readOtherAgentsSkills })}
      >
        Use the skills other agents keep in {folders.join(' and ')}
      </Switch>
      <span className="field-hint" data-testid="settings-read-other-agents-skills-hint">
        On: TACO also reads the skill folders Claude Code and other agents keep there, checks each one like its own, and lists them in the
        Tools catalogue as “another agent”. A model is told only their names and descriptions, and only when a request fits one; it reads a
        skill’s instructions when it loads it. TACO never changes or removes those folders. A skill of the same name in the workspace, the
        project or TACO’s own skills wins. Off: only the workspace’s .skills folder and the skills installed in TACO are used.
      </span>
    </fieldset>
  );
}

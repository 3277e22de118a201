import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTaco } from '../../store/store-context';
import type { SettingsTab } from '../../store/slices/ui-slice';
import { Dialog } from '../ui/Dialog';
import { McpServersSection } from '../mcp/McpServersSection';
import { LocalApiSection } from '../local-api/LocalApiSection';
import { describeRefusal, formFromSettings, patchFromForm, type NumberField, type SettingsForm } from './settings-form';
import { GENERAL_SECTIONS, SectionList } from './settings-sections';

/** The settings main validates: a refused value shows main's message and nothing is saved. */
export function SettingsDialog() {
  const settings = useTaco((state) => state.settings);
  const saveSettings = useTaco((state) => state.saveSettings);
  const loadSettings = useTaco((state) => state.loadSettings);
  const setOpen = useTaco((state) => state.setSettingsOpen);
  const [form, setForm] = useState<SettingsForm | null>(settings ? formFromSettings(settings) : null);
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<NumberField | null>(null);
  const [saving, setSaving] = useState(false);
  const initialTab = useTaco((state) => state.settingsTab);
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  const dirty = useRef(false);
  const close = () => setOpen(false);

  // Settings may have changed elsewhere (the desktop menu's folder picker): read them again, and
  // show them while the user has not started editing.
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);
  // A theme previewed and not saved goes when the dialog does.
  const setThemePreview = useTaco((state) => state.setThemePreview);
  useEffect(() => () => setThemePreview(null), [setThemePreview]);
  useEffect(() => {
    if (settings && !dirty.current) setForm(formFromSettings(settings));
  }, [settings]);

  const change = (patch: Partial<SettingsForm>) => {
    dirty.current = true;
    setForm((current) => (current ? { ...current, ...patch } : current));
    setError(null);
    setInvalidField(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings || !form) return;
    const result = patchFromForm(settings, form);
    if (result.type === 'invalid') {
      setInvalidField(result.field);
      setError(result.message);
      return;
    }
    if (Object.keys(result.patch).length === 0) return close();
    setSaving(true);
    const saved = await saveSettings(result.patch);
    setSaving(false);
    if (saved.ok) close();
    else setError(describeRefusal(saved.message));
  };

  return (
    <Dialog title="Settings" testId="settings-dialog" onClose={close} size="wide">
      <SettingsTabs tab={tab} onChange={setTab} />
      {tab === 'local-api' ? (
        <LocalApiSection onClose={close} />
      ) : tab === 'mcp' ? (
        <div role="tabpanel" id="settings-panel-mcp" aria-labelledby="settings-tab-mcp">
          <McpServersSection />
          <div className="dialog-actions">
            <button type="button" className="button" data-testid="settings-close-mcp" onClick={close}>
              Close
            </button>
          </div>
        </div>
      ) : !settings || !form ? (
        <p className="muted">Settings could not be loaded. Close this and try again.</p>
      ) : (
        <form
          className="settings-form"
          role="tabpanel"
          id="settings-panel-general"
          aria-labelledby="settings-tab-general"
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <div className="settings-layout">
            <SectionList sections={GENERAL_SECTIONS} />
            <div className="settings-sections">
              {GENERAL_SECTIONS.map((section) => (
                <div key={section.id} id={`settings-section-${section.id}`} className="settings-anchor">
                  {section.render({ form, change, error, invalidField })}
                </div>
              ))}
            </div>
          </div>
          <div className="dialog-actions settings-actions">
            {error && (
              <p id="settings-error" className="field-error settings-error" role="alert" data-testid="settings-error">
                {error}
              </p>
            )}
            <button type="button" className="button" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button primary" data-testid="settings-save" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

const TABS: [SettingsTab, string][] = [
  ['general', 'General'],
  ['mcp', 'MCP servers'],
  ['local-api', 'Local API'],
];

/** General settings are saved together with Save; MCP servers apply each change at once, so they have their own tab. */
function SettingsTabs({ tab, onChange }: { tab: SettingsTab; onChange(tab: SettingsTab): void }) {
  return (
    <div className="settings-tabs" role="tablist" aria-label="Settings sections">
      {TABS.map(([id, label]) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`settings-tab-${id}`}
          data-testid={`settings-tab-${id}`}
          aria-selected={tab === id}
          aria-controls={`settings-panel-${id}`}
          className={`settings-tab${tab === id ? ' active' : ''}`}
          onClick={() => onChange(id)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

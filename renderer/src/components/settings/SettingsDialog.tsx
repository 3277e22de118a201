import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTaco } from '../../store/store-context';
import { Dialog } from '../ui/Dialog';
import { Tabs, type TabDefinition } from '../ui/Tabs';
import { McpServersSection } from '../mcp/McpServersSection';
import { LocalApiSection } from '../local-api/LocalApiSection';
import { describeRefusal, formFromSettings, patchFromForm, type NumberField, type SettingsForm } from './settings-form';
import { GENERAL_SECTIONS, type SectionProps } from './settings-sections';

/** Said once at the top, so nobody has to guess what Save and Cancel cover. */
export const SAVE_MODEL =
  'Save applies your changes on every page together; Cancel discards them. Model servers, MCP servers and Local API apply each change as you make it.';

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
  const [page, setPage] = useState<string>(initialTab === 'general' ? 'connection' : initialTab);
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
      // The refused field may be on another page: show that page.
      const owner = GENERAL_SECTIONS.find((section) => section.fields?.includes(result.field));
      if (owner) setPage(owner.id);
      return;
    }
    if (Object.keys(result.patch).length === 0) return close();
    setSaving(true);
    const saved = await saveSettings(result.patch);
    setSaving(false);
    if (saved.ok) close();
    else setError(describeRefusal(saved.message));
  };

  const formPage = (content: ReactNode) =>
    !settings || !form ? (
      <p className="muted">Settings could not be loaded. Close this and try again.</p>
    ) : (
      <form className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
        {content}
        <div className="dialog-actions settings-actions">
          {error && (
            <p id="settings-error" className="field-error settings-error" role="alert" data-testid="settings-error">
              {error}
            </p>
          )}
          <button type="button" className="button" data-testid="settings-cancel" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button primary" data-testid="settings-save" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    );

  const sectionProps: SectionProps | null = form ? { form, change, error, invalidField } : null;
  const tabs: TabDefinition[] = [
    ...GENERAL_SECTIONS.map((section) => ({
      value: section.id,
      label: section.label,
      testId: `settings-tab-${section.id}`,
      content: section.appliesAtOnce ? (
        <AppliesAtOnce page={section.id} onClose={close}>
          {sectionProps && section.render(sectionProps)}
        </AppliesAtOnce>
      ) : (
        formPage(sectionProps && section.render(sectionProps))
      ),
    })),
    {
      value: 'mcp',
      label: 'MCP servers',
      testId: 'settings-tab-mcp',
      content: (
        <AppliesAtOnce page="mcp" onClose={close}>
          <McpServersSection />
        </AppliesAtOnce>
      ),
    },
    {
      value: 'local-api',
      label: 'Local API',
      testId: 'settings-tab-local-api',
      content: (
        <AppliesAtOnce page="local-api" onClose={close}>
          <LocalApiSection />
        </AppliesAtOnce>
      ),
    },
  ];

  return (
    <Dialog title="Settings" testId="settings-dialog" onClose={close} size="wide" description={SAVE_MODEL}>
      <Tabs tabs={tabs} value={page} onValueChange={setPage} label="Settings pages" orientation="vertical" className="settings-pages" />
    </Dialog>
  );
}

/** A page whose changes reach main as they are made: it says so, and offers only Close (nothing to save or cancel). */
function AppliesAtOnce({ page, onClose, children }: { page: string; onClose(): void; children: ReactNode }) {
  return (
    <div className="settings-page" data-testid={`settings-page-${page}`}>
      {children}
      <div className="dialog-actions settings-actions">
        <p className="settings-applies-at-once muted" data-testid="settings-applies-at-once">
          Changes on this page apply at once.
        </p>
        <button type="button" className="button" data-testid={`settings-close-${page}`} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

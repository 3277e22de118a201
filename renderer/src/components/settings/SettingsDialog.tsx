import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTaco } from '../../store/store-context';
import { Dialog } from '../ui/Dialog';
import { Tabs, type TabDefinition } from '../ui/Tabs';
import { McpServersSection } from '../mcp/McpServersSection';
import { LocalApiSection } from '../local-api/LocalApiSection';
import { describeRefusal, formFromSettings, patchFromForm, type NumberField, type SettingsForm } from './settings-form';
import { GENERAL_SECTIONS, type SectionProps } from './settings-sections';
import { SettingsSessionContext } from './settings-session';
import { useSettingsVisit } from './use-settings-visit';

/** Said once at the top, so nobody has to guess what Save and Cancel cover. */
export const SAVE_MODEL =
  'Save keeps your changes on every page, servers included; Cancel or Esc undoes them all. MCP servers and the Local API start as you change them, so you can see them work before you save.';

/**
 * The settings main validates: a refused value shows main's message and nothing is saved. One save
 * model on every page: Save keeps the changes (model servers included, MCP servers marked for
 * removal go), Cancel or Esc undoes them (what the MCP and Local API pages applied live is brought
 * back: `use-settings-visit.ts`).
 */
export function SettingsDialog() {
  const settings = useTaco((state) => state.settings);
  const saveSettings = useTaco((state) => state.saveSettings);
  const loadSettings = useTaco((state) => state.loadSettings);
  const setOpen = useTaco((state) => state.setSettingsOpen);
  const [form, setForm] = useState<SettingsForm | null>(settings ? formFromSettings(settings) : null);
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<NumberField | null>(null);
  const [busy, setBusy] = useState<'saving' | 'undoing' | null>(null);
  const initialTab = useTaco((state) => state.settingsTab);
  const [page, setPage] = useState<string>(initialTab === 'general' ? 'connection' : initialTab);
  const dirty = useRef(false);
  const visit = useSettingsVisit();
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

  const save = async () => {
    if (busy || !settings || !form) return;
    const result = patchFromForm(settings, form);
    if (result.type === 'invalid') {
      setInvalidField(result.field);
      setError(result.message);
      // The refused field may be on another page: show that page.
      const owner = GENERAL_SECTIONS.find((section) => section.fields?.includes(result.field));
      if (owner) setPage(owner.id);
      return;
    }
    setBusy('saving');
    if (Object.keys(result.patch).length > 0) {
      const saved = await saveSettings(result.patch);
      if (!saved.ok) {
        setBusy(null);
        setError(describeRefusal(saved.message));
        if (result.patch.servers && /server/i.test(saved.message)) setPage('servers');
        return;
      }
    }
    const problems = await visit.commit();
    setBusy(null);
    if (problems.length === 0) close();
    else setError(problems.join(' '));
  };

  const cancel = async () => {
    if (busy) return;
    setBusy('undoing');
    const problems = await visit.rollback();
    setBusy(null);
    if (problems.length === 0) close();
    else setError(`Not everything could be undone: ${problems.join(' ')} Fix it on its page, or press Save to keep things as they are.`);
  };

  const footer = (
    <div className="dialog-actions settings-actions">
      {error && (
        <p id="settings-error" className="field-error settings-error" role="alert" data-testid="settings-error">
          {error}
        </p>
      )}
      <button type="button" className="button" data-testid="settings-cancel" onClick={() => void cancel()}>
        {busy === 'undoing' ? 'Undoing…' : 'Cancel'}
      </button>
      <button type="submit" className="button primary" data-testid="settings-save" aria-disabled={busy !== null}>
        {busy === 'saving' ? 'Saving…' : 'Save'}
      </button>
    </div>
  );

  // Every page is one form with the same footer (Enter in a field saves); a page holding forms of
  // its own (MCP servers) keeps the footer outside them and submits it by its form attribute.
  const page_ = (id: string, content: ReactNode, nestedForms = false) =>
    !settings || !form ? (
      <p className="muted">Settings could not be loaded. Close this and try again.</p>
    ) : nestedForms ? (
      <div className="settings-page" data-testid={`settings-page-${id}`}>
        {content}
        <form
          id={`settings-footer-${id}`}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          noValidate
        >
          {footer}
        </form>
      </div>
    ) : (
      <form
        className="settings-form"
        data-testid={`settings-page-${id}`}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        {content}
        {footer}
      </form>
    );

  const sectionProps: SectionProps | null = form ? { form, change, error, invalidField } : null;
  const tabs: TabDefinition[] = [
    ...GENERAL_SECTIONS.map((section) => ({
      value: section.id,
      label: section.label,
      testId: `settings-tab-${section.id}`,
      content: page_(section.id, sectionProps && section.render(sectionProps), section.outsideForm === true),
    })),
    { value: 'mcp', label: 'MCP servers', testId: 'settings-tab-mcp', content: page_('mcp', <McpServersSection />, true) },
    { value: 'local-api', label: 'Local API', testId: 'settings-tab-local-api', content: page_('local-api', <LocalApiSection />) },
  ];

  return (
    <SettingsSessionContext.Provider value={visit.session}>
      <Dialog title="Settings" testId="settings-dialog" onClose={() => void cancel()} size="wide" description={SAVE_MODEL}>
        <Tabs tabs={tabs} value={page} onValueChange={setPage} label="Settings pages" orientation="vertical" className="settings-pages" />
      </Dialog>
    </SettingsSessionContext.Provider>
  );
}

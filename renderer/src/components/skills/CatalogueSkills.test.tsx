import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applySettingsPatch, defaultSettings, type Settings } from '../../../../shared/settings/settings';
import type { SkillListing, SkillSummary } from '../../../../shared/skills/skills';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

const skill = (name: string, source: SkillSummary['source'], scripts: string[] = []): SkillSummary => ({
  name,
  description: `Helps with ${name}.`,
  source,
  folder: `/skills/${source}/${name}`,
  scripts,
  files: [{ path: 'SKILL.md', bytes: 300, script: false }, ...scripts.map((path) => ({ path, bytes: 2048, script: true }))],
});

async function openCatalogue(listing: SkillListing) {
  const user = userEvent.setup();
  const api = createFakeApi();
  let current = listing;
  api.handle('skills.list', () => current);
  const rendered = await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('catalogue-button'));
  const section = await screen.findByTestId('catalogue-skills');
  await waitFor(() => expect(api.callsOf('skills.list').length).toBeGreaterThan(0));
  return { ...rendered, user, section, setListing: (next: SkillListing) => (current = next) };
}

describe('the catalogue’s skills', () => {
  it('lists each skill with its source, description, files and scripts, and the refused folders with why', async () => {
    const { section } = await openCatalogue({
      skills: [skill('csv-report', 'workspace', ['scripts/run.py']), skill('notes-helper', 'other-agent')],
      problems: [{ folder: '/home/me/.claude/skills/broken', source: 'other-agent', reason: 'SKILL.md has no name.' }],
    });
    const cards = await within(section).findAllByTestId('skill-card');
    expect(cards.map((card) => [card.dataset.skill, within(card).getByTestId('skill-source').textContent])).toEqual([
      ['csv-report', 'workspace'],
      ['notes-helper', 'another agent'],
    ]);
    const csv = cards[0] as HTMLElement;
    expect(csv.textContent).toContain('Helps with csv-report.');
    expect(csv.textContent).toContain('1 script');
    expect(
      within(csv)
        .getAllByTestId('skill-file')
        .map((row) => [row.textContent, row.dataset.script]),
    ).toEqual([
      ['SKILL.md300 Bfile', 'false'],
      ['scripts/run.py2.0 KBscript', 'true'],
    ]);
    // Neither a workspace's nor another agent's skill is removed from here.
    expect(within(section).queryByTestId('skill-remove')).toBeNull();
    expect(within(section).getByTestId('skill-problem').textContent).toBe(
      '/home/me/.claude/skills/broken (another agent): SKILL.md has no name.',
    );
  });

  it('installs from a folder only after the preview listed every file, and Cancel adds nothing', async () => {
    const { user, section, api, setListing } = await openCatalogue({ skills: [], problems: [] });
    api.handle('skills.preview', () => ({
      ok: true,
      previewId: 'p-1',
      name: 'csv-report',
      description: 'Turns a CSV into a report.',
      files: [
        { path: 'scripts/run.py', bytes: 11, script: true },
        { path: 'SKILL.md', bytes: 120, script: false },
      ],
      totalBytes: 131,
      replaces: false,
    }));
    api.handle('skills.install', () => ({ name: 'csv-report', folder: '/data/skills/csv-report' }));
    api.handle('skills.cancelPreview', () => ({ cancelled: true }));

    await user.click(within(section).getByTestId('skill-add'));
    await user.type(screen.getByTestId('skill-param-skill-folder'), '/home/me/csv-report');
    await user.click(screen.getByTestId('skill-preview-button'));
    const preview = await screen.findByTestId('skill-preview');
    expect(api.callsOf('skills.preview')).toEqual([{ from: { kind: 'folder', path: '/home/me/csv-report' }, target: { scope: 'global' } }]);
    expect(
      within(preview)
        .getAllByTestId('skill-file')
        .map((row) => row.dataset.script),
    ).toEqual(['true', 'false']);
    expect(within(preview).getByTestId('skill-preview-summary').textContent).toMatch(/2 files, 131 B; 1 script/);
    expect(api.callsOf('skills.install')).toEqual([]);

    await user.click(within(preview).getByTestId('skill-preview-cancel'));
    expect(api.callsOf('skills.cancelPreview')).toEqual([{ previewId: 'p-1' }]);
    expect(screen.queryByTestId('skill-preview')).toBeNull();
    expect(api.callsOf('skills.install')).toEqual([]);

    await user.click(screen.getByTestId('skill-preview-button'));
    setListing({ skills: [skill('csv-report', 'global', ['scripts/run.py'])], problems: [] });
    await user.click(await screen.findByTestId('skill-install'));
    expect(api.callsOf('skills.install')).toEqual([{ previewId: 'p-1' }]);
    await waitFor(() =>
      expect(
        within(section)
          .getAllByTestId('skill-card')
          .map((card) => card.dataset.skill),
      ).toEqual(['csv-report']),
    );
    expect(screen.queryByTestId('skill-install-panel')).toBeNull();
  });

  it('shows main’s refusal of a preview, and sends a picked zip as its bytes', async () => {
    const { user, section, api } = await openCatalogue({ skills: [], problems: [] });
    api.handle('skills.preview', () => ({ ok: false, reason: 'The zip has an entry outside its folder.' }));
    await user.click(within(section).getByTestId('skill-add'));
    await user.click(screen.getByTestId('skill-from-zip'));
    await user.upload(
      screen.getByTestId('skill-zip-file'),
      new File([new Uint8Array([80, 75, 3, 4])], 'skill.zip', { type: 'application/zip' }),
    );
    expect((await screen.findByTestId('skill-preview-refused')).textContent).toBe('The zip has an entry outside its folder.');
    expect(api.callsOf('skills.preview')).toEqual([
      { from: { kind: 'zip-upload', name: 'skill.zip', base64: 'UEsDBA==' }, target: { scope: 'global' } },
    ]);
    expect(screen.queryByTestId('skill-install')).toBeNull();
  });

  it('removes a skill TACO installed only after confirming', async () => {
    const { user, section, api, setListing } = await openCatalogue({ skills: [skill('csv-report', 'global')], problems: [] });
    api.handle('skills.remove', () => ({ removed: true }));
    await user.click(await within(section).findByTestId('skill-remove'));
    const dialog = await screen.findByTestId('skill-remove-dialog');
    expect(dialog.textContent).toMatch(/Remove the skill “csv-report”\?/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsOf('skills.remove')).toEqual([]);

    await user.click(within(section).getByTestId('skill-remove'));
    setListing({ skills: [], problems: [] });
    await user.click(await screen.findByTestId('skill-remove-dialog-confirm'));
    expect(api.callsOf('skills.remove')).toEqual([{ folder: '/skills/global/csv-report' }]);
    await waitFor(() => expect(within(section).queryAllByTestId('skill-card')).toHaveLength(0));
  });
});

describe('Settings → Skills', () => {
  it('says what reading other agents’ skills does, and saves the switch', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    let saved: Settings = defaultSettings();
    api.handle('settings.get', () => saved);
    api.handle('settings.set', (patch) => (saved = applySettingsPatch(saved, patch)));
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await screen.findByTestId('settings-dialog');
    await user.click(screen.getByTestId('settings-tab-skills'));
    expect(screen.getByTestId('settings-read-other-agents-skills-hint').textContent).toMatch(/never changes or removes those folders/);
    const toggle = screen.getByTestId('settings-read-other-agents-skills');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/Use the skills other agents keep in ~\/\.claude\/skills and ~\/\.agents\/skills/)).toBeTruthy();
    await user.click(toggle);
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(api.callsOf('settings.set').at(-1)).toEqual({ readOtherAgentsSkills: true }));
  });
});

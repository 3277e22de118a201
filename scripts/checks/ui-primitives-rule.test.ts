import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSource, rendererSources, uiViolations } from './ui-primitives-rule';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Files still waiting to move onto the ui/ layer, each owned by a piece of work that will do it.
 * Whoever migrates a file deletes its entry; an entry whose file no longer breaks the rule fails
 * the test, so the list only shrinks.
 */
const NOT_YET_MIGRATED: Record<string, string> = {};

describe('the ui/ primitives rule', () => {
  const files = rendererSources(ROOT);

  it('reads the renderer (an empty tree would pass anything)', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('renderer/src/components/ui/Dialog.tsx');
  });

  it('keeps dialogs, menus, listboxes, portals, focus traps and selects inside renderer/src/components/ui/', () => {
    const violations = files
      .filter((file) => !(file in NOT_YET_MIGRATED))
      .flatMap((file) => uiViolations(file, readSource(ROOT, file)))
      .map((v) => `${v.file}:${v.line} uses ${v.rule}; use ${v.instead}`);
    expect(violations).toEqual([]);
  });

  it('lists only files that still break the rule (delete an entry once its file is migrated)', () => {
    const done = Object.keys(NOT_YET_MIGRATED).filter(
      (file) => !files.includes(file) || uiViolations(file, readSource(ROOT, file)).length === 0,
    );
    expect(done).toEqual([]);
  });

  describe('each rule catches what it is for (a test of the test)', () => {
    const cases: Array<[string, string]> = [
      ['<div role="dialog" aria-labelledby={id}>', 'role="dialog"'],
      ["<div role='alertdialog'>", 'role="alertdialog"'],
      ['<ul role="listbox">', 'role="listbox"'],
      ['<div className="menu" role="menu">', 'role="menu"'],
      ['return createPortal(<Overlay />, document.body);', 'createPortal('],
      ['<select value={theme}>', '<select'],
      ['<div aria-modal="true">', 'aria-modal'],
      ["const FOCUSABLE = 'button:not([disabled]), [href], input';", 'a hand-made focus trap (a list of focusable selectors)'],
      ["import * as Dialog from '@radix-ui/react-dialog';", 'a primitive imported directly'],
      ["import { Command } from 'cmdk';", 'a primitive imported directly'],
    ];
    for (const [line, rule] of cases) {
      it(`${rule}: ${line}`, () => {
        expect(uiViolations('renderer/src/components/chat/Example.tsx', line).map((v) => v.rule)).toEqual([rule]);
        expect(uiViolations('renderer/src/components/ui/Example.tsx', line)).toEqual([]);
      });
    }

    it('leaves ordinary markup alone', () => {
      expect(uiViolations('renderer/src/components/chat/Example.tsx', '<div role="status" aria-live="polite">')).toEqual([]);
      expect(uiViolations('renderer/src/components/chat/Example.tsx', '<div role="menubar">')).toEqual([]);
    });
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The house rule of the renderer: dialogs, popovers, menus, listboxes, portals, focus traps and
 * selects are built in ONE place, `renderer/src/components/ui/` (on Radix and cmdk). Anywhere else
 * they are hand-made copies that misbehave (focus lost, Esc ignored, drawn off-screen).
 */
export const UI_LAYER = 'renderer/src/components/ui/';

export interface UiRule {
  name: string;
  pattern: RegExp;
  instead: string;
}

export const UI_RULES: UiRule[] = [
  { name: 'role="dialog"', pattern: /role=["'{]+dialog\b/, instead: 'ui/Dialog' },
  { name: 'role="alertdialog"', pattern: /role=["'{]+alertdialog\b/, instead: 'ui/AlertDialog' },
  { name: 'role="listbox"', pattern: /role=["'{]+listbox\b/, instead: 'ui/Combobox or ui/CommandList' },
  { name: 'role="menu"', pattern: /role=["'{]+menu\b/, instead: 'ui/Menu' },
  { name: 'createPortal(', pattern: /\bcreatePortal\(/, instead: 'a ui/ component (they render in portals)' },
  { name: '<select', pattern: /<select\b/, instead: 'ui/Select' },
  { name: 'aria-modal', pattern: /aria-modal/, instead: 'ui/Dialog (a modal is a focus trap)' },
  {
    name: 'a hand-made focus trap (a list of focusable selectors)',
    pattern: /['"`][^'"`]*button:not\(\[disabled\]\)/,
    instead: 'ui/Dialog or ui/Popover (Radix focus scopes)',
  },
  {
    name: 'a primitive imported directly',
    pattern: /from ['"](@radix-ui\/[\w-]+|cmdk|focus-trap[\w-]*)['"]/,
    instead: 'the ui/ component wrapping it',
  },
];

export interface UiViolation {
  file: string;
  line: number;
  rule: string;
  instead: string;
}

/** Every rule broken by one file's text (files inside the ui/ layer break none). */
export function uiViolations(file: string, text: string): UiViolation[] {
  if (file.startsWith(UI_LAYER)) return [];
  return text
    .split('\n')
    .flatMap((line, index) =>
      UI_RULES.filter((rule) => rule.pattern.test(line)).map((rule) => ({ file, line: index + 1, rule: rule.name, instead: rule.instead })),
    );
}

/** The renderer's source files (tests excluded: they may render anything to check it), relative to root. */
export function rendererSources(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return walk(full);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path.relative(root, full).replaceAll('\\', '/')] : [];
    });
  return walk(path.join(root, 'renderer', 'src'));
}

export function readSource(root: string, file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}

/**
 * Every text/background (and control/background) pair the tokens define, checked in both themes by
 * `tokens.test.ts` against WCAG 2.x: 4.5:1 for text, 3:1 for large text and control boundaries
 * (1.4.3, 1.4.11). Add a pair here whenever a stylesheet puts a new colour role on a background.
 */
export interface ContrastPair {
  foreground: string;
  background: string;
  minimum: 4.5 | 3;
  where: string;
}

const TEXT = 4.5;
const CONTROL = 3;

const SURFACES = ['--bg', '--bg-raised', '--bg-sunken', '--bg-hover'] as const;

const onSurfaces = (foreground: string, where: string): ContrastPair[] =>
  SURFACES.map((background) => ({ foreground, background, minimum: TEXT, where }));

export const CONTRAST_PAIRS: ContrastPair[] = [
  ...onSurfaces('--text', 'body text'),
  ...onSurfaces('--text-muted', 'hints, timestamps, secondary labels'),
  ...onSurfaces('--accent-strong', 'links, accent labels'),
  ...onSurfaces('--danger', 'errors, danger buttons'),
  ...onSurfaces('--ok', 'success text'),
  ...onSurfaces('--warn', 'warnings'),
  ...onSurfaces('--info', 'information text'),
  { foreground: '--text', background: '--user-bubble', minimum: TEXT, where: 'the user message' },
  { foreground: '--text-muted', background: '--user-bubble', minimum: TEXT, where: 'user message meta' },
  { foreground: '--accent-text', background: '--accent', minimum: TEXT, where: 'primary buttons' },
  { foreground: '--accent-text', background: '--accent-hover', minimum: TEXT, where: 'primary buttons, hovered' },
  { foreground: '--accent-strong', background: '--accent-soft', minimum: TEXT, where: 'active tab, thinking badge, selection' },
  { foreground: '--text', background: '--accent-soft', minimum: TEXT, where: 'selected rows' },
  { foreground: '--ok', background: '--ok-soft', minimum: TEXT, where: 'read badge, vision badge, done state' },
  { foreground: '--warn', background: '--warn-soft', minimum: TEXT, where: 'write badge, waiting state, warnings' },
  { foreground: '--danger', background: '--danger-soft', minimum: TEXT, where: 'risk badges, error notices' },
  { foreground: '--info', background: '--info-soft', minimum: TEXT, where: 'tools badge, info notices' },
  { foreground: '--text', background: '--warn-soft', minimum: TEXT, where: 'approval card body' },
  { foreground: '--text', background: '--danger-soft', minimum: TEXT, where: 'error card body' },
  { foreground: '--text', background: '--info-soft', minimum: TEXT, where: 'info card body' },
  { foreground: '--tooltip-text', background: '--tooltip-bg', minimum: TEXT, where: 'tooltips, toasts' },
  { foreground: '--tooltip-accent', background: '--tooltip-bg', minimum: TEXT, where: 'the action of a toast' },
  { foreground: '--overlay-text', background: '--overlay-bg', minimum: TEXT, where: 'remove button on attachment thumbnails' },
  { foreground: '--hl-keyword', background: '--bg-sunken', minimum: TEXT, where: 'code: keywords' },
  { foreground: '--hl-string', background: '--bg-sunken', minimum: TEXT, where: 'code: strings' },
  { foreground: '--hl-number', background: '--bg-sunken', minimum: TEXT, where: 'code: numbers' },
  { foreground: '--hl-comment', background: '--bg-sunken', minimum: TEXT, where: 'code: comments' },
  { foreground: '--hl-title', background: '--bg-sunken', minimum: TEXT, where: 'code: function names' },
  { foreground: '--hl-type', background: '--bg-sunken', minimum: TEXT, where: 'code: types' },
  { foreground: '--hl-attr', background: '--bg-sunken', minimum: TEXT, where: 'code: attributes' },
  { foreground: '--hl-meta', background: '--bg-sunken', minimum: TEXT, where: 'code: meta' },
  { foreground: '--control-border', background: '--bg-raised', minimum: CONTROL, where: 'inputs and switches on a dialog' },
  { foreground: '--control-border', background: '--bg', minimum: CONTROL, where: 'inputs on the window' },
  { foreground: '--switch-off', background: '--bg-raised', minimum: CONTROL, where: 'a switch that is off' },
  { foreground: '--switch-thumb', background: '--switch-off', minimum: CONTROL, where: 'the knob of an off switch' },
  { foreground: '--switch-thumb', background: '--accent', minimum: CONTROL, where: 'the knob of an on switch' },
  { foreground: '--accent', background: '--bg-raised', minimum: CONTROL, where: 'an on switch, the spinner, checkboxes' },
  { foreground: '--focus', background: '--bg', minimum: CONTROL, where: 'focus ring on the window' },
  { foreground: '--focus', background: '--bg-raised', minimum: CONTROL, where: 'focus ring in a dialog' },
];

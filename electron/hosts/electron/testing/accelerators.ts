/**
 * Which accelerators and menu roles Electron understands, so the fake's Menu refuses what the real
 * one would ignore or reject. Accelerators: shell/browser/ui/accelerator_util.cc (StringToAccelerator
 * splits on "+", each token a modifier or a key) with the key names of shell/common/keyboard_util.cc;
 * a single character is a key too. Roles: lib/browser/api/menu-item.ts lower-cases the role and
 * looks it up in roleList (lib/browser/api/menu-item-roles.ts); an unknown role is silently a
 * plain item, which is why the fake refuses it.
 */
const KEY_NAMES = new Set(
  (
    'alt altgr backspace capslock cmd cmdorctrl command commandorcontrol control ctrl delete down end enter esc escape ' +
    'home insert left medianexttrack mediaplaypause mediaprevioustrack mediastop meta num0 num1 num2 num3 num4 num5 num6 ' +
    'num7 num8 num9 numadd numdec numdiv numlock nummult numsub option pagedown pageup plus printscreen return right ' +
    'scrolllock shift space super tab up volumedown volumemute volumeup'
  )
    .split(' ')
    .concat(Array.from({ length: 24 }, (_, index) => `f${index + 1}`)),
);

export const MENU_ROLES = new Set(
  (
    'about close copy cut delete forcereload front help hide hideothers minimize paste pasteandmatchstyle quit redo reload ' +
    'resetzoom selectall services recentdocuments clearrecentdocuments showsubstitutions togglesmartquotes ' +
    'togglesmartdashes toggletextreplacement startspeaking stopspeaking toggledevtools togglefullscreen undo unhide window ' +
    'zoom zoomin zoomout togglespellchecker appmenu filemenu editmenu viewmenu windowmenu sharemenu'
  ).split(' '),
);

export function isValidAccelerator(accelerator: string): boolean {
  const tokens = accelerator
    .split('+')
    .map((token) => token.trim())
    .filter(Boolean);
  return tokens.length > 0 && tokens.every((token) => [...token].length === 1 || KEY_NAMES.has(token.toLowerCase()));
}

interface TemplateItem {
  label?: string;
  role?: string;
  accelerator?: string;
  submenu?: TemplateItem[] | unknown;
}

/** Throws on an accelerator or role Electron would not honour, naming it. */
export function checkMenuTemplate(items: readonly TemplateItem[]): void {
  for (const item of items) {
    if (item.role !== undefined && !MENU_ROLES.has(item.role.toLowerCase())) throw new Error(`Unknown menu role: ${item.role}`);
    if (item.accelerator !== undefined && !isValidAccelerator(item.accelerator))
      throw new Error(`Invalid accelerator: ${item.accelerator}`);
    if (Array.isArray(item.submenu)) checkMenuTemplate(item.submenu as TemplateItem[]);
  }
}

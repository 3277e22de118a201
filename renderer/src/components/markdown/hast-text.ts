/** The text of a hast node and its descendants (what a code block shows, without markup). */
export function hastText(node: unknown): string {
  if (typeof node !== 'object' || node === null) return '';
  const candidate = node as { type?: unknown; value?: unknown; children?: unknown };
  if (candidate.type === 'text' && typeof candidate.value === 'string') return candidate.value;
  return Array.isArray(candidate.children) ? candidate.children.map(hastText).join('') : '';
}

/** The language of a code element from its `language-xxx` class, or null. */
export function codeLanguage(node: unknown): string | null {
  if (typeof node !== 'object' || node === null) return null;
  const properties = (node as { properties?: { className?: unknown } }).properties;
  const classes = Array.isArray(properties?.className) ? properties.className : [];
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) {
      const language = name.slice('language-'.length).trim();
      return language === '' ? null : language.slice(0, 40);
    }
  }
  return null;
}

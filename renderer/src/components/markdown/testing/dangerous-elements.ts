/**
 * The elements of `root` that could run script or navigate. Two kinds of markup look dangerous
 * but are ours and checked here instead: a mermaid diagram's view frame (`sandbox=""`, no address,
 * a document of nothing but its no-network policy and one data: SVG image, whose SVG must still
 * hold no script, handler or link), and the <svg> and <math> KaTeX draws (no handler, no link).
 * Pass a selector that leaves `iframe.md-diagram-view` out. Self-contained: e2e specs run it in the page.
 */
export function dangerousElements(root: Element, selector: string): string[] {
  /** An element named by its tag and attributes (read, never serialised as HTML). */
  const describe = (node: Element): string =>
    `<${node.tagName.toLowerCase()}${[...node.attributes].map((attribute) => ` ${attribute.name}="${attribute.value.slice(0, 80)}"`).join('')}>`;
  /** The first node in `element` (itself included) that could run or load something, as markup. */
  const riskyNode = (element: Element): string | null => {
    for (const node of [element, ...element.querySelectorAll('*')]) {
      if (['script', 'foreignobject', 'a', 'iframe', 'use', 'image'].includes(node.tagName.toLowerCase())) return describe(node);
      for (const attribute of node.attributes)
        if (/^on/i.test(attribute.name) || /href$|^src$/i.test(attribute.name) || /javascript:|url\(\s*['"]?(?!#)/i.test(attribute.value))
          return `${node.tagName} ${attribute.name}="${attribute.value.slice(0, 120)}"`;
    }
    return null;
  };
  const found: string[] = [];
  for (const element of root.querySelectorAll(selector)) {
    const tag = element.tagName.toLowerCase();
    const inKatex = element.closest('.katex') !== null;
    if (inKatex && (tag === 'svg' || tag === 'math' || element.closest('svg, math') !== null) && riskyNode(element) === null) continue;
    found.push(describe(element));
  }
  for (const view of root.querySelectorAll('iframe.md-diagram-view')) {
    if (view.getAttribute('sandbox') !== '' || view.hasAttribute('src')) {
      found.push(`diagram view not sandboxed without permissions: ${describe(view)}`);
      continue;
    }
    const inside = new DOMParser().parseFromString(view.getAttribute('srcdoc') ?? '', 'text/html');
    const extra = [...inside.querySelectorAll('*')].filter(
      (node) => !['html', 'head', 'meta', 'title', 'body', 'img'].includes(node.tagName.toLowerCase()),
    );
    const policy = inside.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
    const images = inside.querySelectorAll('img');
    if (extra.length > 0 || !policy.includes("default-src 'none'") || images.length !== 1) {
      found.push(`diagram view holds more than its image: ${extra.map(describe).join(' ')} ${policy}`);
      continue;
    }
    const source = images[0]?.getAttribute('src') ?? '';
    const prefix = 'data:image/svg+xml;charset=utf-8,';
    if (!source.startsWith(prefix)) {
      found.push(`diagram not a data: SVG: ${source.slice(0, 100)}`);
      continue;
    }
    // Text may say "javascript:" (a label, shown as text); markup may not.
    const parsed = new DOMParser().parseFromString(decodeURIComponent(source.slice(prefix.length)), 'image/svg+xml').documentElement;
    const risky = riskyNode(parsed);
    if (risky !== null) found.push(`diagram: ${risky}`);
  }
  return found;
}

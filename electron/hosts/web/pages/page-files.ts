/** A file a built index.html makes the page load before its script runs, as a request path. */
export interface PageAsset {
  path: string;
  kind: 'script' | 'stylesheet';
}

/**
 * What a built index.html loads at start: module scripts and modulepreloads (`script`), and
 * stylesheets, as request paths (`./assets/x.js` → `/assets/x.js`). Icons, prefetches and addresses
 * with a scheme (`data:`, `https:`) are not the host's to serve and are left out. The web host
 * waits for these to be sent; the bench's `bundle_kb_gz` weighs the scripts.
 */
export function pageAssets(html: string): PageAsset[] {
  const found = new Map<string, PageAsset['kind']>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attribute(tag, 'src');
    if (src) found.set(src, 'script');
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, 'href');
    if (href && rel.includes('modulepreload')) found.set(href, 'script');
    else if (href && rel.includes('stylesheet')) found.set(href, 'stylesheet');
  }
  return [...found]
    .filter(([path]) => !/^[a-z][a-z0-9+.-]*:/i.test(path))
    .map(([path, kind]) => ({ path: `/${path.replace(/^\.?\//, '')}`, kind }));
}

/** The request paths of every file the page loads at start (`pageAssets`). */
export function initialPageFiles(html: string): string[] {
  return pageAssets(html).map((asset) => asset.path);
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4] ?? null) : null;
}

export interface PageFilesWatch {
  /** A file was sent in full (its request path). */
  sent(pathname: string): void;
}

/**
 * Calls `afterPageFiles` once, when every one of `files` has been sent (at once when there are
 * none): the moment the page has what it needs and spends its time parsing and running it, so the
 * host's own work then no longer holds up a file the page waits for.
 */
export function watchPageFiles(files: readonly string[], afterPageFiles: () => void): PageFilesWatch {
  const waiting = new Set(files);
  let done = false;
  const check = (): void => {
    if (done || waiting.size > 0) return;
    done = true;
    afterPageFiles();
  };
  check();
  return {
    sent(pathname) {
      waiting.delete(pathname);
      check();
    },
  };
}

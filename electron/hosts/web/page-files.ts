/**
 * The files the app's page asks for before its script runs, read from the built index.html: module
 * scripts, modulepreloads and stylesheets, as request paths (`./assets/x.js` → `/assets/x.js`).
 * Addresses with a scheme (`data:`, `https:`) are not the host's to serve and are left out.
 */
export function initialPageFiles(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attribute(tag, 'src');
    if (src) found.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, 'href');
    if (href && (rel.includes('modulepreload') || rel.includes('stylesheet'))) found.add(href);
  }
  return [...found].filter((path) => !/^[a-z][a-z0-9+.-]*:/i.test(path)).map((path) => `/${path.replace(/^\.?\//, '')}`);
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

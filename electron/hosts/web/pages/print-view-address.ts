const PREFIX = '/print/';

/** The conversation id of a print view address (`/print/<id>`), or null when it is not one. */
export function printViewId(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  let id: string;
  try {
    id = decodeURIComponent(pathname.slice(PREFIX.length));
  } catch {
    return null;
  }
  return id.length > 0 && !id.includes('/') ? id : null;
}

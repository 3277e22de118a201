import { ToolFailure } from '../catalogue/tool-runtime-types';

/** Only these schemes may be fetched; everything else is refused before any request. */
export function parseHttpUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ToolFailure(`"${input}" is not a complete web address. Give one with its scheme, such as "https://example.com/page".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolFailure(
      `Only http:// and https:// addresses can be fetched; "${url.protocol}" addresses are refused. Use read_file for files in the workspace.`,
    );
  }
  return url;
}

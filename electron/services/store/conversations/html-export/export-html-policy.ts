/**
 * The exported page's policy, in a meta tag because the file is opened from disk: nothing loads
 * and nothing runs (no script, no remote image, no frame, no form), only the inline stylesheet.
 */
export const EXPORT_HTML_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

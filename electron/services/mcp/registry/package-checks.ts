/**
 * The checks a registry package passes before TACO builds a command from it: a name that is a
 * package name of its kind, a version that names one release (never "latest" or a range), the
 * package registry the runtime really downloads from, and arguments without shell metacharacters.
 * Each refusal says what was wrong, in words.
 */

/** Characters a shell or cmd.exe gives meaning to (Windows runs npx through cmd.exe), and `{}` templates. */
const SHELL_METACHARACTERS = /[;&|`$<>()\\"'*?!%^{}\r\n\t\0]/;

export function metacharacterIn(value: string): string | null {
  const found = SHELL_METACHARACTERS.exec(value);
  if (!found) return null;
  const shown = JSON.stringify(found[0]);
  return shown;
}

const NPM_NAME = /^(@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
/** semver 2.0: MAJOR.MINOR.PATCH with an optional pre-release and build. */
const NPM_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
/** PEP 440 public versions (epoch, release, pre, post, dev). */
const PYPI_VERSION = /^(?:\d+!)?\d+(?:\.\d+)*(?:(?:a|b|rc)\d+)?(?:\.post\d+)?(?:\.dev\d+)?$/;
/** An OCI reference: [registry/]namespace/image with a tag and/or a digest. */
const OCI_REFERENCE =
  /^[a-z0-9]+(?:[._-][a-z0-9]+)*(?::\d+)?(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9._-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/;

/** The registry each runtime downloads from: a package declared elsewhere would not be the one that runs. */
const DEFAULT_BASE: Record<'npm' | 'pypi', string[]> = {
  npm: ['https://registry.npmjs.org'],
  pypi: ['https://pypi.org'],
};

export type Check = { ok: true } | { ok: false; reason: string };
const ok: Check = { ok: true };

export function checkIdentifier(kind: 'npm' | 'pypi' | 'oci', identifier: string): Check {
  const pattern = kind === 'npm' ? NPM_NAME : kind === 'pypi' ? PYPI_NAME : OCI_REFERENCE;
  const max = kind === 'npm' ? 214 : 255;
  if (identifier.length <= max && pattern.test(identifier)) return ok;
  return { ok: false, reason: `"${identifier}" is not a valid ${KIND_WORDS[kind]} name, so it is not installed.` };
}

export function checkPinnedVersion(kind: 'npm' | 'pypi', version: string | undefined): Check {
  if (version === undefined || version === '' || version.toLowerCase() === 'latest')
    return {
      ok: false,
      reason: `the package version is not pinned (${version ? `"${version}"` : 'none given'}); TACO installs one exact version only.`,
    };
  const pattern = kind === 'npm' ? NPM_VERSION : PYPI_VERSION;
  if (pattern.test(version)) return ok;
  return { ok: false, reason: `the package version "${version}" is not one exact version (ranges and tags are refused).` };
}

export function checkBaseUrl(kind: 'npm' | 'pypi', base: string | undefined): Check {
  if (base === undefined) return ok;
  const normalised = base.replace(/\/+$/, '');
  if (DEFAULT_BASE[kind].includes(normalised)) return ok;
  return {
    ok: false,
    reason: `the package is declared on ${normalised}, but ${kind === 'npm' ? 'npx' : 'uvx'} downloads from ${DEFAULT_BASE[kind][0]}: the package that would run is not the one declared.`,
  };
}

/** An OCI image must name a tag or a digest, and the tag must not be "latest". */
export function checkOciPinned(reference: string): Check {
  const digest = reference.includes('@sha256:');
  const lastSegment = reference.split('/').pop() ?? '';
  const tag = lastSegment.includes(':') ? lastSegment.slice(lastSegment.indexOf(':') + 1).split('@')[0] : null;
  if (!digest && (tag === null || tag === ''))
    return { ok: false, reason: `the image "${reference}" names no tag or digest, so its version is not pinned.` };
  if (!digest && tag === 'latest')
    return { ok: false, reason: `the image "${reference}" uses the tag "latest", so its version is not pinned.` };
  return ok;
}

export const KIND_WORDS: Record<'npm' | 'pypi' | 'oci', string> = { npm: 'npm package', pypi: 'PyPI package', oci: 'OCI image' };

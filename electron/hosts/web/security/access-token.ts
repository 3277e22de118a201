import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random token for the page's URL (24 random bytes, URL-safe). */
export function createAccessToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Constant-time comparison (both sides hashed first, so lengths never leak through timing). */
export function tokensMatch(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(given, 'utf8').digest();
  return timingSafeEqual(a, b);
}

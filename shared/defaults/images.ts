/** Images attached in the composer (renderer/src/components/composer). */
export const IMAGES_DEFAULTS = {
  maxImages: 4,
  maxTotalBase64Chars: 900_000,
  /** Each image is re-encoded until it fits this share of the total (base64 characters). */
  targetBase64Chars: 225_000,
  /** Longest side after downscaling; vision models see far less than this anyway. */
  maxEdgePx: 1568,
  /** Files larger than this are refused before reading them. */
  maxInputBytes: 25 * 1024 * 1024,
  /** JPEG quality when a photo must be re-encoded. */
  jpegQuality: 0.85,
} as const;

import { z } from 'zod';
import { DEFAULTS } from '../constants';

/**
 * Settings → Local API: TACO's OpenAI-compatible API for other apps, off by default. The key is
 * generated in main and shown once (`localApi.rotateKey`); only its SHA-256 is stored.
 */
export const localApiConfigSchema = z
  .object({
    enabled: z.boolean(),
    /** 0: any free port (the address is shown once it listens). */
    port: z
      .number()
      .int()
      .refine((port) => port === 0 || (port >= 1024 && port <= 65_535), 'must be 0 (any free port) or 1024–65535'),
    /** SHA-256 (hex) of the key; null until one is generated. */
    keyHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    /**
     * API clients may answer approvals (and so run risky tools with no one at the window). Absent
     * in files written before it existed: the default, off.
     */
    allowApprovals: z.boolean().default(DEFAULTS.gateway.allowApiApprovals),
  })
  .strict();

export type LocalApiConfig = z.infer<typeof localApiConfigSchema>;

export const localApiChangeSchema = z
  .object({ enabled: z.boolean().optional(), port: localApiConfigSchema.shape.port.optional(), allowApprovals: z.boolean().optional() })
  .strict();

/** What Settings shows: the config without the hash, and whether the API listens. */
export type LocalApiStatus =
  /** A host without the API (the web host, the CLI): why, and the command that serves it on its own. */
  | { type: 'unavailable'; message: string; command: string }
  | {
      type: 'ready';
      enabled: boolean;
      port: number;
      hasKey: boolean;
      /** API clients may answer approvals; off, they wait for the window. */
      allowApprovals: boolean;
      /** http://127.0.0.1:PORT/v1 while it listens, else null. */
      url: string | null;
      /** Why it does not listen although enabled (no key yet, the port is taken). */
      problem: string | null;
    };

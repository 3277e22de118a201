import { z } from 'zod';
import { DEFAULTS } from '../../../../shared/constants';
import { registryServerNameSchema } from '../../../../shared/mcp/mcp-registry';

/**
 * The registry's answers, validated field by field and capped: a registry is untrusted input.
 *
 * Shapes follow the official MCP registry's API description, modelcontextprotocol/registry
 * `docs/reference/api/openapi.yaml` at commit dd37eb6332be8489687ef7bba48b06cfe4182a9e
 * (ServerList, ServerResponse, ServerDetail, Package, Argument, KeyValueInput, the transports,
 * `_meta` `io.modelcontextprotocol.registry/official`), and `docs/reference/server-json/server.schema.json`
 * at 7c0bbf25bcdf794c4622afbf1b72b99d0281ca6b. Caps beyond the schema's own (description 100,
 * title 100, name 200, version 255) are TACO's: a field longer than its cap makes the entry invalid
 * (it is skipped and counted), never cut and shown as if whole. Unknown fields are dropped.
 */

const text = (max: number) => z.string().max(max);
const url = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return parsed.protocol === 'https:' || parsed.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be an http(s) address');

const inputFields = {
  description: text(1000).optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  format: text(20).optional(),
  value: text(2000).optional(),
  default: text(2000).optional(),
  placeholder: text(500).optional(),
  choices: z.array(text(200)).max(50).optional(),
  /** `{curly}` variables: TACO does not fill them in, so a value that uses them is refused by the plan. */
  variables: z.record(text(100), z.unknown()).optional(),
};

export const keyValueInputSchema = z.object({ ...inputFields, name: text(200).min(1) });
export type KeyValueInput = z.infer<typeof keyValueInputSchema>;

export const argumentSchema = z.discriminatedUnion('type', [
  z.object({ ...inputFields, type: z.literal('positional'), valueHint: text(200).optional(), isRepeated: z.boolean().optional() }),
  z.object({ ...inputFields, type: z.literal('named'), name: text(200).min(1), isRepeated: z.boolean().optional() }),
]);
export type RegistryArgument = z.infer<typeof argumentSchema>;

const headers = z.array(keyValueInputSchema).max(50).optional();
const transportSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stdio') }),
  z.object({ type: z.literal('streamable-http'), url: text(2048), headers }),
  z.object({ type: z.literal('sse'), url: text(2048), headers }),
]);

export const packageSchema = z.object({
  registryType: text(20).min(1),
  registryBaseUrl: url.optional(),
  identifier: text(500).min(1),
  version: text(255).optional(),
  fileSha256: text(64).optional(),
  runtimeHint: text(50).optional(),
  transport: transportSchema,
  runtimeArguments: z.array(argumentSchema).max(50).optional(),
  packageArguments: z.array(argumentSchema).max(50).optional(),
  environmentVariables: z.array(keyValueInputSchema).max(50).optional(),
});
export type RegistryPackage = z.infer<typeof packageSchema>;

export const remoteSchema = z.object({
  type: z.enum(['streamable-http', 'sse']),
  url: text(2048),
  headers,
});
export type RegistryRemote = z.infer<typeof remoteSchema>;

export const serverDetailSchema = z.object({
  name: registryServerNameSchema,
  description: text(300),
  title: text(100).optional(),
  version: text(255).min(1),
  websiteUrl: url.optional(),
  repository: z.object({ url: url, source: text(50).optional() }).optional(),
  packages: z.array(packageSchema).max(20).optional(),
  remotes: z.array(remoteSchema).max(10).optional(),
});
export type ServerDetail = z.infer<typeof serverDetailSchema>;

const OFFICIAL = 'io.modelcontextprotocol.registry/official';

export const serverResponseSchema = z.object({
  server: serverDetailSchema,
  _meta: z
    .object({
      [OFFICIAL]: z
        .object({
          status: z.enum(['active', 'deprecated', 'deleted']).optional(),
          publishedAt: text(64).optional(),
          updatedAt: text(64).optional(),
          isLatest: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type ServerResponse = z.infer<typeof serverResponseSchema>;

/** The page envelope; its entries are checked one by one (one bad entry does not hide the others). */
export const serverListSchema = z.object({
  servers: z.array(z.unknown()).max(DEFAULTS.mcp.registry.maxPageEntries),
  metadata: z
    .object({
      nextCursor: text(1000).nullable().optional(),
      count: z.number().int().nonnegative().optional(),
    })
    .optional(),
});

export function officialMeta(entry: ServerResponse): NonNullable<NonNullable<ServerResponse['_meta']>[typeof OFFICIAL]> | null {
  return entry._meta?.[OFFICIAL] ?? null;
}

import { z } from 'zod';
import { mcpServerNameSchema } from './mcp';

/**
 * Installing MCP servers from an MCP registry (the official one by default): what main answers
 * about the registry's servers and what an install will run. Everything here was built by main
 * from the registry's validated, length-capped answer (electron/services/mcp/registry/); the
 * renderer shows it as plain text.
 */

/** How a registry server would run here. */
export type RegistryTransport = 'npm' | 'pypi' | 'oci' | 'remote' | 'other';

/** One server as the Browse list shows it (the latest version the registry answered). */
export interface RegistryServerSummary {
  /** The registry's name, reverse-DNS: "io.github.user/weather". */
  name: string;
  title: string | null;
  description: string;
  /** The namespace before "/" (the registry checked the publisher owns it). */
  publisher: string;
  version: string;
  transports: RegistryTransport[];
  /** The official registry's own metadata was present (`io.modelcontextprotocol.registry/official`). */
  official: boolean;
  status: 'active' | 'deprecated' | 'deleted';
  websiteUrl: string | null;
  repositoryUrl: string | null;
}

export interface RegistrySearchResult {
  servers: RegistryServerSummary[];
  /** Pass back to get the next page; null: no more. */
  nextCursor: string | null;
  /** Entries of this page the registry sent that were not valid (not shown). */
  skipped: number;
}

/** A value the user gives at install: a declared environment variable, header or argument. */
export interface RegistryInput {
  /** Env: the variable's name; header: its name; argument: the flag or the value hint. */
  name: string;
  kind: 'env' | 'header' | 'argument';
  description: string;
  required: boolean;
  secret: boolean;
  /** Shown in the field; never sent unless the user keeps it. */
  defaultValue: string | null;
  choices: string[];
}

/** What an install runs, exactly as main will write it to mcp.json. */
export type RegistryLaunch =
  | {
      type: 'command';
      command: string;
      args: string[];
      /** Set by TACO, not by the registry: the runtime's package cache inside the server's own folder. */
      env: Record<string, string>;
      /**
       * Null for a Docker image: Docker's daemon runs the container, so TACO's sandbox cannot hold it.
       * `network`: the only hosts it may reach (its package registry, the entry's remotes), sorted.
       */
      sandbox: { write: string[]; network: string[] } | null;
    }
  | { type: 'url'; url: string; sse: boolean };

export interface RegistryInstallPlan {
  /** The registry's server name and the version that is pinned. */
  server: string;
  version: string;
  /** npm / PyPI / OCI package identifier (null for a remote server). */
  packageIdentifier: string | null;
  packageVersion: string | null;
  transport: RegistryTransport;
  launch: RegistryLaunch;
  /** Values the user fills in; env and header values are stored like a server's env and headers today. */
  inputs: RegistryInput[];
  /** The name the server gets in TACO (mcp__<name>__<tool>). */
  localName: string;
  /** Why other packages or remotes of the entry are not used (for example an OCI image without Docker). */
  notes: string[];
}

/** A plan, or why nothing of the entry can be installed, in words. */
export type RegistryPlanResult = { type: 'plan'; plan: RegistryInstallPlan } | { type: 'refused'; reason: string };

/** A registry-installed server with a newer version, and what its declared command changes. */
export interface RegistryUpdate {
  /** The server's name in TACO. */
  localName: string;
  server: string;
  installed: string;
  latest: string;
  /** In words: "args: … → …", "new environment variable API_KEY"; empty when only the version moves. */
  changes: string[];
  /** Null when the new version cannot be installed here (then `refused` says why). */
  plan: RegistryInstallPlan | null;
  refused: string | null;
}

/** The registry's server name (reverse-DNS, one "/"), as the official schema's pattern allows. */
export const registryServerNameSchema = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'must be a registry server name such as io.github.user/weather');
export const registryVersionSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, 'must be an exact version such as 1.2.3');

export const registryInstallRequestSchema = z
  .object({
    server: registryServerNameSchema,
    version: registryVersionSchema,
    localName: mcpServerNameSchema,
    /** The launch the user was shown: main refuses when the registry's entry no longer builds exactly this. */
    expected: z
      .object({
        packageIdentifier: z.string().max(500).nullable(),
        command: z.string().max(4096).nullable(),
        args: z.array(z.string().max(8192)).max(200),
        url: z.string().max(2048).nullable(),
        /** The hosts the sandbox lets it reach, as shown (null: no TACO sandbox, a Docker image or a remote). */
        network: z.array(z.string().max(300)).max(100).nullable(),
        /** Every value the user was shown to fill in, with the preset the field showed: nothing unseen is written. */
        inputs: z
          .array(
            z
              .object({
                kind: z.enum(['env', 'header', 'argument']),
                name: z.string().min(1).max(200),
                defaultValue: z.string().max(8192).nullable(),
              })
              .strict(),
          )
          .max(100),
      })
      .strict(),
    /** Values by input name and kind; secret ones may be the mask on an update (the stored value is kept). */
    values: z
      .array(
        z.object({ kind: z.enum(['env', 'header', 'argument']), name: z.string().min(1).max(200), value: z.string().max(8192) }).strict(),
      )
      .max(100),
    /** Replace the server of that name (an update); otherwise the name must be new. */
    replace: z.boolean(),
  })
  .strict();
export type RegistryInstallRequest = z.infer<typeof registryInstallRequestSchema>;

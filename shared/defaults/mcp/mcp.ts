/** MCP servers as tool sources (electron/services/mcp). */
export const MCP_DEFAULTS = {
  /** The file in the data folder that lists the servers. */
  configFileName: 'mcp.json',
  /** The folder in the data folder that holds OAuth tokens, one 0600 file per server (the token store). */
  authFolderName: 'mcp-auth',
  /** How long Sign in waits for the browser to come back to the loopback redirect. */
  authorizationTimeoutMs: 5 * 60_000,
  /** One tool call gives up after this long unless the server's `timeoutMs` says otherwise. */
  callTimeoutMs: 60_000,
  /** A server that has not answered `initialize` (and tools/list) by then has failed. */
  initializeTimeoutMs: 30_000,
  /** A crashed server is started again after this long, doubling per crash in a row... */
  restartInitialDelayMs: 1000,
  /** ...up to this long. */
  restartMaxDelayMs: 30_000,
  /** A server that stayed ready this long is healthy again: its next crash restarts after the initial delay. */
  restartResetAfterMs: 60_000,
  /** Lines of a server's stderr kept to show when it fails. */
  stderrTailLines: 20,
  /** Characters of one stderr line kept. */
  stderrLineMaxChars: 400,
  /** After SIGTERM to a server's process group, SIGKILL follows this long later. */
  killGraceMs: 2000,
  /** The CLI waits at most this long for --mcp-config servers before the run starts anyway. */
  cliReadyTimeoutMs: 30_000,
  /** Tool names offered to the model are at most this long (OpenAI's and many templates' limit). */
  maxToolNameChars: 64,
  /** Server names are at most this long, so a tool keeps a readable share of the 64 characters. */
  maxServerNameChars: 32,
  /** Servers in one configuration. */
  maxServers: 50,
  /** The login shell asked for the user's PATH (macOS/Linux) must answer within this long. */
  loginShellTimeoutMs: 3000,
  /** Embedded resource text shown to the model is cut at this many characters (the output cap applies after). */
  resourceTextMaxChars: 4000,
  /** tools/list: at most this many pages and this many tools, all within one initializeTimeoutMs (a server that always sends nextCursor fails). */
  maxToolPages: 20,
  maxTools: 500,
  /** One JSON-RPC message (a stdio line) or one HTTP response body at most (bytes); a server that sends more is cut off. */
  maxMessageBytes: 8 * 1024 * 1024,
  /** Images one tool result may carry, and the largest one (decoded bytes); the rest are described, not kept. */
  maxImagesPerResult: 4,
  maxImageBytes: 2 * 1024 * 1024,
  /** resources/read for the composer or an opened resource link: characters kept (the rest is cut, and said so). */
  resourceReadMaxChars: 100_000,
  /** resources/list: at most this many per server (pages beyond are not read). */
  maxListedResources: 500,
  /** Resources one message may carry as attachments (composer chips). */
  maxAttachedResources: 4,
  /** Installing from an MCP registry (Settings → MCP servers → Browse; electron/services/mcp/registry/). */
  registry: {
    /** The official registry (github.com/modelcontextprotocol/registry); the setting `mcpRegistryUrl` names another. */
    defaultUrl: 'https://registry.modelcontextprotocol.io',
    /** Servers asked for per page (the API's `limit`). */
    pageSize: 30,
    /** A page with more entries than this is refused as garbage. */
    maxPageEntries: 100,
    /** A registry answer larger than this (bytes) is refused. */
    maxResponseBytes: 2 * 1024 * 1024,
    /** The registry must answer within this long. */
    timeoutMs: 15_000,
    /**
     * Registry-installed command servers run sandboxed, writing only where the runtime caches
     * packages, and reach only these hosts (through the sandbox's proxy): where `npx -y pkg@x.y.z`
     * or `uvx pkg==x.y.z` downloads the package at first start (the only registries package-checks.ts
     * lets a package be declared on). The hosts of the entry's own remotes are added
     * (install-plan.ts): the service the publisher declares. The install card lists them all;
     * the user can name more in Settings → MCP.
     */
    packageHosts: {
      npm: ['registry.npmjs.org'],
      pypi: ['pypi.org', 'files.pythonhosted.org'],
    },
    /**
     * Set in a PyPI server's env besides its caches: uvx runs it on a Python already on this
     * computer and never downloads one. Left to itself, uv fetches a standalone Python from GitHub
     * when none installed fits the package; that host is not in the list above (GitHub takes
     * uploads: it would be a way out for every PyPI server), and the download would land in the
     * sandbox's throwaway HOME and repeat at every start. With `never`, a package that needs a
     * newer Python fails to start with uv's own words ("No interpreter found…"), shown on the
     * server's row.
     */
    pypiEnv: { UV_PYTHON_DOWNLOADS: 'never' },
    /**
     * Under HOME: each registry-installed command server's own package cache
     * (`<this>/<name in TACO>`, npm_config_cache / UV_CACHE_DIR / PIP_CACHE_DIR), the one folder
     * its sandbox may write. Never `~/.npm` or `~/.cache/uv`, which an unsandboxed npx or uvx runs from.
     */
    serverCachesFolder: '.cache/taco-mcp-servers',
  },
} as const;

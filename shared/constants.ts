/**
 * Every behaviour-altering default lives here. Settings start from these values; the CLI's flags
 * and the settings screen override them. Nothing else in the tree hard-codes a limit.
 */
export const DEFAULTS = {
  // ── The run: what the user can change in Settings or with CLI flags ─────────────────────────────────

  /** Where Ollama listens when neither a setting, a flag nor OLLAMA_HOST says otherwise. */
  ollamaHost: 'http://127.0.0.1:11434',
  /** Upper bound on `options.num_ctx`: the model's own context length is used when smaller. */
  maxContextTokens: 8192,
  /** num_ctx when /api/show does not report a context length. */
  fallbackContextTokens: 4096,
  /**
   * Tool rounds before the loop asks the model for a summary and stops. The design documents
   * disagree: sequential-tool-calling says 10, tool-execution-loop 12. 10, deliberately (see
   * ARCHITECTURE.md, "Deliberate differences from the design documents").
   */
  maxIterations: 10,
  /**
   * Tool errors in a row that stop the run (sequential-tool-calling says 3). An unknown tool is one
   * of these errors, fed back with the closest names, not the immediate stop that document lists.
   */
  maxConsecutiveErrors: 3,
  /**
   * Whole-run budget: sequential-tool-calling says 2 minutes, agent-mode suggests 5. 2 minutes,
   * deliberately (see ARCHITECTURE.md, "Deliberate differences from the design documents").
   */
  runTimeoutMs: 120_000,
  /** Same call repeated this many times in a row stops the run (2nd is refused, 3rd stops). */
  repeatedCallStopAt: 3,
  /** Failed parses of the prompt-based JSON format in a row that stop the run. */
  maxConsecutiveParseFailures: 3,
  /** Tool stack depth at which the run pauses and asks Continue or Cancel (the design documents say 20). */
  depthLimit: 20,
  /** Levels granted by each Continue at the depth prompt (the design documents say 20). */
  depthLimitStep: 20,
  /** Characters of tool output per user turn, shared by all tools (the design documents say 6000). */
  toolOutputBudgetChars: 6000,
  /** Per-tool cap before the shared budget applies (list_directory 5000, delegate_task 5000: its result carries the helper's documents; load_skill 5000: a skill's instructions; others 2000). */
  toolOutputLimitChars: { default: 2000, list_directory: 5000, delegate_task: 5000, load_skill: 5000 } as Readonly<Record<string, number>>,
  /** Context length at or above which the tool output budget scales up. */
  largeContextTokens: 32_768,
  /** Side request that turns a tool call into a sentence (2 s, ≤ 10 words, 20 tokens). */
  statusSentenceBudgetMs: 2000,
  statusSentenceMaxTokens: 20,
  statusSentenceMaxWords: 10,
  /** An approval nobody answers within this time is a denial. */
  approvalTimeoutMs: 5 * 60_000,
  /**
   * Tools offered per model request when more are enabled (the rest are ranked out); 0 offers all.
   * Small models choose badly past a few dozen tools.
   */
  toolBudget: 16,
  /** Ollama embedding model used to rank tools ('' ranks by keywords, BM25). */
  embeddingModel: '',

  // ── Main process: the agent loop, orchestration, tools, model provider and admin ────────────────────

  /** The agent loop (electron/services/agent). */
  agent: {
    /**
     * The prompt-based tool format asks the server for a JSON reply that is one offered call or
     * {"answer"} (Ollama `format`, OpenAI `response_format`): malformed calls cannot happen. A
     * server that ignores it is noticed and the run goes on without it.
     */
    constrainedPromptFormat: true,
    /** Rough size of a token when estimating what fits num_ctx (small contexts, ~4 chars). */
    charsPerToken: 4,
    /**
     * Where the server counts a request's tokens (llama.cpp), its characters per token replace the
     * rough figure for that step, kept within this range against a count that makes no sense.
     */
    measuredCharsPerTokenRange: [1, 8] as readonly [number, number],
    /** Share of num_ctx kept free for the model's reply when fitting history. */
    replyReserveRatio: 0.25,
    /**
     * Once earlier turns must go to fit num_ctx, the history is cut only at fixed points this share
     * of the budget apart (counted from the conversation's start), so the cut stays where it is for
     * several turns and the server keeps reusing its cached prompt: cutting one turn at a time moved
     * the start of the prompt at every turn, and each such turn was evaluated again in full.
     */
    historyCutBlockRatio: 0.25,
    /** Tool output budget multiplier for models whose context is >= DEFAULTS.largeContextTokens. */
    largeContextBudgetFactor: 2,
    /** Even with the per-turn budget used up, a tool result keeps at least this many characters. */
    minToolOutputChars: 400,
    /** Cap on an error text before it enters history (errors do not use the shared budget). */
    toolErrorLimitChars: 1000,
    /**
     * contextTruncated: only when our estimate of the prompt exceeds num_ctx AND Ollama evaluated
     * fewer than this share of it. Prompt caching alone can never trigger it (see usage-report.ts).
     */
    truncatedPromptRatio: 0.5,
    /** Final answers longer than this are never read as "the model gave up" (see give-up-detector.ts). */
    giveUpMaxChars: 500,
    /** Characters of a tool description shown per line in "unknown tool" errors. */
    toolSummaryMaxChars: 100,
    /**
     * Steps per loop a server may spoil (an unreadable tool call, an empty reply with eval_count > 0)
     * that are sent back to the model with what went wrong; the next one stops the run.
     */
    maxServerRepairs: 1,
  },

  /** Which tools a model request carries when there are more than toolBudget (electron/services/agent/tool-selection). */
  toolSelection: {
    /**
     * Always offered, whatever the ranking: the orchestration tools (tools/user, tools/thinking,
     * tools/agents) and find_tools, which brings any other tool into reach.
     */
    coreTools: ['ask_user', 'stop_and_think', 'plan_next_steps', 'delegate_task', 'handoff', 'find_tools'] as readonly string[],
    /**
     * Characters of a tool's usage instructions added to its offered description (whole sentences
     * only). Measured over the 19 built-ins: 5,652 characters uncapped, 4,833 at 300 (about 1,200
     * tokens if all were offered; the tool budget offers at most 16).
     */
    usageInDescriptionChars: 300,
    /**
     * The usage instructions go out only while all offered definitions with them fit in this share
     * of num_ctx; past it (a small context) the plain definitions go, so the history is not cut for them.
     */
    usageMaxContextShare: 0.4,
    /** The ranking query: the goal plus this many of the latest messages of the loop. */
    queryRecentMessages: 3,
    /** Characters of each of those messages that enter the query. */
    queryMessageChars: 400,
    /** BM25 field boosts: a word of the tool's name weighs more than one of its description. */
    nameBoost: 3,
    descriptionBoost: 1.5,
    parameterBoost: 1,
    /** A query word's synonym (search-terms.ts) weighs this much of the word itself. */
    synonymWeight: 0.7,
    /**
     * Each pair of neighbouring query words the tool's name or description has side by side adds
     * this share of the best score (chosen on the training half of the labelled requests).
     */
    wordPairBonus: 0.5,
    /** Lexical fuzziness (share of a term's length that may differ); prefix matching is on. */
    fuzzy: 0.15,
    /**
     * A new turn keeps the tools the conversation's previous run offered (first, in their order:
     * the server's prompt cache then holds) unless the tools it adds would take the list past the
     * budget by more than this; then the list is selected afresh.
     */
    stickyExtraTools: 8,
    /** A new turn adds this many of its best ranked tools to the list it keeps (the rest of the budget is not refilled). */
    newTurnRankedTools: 3,
    /** find_tools returns at most this many tools. */
    findToolsMaxResults: 8,
    /** Characters of a tool's description in find_tools' answer. */
    findToolsDescriptionChars: 160,
    /** Embedding requests give up after this long; ranking falls back to keywords. */
    embedTimeoutMs: 15_000,
    /** Tool texts per /api/embed request. */
    embedBatchSize: 64,
    /** Vectors kept in memory (model + text hash); the oldest go first. */
    embedCacheMaxEntries: 5000,
  },

  /**
   * The prompt filled the window: prompt_eval_count >= num_ctx minus this many tokens means Ollama
   * most likely dropped the start of the prompt (tool definitions included).
   */
  truncationMarginTokens: 16,
  /**
   * Ollama's default num_keep (api/types.go DefaultOptions): the tokens its runner keeps at the
   * start when it cuts an over-long prompt; one more when the tokenizer adds BOS.
   */
  ollamaNumKeep: 4,

  /** How the agent loop shares the event loop (electron/services/agent). */
  agentPerf: {
    /** The system prompt's grouped tool names are kept for this many tool sets (tool-groups.ts). */
    toolNameSetsRemembered: 16,
    /** The loop yields to the event loop this often while a fast stream runs (half a batch interval). */
    streamYieldSliceMs: 8,
    /**
     * A status sentence is asked for only once a tool has run this long: a faster tool is done
     * before any sentence could be shown, and the side request would only hold up the model.
     */
    statusSentenceDelayMs: 100,
    /**
     * The streamed model request (Ollama's /api/chat, every round) goes straight over node:http with
     * kept-alive sockets, read as bytes, instead of through ollama-js over Node's fetch, which costs
     * main two to three times the CPU per request (provider/ollama/chat-over-node-http.ts,
     * provider/node-http-request.ts; bench/peer/peer-breakdown.ts). False: ollama-js over fetch.
     */
    streamOverNodeHttp: true,
    /**
     * Side requests (titles, status sentences, the context-switch check: Ollama's non-streamed
     * /api/chat) go over node:http the same way (provider/ollama/chat-over-node-http.ts): one per new
     * conversation after its run, often while other conversations stream. False: ollama-js over fetch.
     */
    sideRequestsOverNodeHttp: true,
  },

  /** Tool stack, approvals, commands, context switch (electron/services/orchestration). */
  orchestration: {
    /** The original request is cut to this many characters in the tool-context block of the system prompt. */
    contextPromptRequestMaxChars: 300,
    /** How many answered/expired approval ids are remembered, to tell a replay from a forgery. */
    resolvedApprovalMemory: 1000,
    /** Tokens the context-switch side request may answer with (one word is enough). */
    contextSwitchMaxTokens: 8,
    /** Close matches offered when `/tool <name>` names no tool. */
    toolSuggestionCount: 3,
  },

  /**
   * Every diff the app shows (write_file's approval card, confirming an undo, comparing two
   * versions) is one bounded diff: `tools/files/bounded-diff.ts`. It runs on main's thread and
   * Myers is O(N·D), so it gives up past `maxEditLines` changed lines or `timeoutMs`, and never
   * diffs a side larger than `maxInputBytes`; a size summary stands in for it. The shown patch is
   * cut at `maxChars` (some 500 lines) anyway, so more changed lines than `maxEditLines` would not
   * be readable; at 2,000 lines and 250 ms the worst case held main for the whole 250 ms.
   */
  diff: {
    maxEditLines: 1_000,
    timeoutMs: 100,
    /** A content larger than this (either side) is summarised by size, never read into a diff. */
    maxInputBytes: 256 * 1024,
    /** The unified diff is cut at this many characters. */
    maxChars: 20_000,
  },

  /** Limits of the built-in tools (tools/). */
  tools: {
    /** read_file reads at most this many bytes of a file; the rest is reported as truncated. */
    readFileMaxBytes: 256 * 1024,
    /** list_directory lists at most this many entries. */
    listDirectoryMaxEntries: 500,
    /** search_files stops after this many matches. */
    searchMaxResults: 50,
    /** search_files looks at most at this many files per call. */
    searchMaxFiles: 5000,
    /** search_files refuses longer patterns (the wildcard matcher is linear, but patterns stay short). */
    searchMaxPatternChars: 200,
    /** search_files skips the content of files larger than this. */
    searchMaxFileBytes: 512 * 1024,
    /** run_command stops a command (and its children) after this long. */
    commandTimeoutMs: 30_000,
    /** run_command keeps at most this many characters of stdout and of stderr (head and tail). */
    commandMaxOutputChars: 20_000,
    /** fetch_url gives up after this long. */
    fetchTimeoutMs: 15_000,
    /** fetch_url follows at most this many redirects, checking the target of each one. */
    fetchMaxRedirects: 5,
    /** fetch_url reads at most this many bytes of a response body. */
    fetchMaxBytes: 1024 * 1024,
    /** fetch_url returns at most this many characters of extracted text. */
    fetchMaxTextChars: 50_000,
    /** calculate refuses longer expressions. */
    calculateMaxExpressionChars: 1000,
    /** calculate stops an expression (running in a worker thread) after this long. */
    calculateTimeoutMs: 5000,
    /** calculate's worker thread heap; an expression needing more is stopped. */
    calculateMaxMemoryMb: 64,
    /** calculate cuts longer results (a big matrix). */
    calculateMaxResultChars: 4000,
    /** recall_memory returns this many notes when the model does not say. */
    recallDefaultLimit: 5,
    /** collect_tool_parameters asks for at most this many parameters per call. */
    collectMaxParameters: 10,
  },

  /**
   * The OS sandbox of run_command and of stdio MCP servers (electron/sandbox/): what stays hidden
   * and where the sandbox program is looked for. Every path under HOME is relative to it.
   */
  sandbox: {
    /**
     * Environment variables a command (run_command, sandboxed or not) never inherits from TACO:
     * TACO's own (its API key), and any whose name says it holds a secret. Matched against the
     * upper-cased name; everything else (PATH, HOME, JAVA_HOME, …) is passed on.
     */
    secretEnvNamePattern: /(^TACO_)|KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|COOKIE|SESSION|PRIVATE|(^|_)PAT($|_)/,
    /**
     * …and any whose value holds one, whatever its name: a URL with a password in it
     * (`DATABASE_URL=postgres://user:pass@db/x`), or a token of a well-known form (GitHub, GitLab,
     * Slack, OpenAI/Anthropic-style `sk-`, AWS access key ids, JWTs).
     */
    secretEnvValuePattern:
      /[a-z][a-z0-9+.-]*:\/\/[^\s/@:]*:[^\s/@]+@|\b(gh[pousr]_[A-Za-z0-9]{16,}|github_pat_\w{16,}|glpat-[\w-]{16,}|xox[abprs]-[\w-]{8,}|sk-[\w-]{16,}|AKIA[0-9A-Z]{16}|eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.)/i,
    /**
     * Linux: the system folders a sandboxed process sees, read-only (a missing one is skipped).
     * Nothing else of the machine is there: no /home, /root, /run, /var, /srv or /mnt.
     */
    systemFolders: ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt', '/nix/store'] as readonly string[],
    /** Linux: secret files and folders inside the system folders, covered (an empty file or folder) where they exist. */
    hiddenSystemPaths: [
      '/etc/shadow',
      '/etc/shadow-',
      '/etc/gshadow',
      '/etc/gshadow-',
      '/etc/ssh',
      '/etc/ssl/private',
      '/etc/sudoers',
      '/etc/sudoers.d',
      '/etc/NetworkManager/system-connections',
      '/etc/wpa_supplicant',
      '/etc/docker',
      '/etc/containers/auth.json',
      '/etc/wireguard',
      '/etc/openvpn',
      '/etc/krb5.keytab',
      '/etc/ipsec.secrets',
      '/etc/ipsec.d/private',
      '/etc/ppp/chap-secrets',
      '/etc/ppp/pap-secrets',
      '/etc/netplan',
      '/etc/letsencrypt',
      '/etc/pki/tls/private',
      '/etc/kubernetes',
      '/etc/rancher',
      '/etc/security/opasswd',
      '/etc/sssd',
      '/etc/libvirt/secrets',
      '/etc/mysql/debian.cnf',
    ] as readonly string[],
    /** bubblewrap on Linux: the distribution's package installs it here. */
    bwrapPaths: ['/usr/bin/bwrap', '/usr/local/bin/bwrap'],
    /** Seatbelt on macOS (part of the system). */
    sandboxExecPath: '/usr/bin/sandbox-exec',
    /** The one-off probe that proves bwrap can make its namespaces (user namespaces allowed) gives up after this long. */
    probeTimeoutMs: 5000,
    /**
     * Secret places under HOME the sandboxed process never sees. On Linux none of HOME is there in
     * the first place (an empty HOME of its own), so this list matters only where a bound folder
     * holds one (a workspace that is HOME, a tool folder on PATH); on macOS it is the whole guard.
     * Keys (ssh, gpg), cloud and registry credentials, shell history, browser profiles (cookies,
     * saved passwords) and the keyrings.
     */
    hiddenHomePaths: [
      '.ssh',
      '.gnupg',
      '.aws',
      '.azure',
      '.kube',
      '.config/gcloud',
      '.config/gh',
      '.netrc',
      '.git-credentials',
      '.npmrc',
      '.pypirc',
      '.docker',
      '.password-store',
      '.local/share/keyrings',
      '.mozilla',
      '.thunderbird',
      '.config/google-chrome',
      '.config/chromium',
      '.config/BraveSoftware',
      '.config/microsoft-edge',
      '.config/vivaldi',
      '.config/opera',
      'snap/firefox',
      '.var/app/org.mozilla.firefox',
      'Library/Keychains',
      'Library/Cookies',
      'Library/Application Support/Google/Chrome',
      'Library/Application Support/Firefox',
      'Library/Application Support/BraveSoftware',
      'Library/Application Support/Microsoft Edge',
      'Library/Safari',
      '.bash_history',
      '.zsh_history',
      '.local/share/fish/fish_history',
      '.python_history',
      '.node_repl_history',
      '.psql_history',
      '.mysql_history',
      '.lesshst',
      '.cargo/credentials',
      '.cargo/credentials.toml',
      '.pgpass',
      '.vault-token',
      '.config/git/credentials',
      '.config/rclone',
      '.terraform.d',
      '.config/containers/auth.json',
      '.config/Code/User/globalStorage',
      '.ollama/id_ed25519',
      'snap/chromium',
      'snap/google-chrome',
      '.var/app/org.chromium.Chromium',
      '.var/app/com.google.Chrome',
      '.config/TACO',
      'Library/Application Support/TACO',
      '.gem/credentials',
      '.m2/settings.xml',
      '.m2/settings-security.xml',
      '.gradle/gradle.properties',
      '.ivy2/.credentials',
      '.sbt/.credentials',
      '.yarnrc',
      '.yarnrc.yml',
      '.bunfig.toml',
      '.config/pip',
      '.pip',
      '.config/composer/auth.json',
      '.composer/auth.json',
      '.nuget/NuGet/NuGet.Config',
      '.config/NuGet',
      '.my.cnf',
      '.mylogin.cnf',
      '.s3cfg',
      '.boto',
      '.oci',
      '.config/doctl',
      '.config/hcloud',
      '.config/hub',
      '.config/glab-cli',
      '.config/op',
      '.config/configstore',
      '.config/netlify',
      '.fly',
      '.wrangler',
      '.supabase',
      '.databrickscfg',
      '.config/helm',
      '.terraformrc',
      '.subversion/auth',
      '.Xauthority',
      '.ICEauthority',
      '.config/pulse/cookie',
      '.pki',
      '.local/share/kwalletd',
      '.config/Bitwarden CLI',
      '.huggingface/token',
      '.cache/huggingface/token',
      '.config/github-copilot',
      '.claude.json',
      '.claude/.credentials.json',
      '.codex/auth.json',
      '.cursor/mcp.json',
      '.codeium/windsurf/mcp_config.json',
      '.config/Claude/claude_desktop_config.json',
      '.config/Cursor/User/globalStorage',
      '.config/VSCodium/User/globalStorage',
      '.config/Code - OSS/User/globalStorage',
      '.config/Slack',
      '.config/discord',
      '.config/Signal',
      '.local/share/TelegramDesktop',
    ] as readonly string[],
    /**
     * Secret places inside a tool folder on PATH that is bound whole (toolFolders in
     * electron/sandbox/sandbox-policy.ts: `~/.nvm/versions/node/v20` for its `bin`), relative to
     * it: npm's global configuration (`<prefix>/etc/npmrc`), where `npm config set --location=global`
     * keeps a registry token.
     */
    hiddenInToolFolders: ['etc/npmrc'] as readonly string[],
    /**
     * Off: every approved command asks as its risk policy says. On: a command that asks only
     * because it is a shell command runs without asking when a sandbox exists, under the scratch
     * policy (the workspace read-only, no network, only a private /tmp writable), so it can change
     * nothing that outlives it.
     */
    runScratchCommandsWithoutAsking: false,
    /**
     * Linux network through TACO's proxy (electron/sandbox/network/): a sandboxed process keeps a
     * network namespace of its own and reaches only the hosts it was allowed, through a proxy in
     * main that it finds at `proxyPort` on its own loopback (socat relays that port to the proxy's
     * UNIX socket, bound at `proxySocketInside`).
     */
    network: {
      /** The most hosts one command or server may name: a card lists every one. */
      maxHosts: 20,
      /** Where socat is looked for (the Debian package `socat`); without it a process gets no network. */
      socatPaths: ['/usr/bin/socat', '/usr/local/bin/socat'] as readonly string[],
      /** The loopback port inside the sandbox where HTTP_PROXY, HTTPS_PROXY and ALL_PROXY point (sandbox-runtime's choice). */
      proxyPort: 3128,
      /** The proxy's socket inside the sandbox (in its private /tmp). */
      proxySocketInside: '/tmp/.taco-network/proxy.sock',
      /**
       * Addresses a host reaches only when the allow-list names that address (or, for a name, only
       * when it is named and resolves there): loopback, private, link-local, carrier-grade NAT,
       * unique-local and unspecified. sandbox-runtime's resolved-address guard adds multicast,
       * broadcast, cloud metadata and this machine's own addresses.
       */
      localRanges: [
        '127.0.0.0/8',
        '::1/128',
        '0.0.0.0/8',
        '::/128',
        '10.0.0.0/8',
        '172.16.0.0/12',
        '192.168.0.0/16',
        '169.254.0.0/16',
        '100.64.0.0/10',
        'fc00::/7',
        'fe80::/10',
      ] as readonly string[],
    },
  },

  /** Pull, delete and unload (electron/services/provider/model-admin). */
  modelAdmin: {
    /** Deleting or unloading a model gives up after this long. */
    adminTimeoutMs: 30_000,
    /** The version check (Settings → Test) gives up after this long. */
    versionTimeoutMs: 5000,
  },

  /** Model servers beyond the local Ollama: remote Ollama and OpenAI-compatible servers (electron/services/provider/openai-compatible, electron/services/servers). */
  servers: {
    /** A server's default connect timeout: listing models, the tool probe and Test connection give up after this long. */
    connectTimeoutMs: 5000,
    /** The one-token tools probe may wait this long (a server may load the model first, as LM Studio and Ollama do). */
    toolProbeTimeoutMs: 60_000,
    /** A 429/503 is retried once after its Retry-After; a server asking for a longer wait than this is not retried (the error says how long it asked for). */
    maxRetryAfterMs: 30_000,
    /** The wait before that one retry when the server sends no Retry-After. */
    defaultRetryAfterMs: 1000,
    /**
     * llama.cpp answers 503 "Loading model" (no Retry-After) until the model is loaded: the tool
     * probe, a step and a side request wait these delays in turn (about half a minute), then say so.
     */
    loadingRetryDelaysMs: [1000, 2000, 4000, 8000, 15_000] as readonly number[],
    /**
     * llama.cpp's slots share one KV cache: concurrent requests can exhaust it mid-stream ("Context
     * size has been exceeded.") although each fits alone. A step that showed nothing yet is tried
     * again after each of these delays, then the shortage is said in words.
     */
    sharedMemoryRetryDelaysMs: [250, 1000, 3000] as readonly number[],
    /**
     * A step whose headers have not come after this long asks llama.cpp's `/slots` whether every
     * slot is answering other requests, and if so says the server is busy (it waits on).
     */
    busyCheckAfterMs: 3000,
    /**
     * llama.cpp's context (`/props`) is read again when what TACO knows is older than this: a
     * server restarted with another `-c` behind a running TACO, larger or smaller, is planned for as it is now.
     */
    contextRecheckMs: 5000,
    /** Between the two reads of `/slots`: a slot whose generated count grew meanwhile is another request's, not this one's prompt. */
    busyRecheckMs: 500,
    /**
     * A model server's answer read whole into main (model lists, llama.cpp's `/props`, `/slots`
     * and token counts, the tool probe, side requests) stops at this many bytes and fails in words.
     */
    maxAnswerBytes: 4 * 1024 * 1024,
    /** Servers in the list at most. */
    maxServers: 20,
    /** Headers per server at most. */
    maxHeaders: 10,
    /** What settings.get shows instead of a stored header value; sending it back keeps the stored value. */
    maskedHeaderValue: '••••••••',
    /** Separates a server id from a model name in a model reference (`<serverId>::<model>`); the first server's models need none. */
    modelRefSeparator: '::',
    /** The OpenAI client is given this key when the server's headers carry no Authorization (local servers ignore it). */
    placeholderApiKey: 'taco-no-key',
    /** Redirects followed within one origin when secret headers are sent (a redirect to another origin is refused). */
    maxSameOriginRedirects: 5,
  },

  /** The models handlers (electron/services/app/models). */
  models: {
    /** A pull's progress crosses to the renderer at most this often (status changes and the end go at once). */
    pullProgressIntervalMs: 100,
    /** Pulls running at the same time; another one is refused with words until one ends. */
    maxConcurrentPulls: 3,
    /**
     * Bytes per KV-cache element in the memory estimate: Ollama's default cache type is f16 (2 bytes;
     * q8_0 is 1, q4_0 0.5: OLLAMA_KV_CACHE_TYPE, fs/ggml/ggml.go kvCacheBytesPerElement).
     */
    kvBytesPerElement: 2,
  },

  /** The context meter under the composer (tokens of the last step of num_ctx). */
  contextMeter: {
    /** At or above this share of the context the meter turns amber and says so. */
    warnRatio: 0.8,
  },

  /** MCP servers as tool sources (electron/services/mcp). */
  mcp: {
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
       * packages. Network stays allowed: `npx -y pkg@x.y.z` / `uvx pkg==x.y.z` download the package
       * at first start (and most servers call an API); the install dialog says so, and the user can
       * turn it off in Settings → MCP once the package is cached.
       */
      sandboxNetwork: true,
      /**
       * Under HOME: each registry-installed command server's own package cache
       * (`<this>/<name in TACO>`, npm_config_cache / UV_CACHE_DIR / PIP_CACHE_DIR), the one folder
       * its sandbox may write. Never `~/.npm` or `~/.cache/uv`, which an unsandboxed npx or uvx runs from.
       */
      serverCachesFolder: '.cache/taco-mcp-servers',
    },
  },

  // ── Main process: app services and storage ──────────────────────────────────────────────────────────

  /** The app services (electron/services/app). */
  app: {
    /** A new conversation is titled with this many words of its first message at most. */
    titleMaxWords: 8,
    /** ...and this many characters at most. */
    titleMaxChars: 60,
    /** Finished runs remembered for `waitForRun` (the CLI asks right after starting one). */
    finishedRunMemory: 100,
    /** On shutdown, runs get this long to finish after their abort before the timelines are closed anyway. */
    shutdownGraceMs: 3000,
  },

  /** Conversation titles (electron/services/app/titles). */
  titles: {
    /** The side request that names a conversation gives up after this long (the first words stay). */
    budgetMs: 2000,
    /** A generated title has at most this many words. */
    maxWords: 6,
    /** Tokens the model may answer with. */
    maxTokens: 24,
    /** Characters of the question and of the answer shown to the model. */
    exchangeChars: 600,
  },

  /** At most one event batch per this many ms crosses to the renderer (one animation frame). */
  eventBatchIntervalMs: 16,
  /** Streamed text is flushed to disk at least this often. */
  timelineFlushIntervalMs: 500,
  /**
   * conversation.get with `page` answers at most this many of the newest events (older ones come
   * page by page as the user scrolls up): opening a long conversation costs about what a short one does.
   */
  conversationPageEvents: 100,
  /**
   * A page reaches back up to this many page sizes to start where a turn starts (a run's events
   * stay together, so a live run opened mid-way shows whole); a longer run is split (the renderer
   * still rebuilds it exactly once the older page comes).
   */
  conversationPageReach: 4,
  /** Conversation search (electron/services/store). */
  store: {
    /** Search keeps at most this many characters of one conversation's text (the rest is not searchable). */
    searchMaxCharsPerConversation: 500_000,
    /** conversations.search returns at most this many hits. */
    searchMaxHits: 50,
    /** Words of a query that count; the rest are ignored. */
    searchMaxQueryWords: 8,
    /** Characters of text shown around a match. */
    searchSnippetChars: 160,
    /** A hit's text is read in chunks of this size until its snippet is found (snippet-read.ts), not whole. */
    searchSnippetReadBytes: 16 * 1024,
    /** The search index is written this long after a change (and on close); a stale one is refreshed at start. */
    searchIndexSaveDelayMs: 30_000,
    /**
     * After an append, index.json is written this long later, once for the burst (other changes write
     * it at once); a marker made before the append tells a start after a crash to check it (index-writer.ts).
     */
    indexSaveDelayMs: 1_000,
    /** That marker's name in the conversations folder. */
    indexStaleMarker: '.index-stale',
    /** The search index's log of changes is folded into a new snapshot when it is saved past this size. */
    searchLogMaxBytes: 8 * 1024 * 1024,
    /** Data files (settings with server headers, mcp.json with env secrets, conversations) are the user's alone. */
    fileMode: 0o600,
    /**
     * Appends and new files up to this size are written with synchronous calls (~10–20 µs on main),
     * larger ones through the thread pool (inline-writes.ts). Never with an fsync.
     */
    inlineWriteMaxBytes: 64 * 1024,
    /** Data folders the app creates, likewise. */
    folderMode: 0o700,
    /** At start, at most this many entries of the data folder are checked for modes an older version left open (tighten-modes.ts). */
    tightenMaxEntries: 50_000,
    /** Written in the data folder after a whole walk narrowed every mode (tighten-modes.ts): later starts look at the first level only. */
    modesMarker: '.modes-narrowed',
  },

  /** search_web (electron/services/web-search): Ollama's web search API or a SearXNG instance. */
  webSearch: {
    /** Ollama's documented endpoint (docs.ollama.com/capabilities/web-search). */
    ollamaUrl: 'https://ollama.com/api/web_search',
    /** Results asked for when the model does not say (Ollama's default; its maximum is 10). */
    defaultResults: 5,
    maxResults: 10,
    /** A search gives up after this long. */
    timeoutMs: 20_000,
    /** Characters of each result's content passed to the model. */
    contentChars: 500,
    /** A search service's answer is read up to this; past it the search fails (ten results need far less). */
    maxResponseBytes: 1024 * 1024,
  },

  /** Versions of the files tools write, kept for undo (electron/services/documents). */
  documents: {
    /** All kept versions together stay under this many megabytes (settings.versionBudgetMb overrides); the oldest go first. */
    versionBudgetMb: 200,
    /** A file larger than this is not kept as a version (its write cannot be undone; the record says so). */
    maxVersionFileBytes: 20 * 1024 * 1024,
    /** The Documents browser previews at most this many characters of a text version; over it, the beginning and "shortened". */
    previewMaxChars: 100_000,
    /** A picture larger than this is not previewed (it would travel to the renderer as a data URL). */
    previewImageMaxBytes: 2 * 1024 * 1024,
    /** Characters of a document's content an automatic summary is made from. */
    summaryInputChars: 6000,
    /** A picture (attached by the user, or written) larger than this gets no automatic description: ~ the bytes of the images one message may carry. */
    maxSummaryImageBytes: 675_000,
    /** Tokens an automatic summary may take. */
    summaryMaxTokens: 120,
    /** The side request making an automatic summary gives up after this long. */
    summaryTimeoutMs: 60_000,
    /** Characters of a document's content that search_documents indexes. */
    searchContentChars: 50_000,
    /** Documents list_documents and search_documents return at most. */
    maxListed: 20,
    /** Characters of documents loaded into a helper's first message, or into the result a parent reads after a handoff; over it, summaries. */
    passedChars: 3000,
    /** The tools whose writes are versioned: their rows offer Undo. */
    versionedTools: ['write_file'] as readonly string[],
  },

  /** Longest stored conversation title (characters). */
  storedTitleMaxChars: 200,

  /** "Check this model": the suite in probes/, run through the agent loop (electron/services/probe/). */
  modelCheck: {
    /** Tries per task (pass^k's k); `--runs K` and the dialog may ask for 1 to maxRuns. */
    runs: 3,
    maxRuns: 10,
    /** One try gives up after this long (the user's run limit applies when it is shorter): a timeout failure. */
    attemptTimeoutMs: 90_000,
    /** Tool rounds one try may take before it counts as a loop. */
    maxIterations: 8,
    /**
     * Tool budgets tuning tries. The core set (toolSelection.coreTools, 6 tools) is always offered,
     * so 8 leaves two ranked places: the smallest budget that still reaches a task's own tools.
     */
    toolBudgets: [8, 12, 16] as readonly number[],
    /** Before the first report: estimated seconds per try, for the progress bar. */
    estimatedAttemptMs: 8000,
    /**
     * A memory-backed temp area (Linux tmpfs) holds the tries' scratch folders only with this much
     * room free; otherwise they go to the system's temp folder (electron/services/probe/scratch-base.ts).
     */
    scratchMinFreeBytes: 64 * 1024 * 1024,
  },

  // ── Boundaries: what a host or the renderer may send, and how long a probe waits ────────────────────

  /** Listing models or reading capabilities gives up after this long (a dead host answers fast). */
  ollamaProbeTimeoutMs: 5000,
  /** Largest message the renderer may send (characters). */
  maxMessageChars: 200_000,
  /** Largest conversation export accepted by conversation.import (characters). */
  maxImportChars: 50_000_000,
  /**
   * Imports of another app's export (ChatGPT's or Claude's conversations.json; conversations.import).
   * A file over any of these is refused whole, with words naming the limit: nothing is imported.
   */
  foreignImport: {
    /** Conversations in one file. */
    maxConversations: 2000,
    /** Messages (ChatGPT: nodes of one conversation's tree) in one conversation. */
    maxMessagesPerConversation: 10_000,
    /** Characters of one message's text. */
    maxMessageChars: 1_000_000,
    /** Characters of a title (longer ones are cut, as any title is). */
    maxTitleChars: 1000,
  },
  /** The web host (electron/hosts/web). */
  webHost: {
    /** Largest WebSocket frame accepted (a 200,000-character message is at most ~800 KB of UTF-8). */
    maxFrameBytes: 1024 * 1024,
    /**
     * The web host listens first and makes main (the app services) once the page's first files
     * are sent or something asks for it; with no page by then, it makes main this long after
     * listening anyway, so a bad data folder or tool catalogue is reported without a page.
     */
    makeServicesAfterMs: 1000,
  },
  /** The system prompt library (electron/services/system-prompts). */
  systemPrompts: {
    /** File in the data folder that holds the presets. */
    fileName: 'system-prompts.json',
    maxPresets: 200,
    /** Same bound as a conversation's own system prompt (conversationOptionsSchema). */
    maxPromptChars: 20_000,
  },
  /** Memory: notes the model saves (save_memory, through its approval) or the user adds in Settings → Memory. */
  memory: {
    /**
     * Prompt tokens the notes recalled for one turn may take together (the system prompt's
     * user-saved notes section, its fence included); notes are taken best match first while they fit.
     */
    recallBudgetTokens: 400,
    /** At most this many notes are recalled into one turn's prompt. */
    recallMaxNotes: 8,
    /** The longest note the model or the user may save. */
    maxNoteChars: 2000,
    /** Notes kept in all; a save past it is refused with words saying so. */
    maxNotes: 5000,
  },
  /** Projects: conversations grouped with their own workspace and defaults (electron/services/projects). */
  projects: {
    /** File in the data folder that holds the projects. */
    fileName: 'projects.json',
    maxProjects: 200,
    maxNameChars: 80,
  },
  /**
   * Skills: SKILL.md folders of instructions the model loads on demand (electron/services/skills).
   * The format's rules (name, description, compatibility) follow the Agent Skills specification.
   */
  skills: {
    /** Folder in the data folder that holds the skills installed for every conversation. */
    globalFolder: 'skills',
    /** Folder in the data folder with one folder of skills per project id. */
    projectFolder: 'project-skills',
    /** A workspace's own skills, read when the workspace is set. */
    workspaceFolder: '.skills',
    /** Where other agents keep skills, under the home folder: read only when Settings allows. */
    otherAgentFolders: ['.claude/skills', '.agents/skills'] as readonly string[],
    /** The specification's limits. */
    maxNameChars: 64,
    maxDescriptionChars: 1024,
    maxCompatibilityChars: 500,
    /** A SKILL.md past this is refused (the specification asks for under 500 lines; this leaves room). */
    maxSkillFileBytes: 256 * 1024,
    /** A skill's folder, all files together, past this is refused (a zip's declared sizes are checked before anything is written). */
    maxTotalBytes: 8 * 1024 * 1024,
    maxFiles: 500,
    /** Folder depth inside a skill. */
    maxDepth: 8,
    /** A zip whose entries expand more than this many times their compressed size is refused as a bomb. */
    maxZipRatio: 100,
    /** The prompt's skills section: at most this many skills, each description cut to this many characters. */
    promptMaxSkills: 12,
    promptDescriptionChars: 240,
    /** A git clone gives up after this long. */
    gitCloneTimeoutMs: 120_000,
    /** An install preview not confirmed within this long is dropped with its staged files. */
    previewTtlMs: 30 * 60_000,
    /** Files whose names end so, or that are under scripts/, are listed as scripts in a preview. */
    scriptExtensions: ['.sh', '.bash', '.py', '.js', '.mjs', '.cjs', '.ts', '.rb', '.pl', '.ps1', '.bat', '.cmd'] as readonly string[],
  },
  /** The local OpenAI-compatible API (electron/services/gateway, electron/hosts/api). */
  gateway: {
    /** Largest request body accepted (images arrive base64 in the JSON: 32 MB). */
    maxRequestBytes: 32 * 1024 * 1024,
    /** Largest response streamed to one client before the gateway cuts it (a runaway model or server). */
    maxStreamBytes: 64 * 1024 * 1024,
    /** Requests the gateway forwards at once; more wait for HTTP 429 instead of starving the app's own runs. */
    maxConcurrentRequests: 16,
    /** Listing the models of every server gives up after this long per server. */
    listModelsTimeoutMs: 5000,
    /** `owned_by` of every model in GET /v1/models. */
    ownedBy: 'taco',
    /** Bytes of random key material (base64url) in a generated API key. */
    keyBytes: 32,
    /** Prefix of a generated key, so it is recognisable in a client's settings. */
    keyPrefix: 'taco-',
    /** Settings → Local API when nothing is stored: off, on this port. */
    defaultPort: 11_500,
    /** File in the data folder that holds the Local API settings (the key only as its SHA-256). */
    configFileName: 'local-api.json',
    /**
     * Whether API clients may answer approvals (`POST /v1/taco/approvals/{id}`), and so run risky
     * tools with no one at the window: off unless the user turns it on (Settings → Local API; the
     * headless host's `--allow-api-approvals`). Off, risky calls wait for the window (headless: are refused).
     */
    allowApiApprovals: false,
    /** The headless host's `--key-file` is refused past this size (a key is a line). */
    maxKeyFileBytes: 4096,
  },

  /** The Electron window (electron/hosts/electron/window-state.ts). */
  window: {
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    /** Moves and resizes are saved this long after the last one. */
    saveDelayMs: 500,
    /** At least this much of the window's top edge must be on a display, or it is centered again. */
    minVisiblePx: 80,
    fileName: 'window-state.json',
  },

  // ── Renderer ────────────────────────────────────────────────────────────────────────────────────────

  /** The renderer's store. */
  rendererStore: {
    /**
     * localStorage key that remembers the user's choice for the tool-stack panel ("true" collapsed,
     * "false" open). Without a choice the panel opens while the conversation has tool frames and
     * stays a thin rail while it has none.
     */
    panelCollapsedKey: 'taco.stackPanelCollapsed',
    /** localStorage key of the composer's half-typed messages, one per conversation (kept across reloads). */
    draftsKey: 'taco.composerDrafts',
    /** Drafts remembered at most (the oldest written go first), and the characters kept of each. */
    maxDrafts: 50,
    maxDraftChars: 20_000,
    /** Error notices kept on screen at once; older ones drop off. */
    maxNotices: 3,
  },

  /** The conversation timeline. */
  rendererTimeline: {
    /** This many finished tool calls in a row fold into one "Used N tools ▸" line (calls that did not succeed stay visible). */
    toolGroupMin: 3,
    /** An approval scope up to this many characters is named on "Allow … for this conversation"; a longer one goes on a line under the buttons. */
    allowScopeOnButtonMax: 40,
    /** Inside a delegation row, a helper's calls are indented under its delegate call up to this many levels; deeper ones line up with the last. */
    delegationIndentLevels: 6,
  },

  /** How diffs are drawn (approval cards, undo, the documents compare view): renderer/src/components/diff/. */
  rendererDiff: {
    /** At most this many lines of a diff are drawn; the rest is counted ("… 120 more lines"). */
    maxLines: 800,
    /** Changed words are highlighted on a removed/added pair only when both lines are at most this long… */
    wordDiffMaxLineChars: 400,
    /** …and in at most this many pairs per diff, so a large change never stalls the window… */
    wordDiffMaxPairs: 150,
    /** …each pair given up past this many word edits (then the lines are drawn without marks)… */
    wordDiffMaxEditLength: 48,
    /** …and all of a diff's word marks within this much work on the window's thread (ms). */
    wordDiffBudgetMs: 8,
  },

  /** The renderer's adaptive layout (renderer/src/styles/responsive.css uses the same width). */
  rendererLayout: {
    /**
     * Below this width the conversation sidebar becomes a rail with a drawer, and the tool-stack
     * panel a rail whose details open over the chat, so the chat column keeps ≥ 480 px at 800 px.
     */
    narrowQuery: '(max-width: 999px)',
    /**
     * Below this width an open artifact pane takes the sidebar's place: the sidebar becomes the
     * rail with its drawer, so chat, artifact and tool stack fit (the composer keeps ≥ 320 px at 1000 px).
     */
    crowdedByArtifactQuery: '(max-width: 1439px)',
  },

  /** The renderer's transport. */
  rendererTransport: {
    /** First reconnect delay after the WebSocket drops; doubles per failed attempt. */
    reconnectInitialMs: 500,
    /** Upper bound of the reconnect delay. */
    reconnectMaxMs: 10_000,
    /** sessionStorage key that keeps the web host's token across reloads. */
    tokenStorageKey: 'taco.token',
  },

  /** The sidebar and conversation actions (renderer/src/store). */
  rendererConversations: {
    /** A deleted conversation can be brought back this long; only then is it really deleted. */
    deleteUndoMs: 5000,
    /** The sidebar search asks main this long after the last keystroke. */
    searchDebounceMs: 250,
    /** How long "Copied" shows after copying a message. */
    copiedConfirmMs: 2000,
  },

  /**
   * What a model's diagram or formula may cost the window (renderer/src/components/markdown). Over a
   * cap, the source shows as code with the reason; nothing is laid out or typeset.
   */
  rendererDiagrams: {
    /** Longest mermaid source drawn (characters); mermaid's own cap is 50,000. */
    maxSourceChars: 8000,
    /** Most nodes and edges a diagram may declare, counted from the source before any layout. */
    maxNodes: 100,
    maxEdges: 200,
    /** Largest SVG a drawing may come back as (characters); a bigger one shows as code. */
    maxSvgChars: 400_000,
    /** Largest side a drawing may report (px); the window sizes the diagram's view frame from it. */
    maxSidePx: 20_000,
    /** How long the diagram frame may take for one drawing before it is torn down (ms). */
    frameDeadlineMs: 8000,
    /** How long the diagram frame may take to load (mermaid is large) before diagrams show as code (ms). */
    frameStartMs: 30_000,
    /** Drawings kept per source and theme (an answer shown again is not laid out again). */
    cacheEntries: 64,
  },
  /**
   * Artifact previews (renderer/src/components/artifacts): an HTML or SVG code block runs in the
   * sandboxed artifact frame (shared/rendering/artifact-frame.ts), watched by a heartbeat.
   */
  rendererArtifacts: {
    /** Largest artifact previewed (characters); a bigger one says so and shows nothing. */
    maxChars: 1_000_000,
    /** How often the window asks the frame whether its thread still answers (ms). */
    heartbeatMs: 500,
    /** A frame that has not answered for this long (stuck in a loop, or never started) is removed (ms). */
    stallBudgetMs: 3000,
    /** How long the frame's page may take to load before the preview gives up (ms). */
    frameStartMs: 10_000,
    /** Longest side (characters) sent to main for a diff between two versions; two fit one WebSocket frame. */
    maxDiffChars: 120_000,
  },
  rendererMath: {
    /** Longest formula typeset (characters). */
    maxFormulaChars: 600,
    /** Deepest `{…}` nesting in a formula. */
    maxBraceDepth: 16,
    /** Deepest nesting of \sqrt, \frac and their kin. */
    maxRootFracDepth: 8,
    /** Most cells of one matrix/array/aligned environment. */
    maxMatrixCells: 120,
    /** Typeset formulas the markdown worker keeps per source and mode. */
    cacheEntries: 256,
    /**
     * A refused display formula's source longer than this (characters) is shown in pieces of at
     * most this size, each laid out only when scrolled into view in the source's bounded box.
     */
    sourcePieceChars: 1000,
  },
  /**
   * Finished markdown blocks that are costly to parse or typeset are rendered off the window's
   * main thread, in the markdown worker (renderer/src/components/markdown/worker/).
   */
  rendererMarkdown: {
    /** A finished block at least this long (characters), or one with `$$`, goes to the worker. */
    workerMinChars: 1500,
    /** How long the worker may take for one block before it is stopped and the block shows as text (ms). */
    workerDeadlineMs: 10_000,
    /** Rendered blocks kept per source (an answer shown again is not parsed or typeset again). */
    cacheEntries: 400,
    /**
     * Elements of rendered blocks put on the page per animation frame; the blocks past it wait for
     * the next frames (their place kept). Measured on a loaded 2-core machine: ~7,000 KaTeX
     * elements took ~330 ms of React, style and layout work in one task, 500 a frame ~45 ms.
     */
    elementsPerFrame: 300,
    /**
     * Characters of a block shown while it waits for the worker (the rest follows with its
     * result): an 84 KB block as text was ~50 ms of layout on its own.
     */
    pendingPreviewChars: 2000,
  },

  /** Images attached in the composer (renderer/src/components/composer). */
  images: {
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
  },

  /** The virtualized conversation list in the sidebar (renderer/src/components/sidebar/ConversationList.tsx). */
  sidebarList: {
    /** Headers and rows drawn beyond each edge of the visible area. */
    overscan: 8,
    /** Heights (px) assumed until an item is drawn and measured: a row with a model or badge line, one without, a label, a project header. */
    rowWithMetaEstimatePx: 54,
    rowEstimatePx: 39,
    labelEstimatePx: 20,
    projectHeaderEstimatePx: 34,
  },
  /** The virtualized message list (renderer/src/components/message-list). */
  messageList: {
    /** Messages rendered beyond each edge of the visible area. */
    overscan: 2,
    /** Distance from the bottom (px) within which the list keeps following new output. */
    followThresholdPx: 80,
    /** An upward scroll this soon (ms) after an upward wheel turn or key, a touch or a pointer press is the user's own. */
    userScrollWindowMs: 400,
    /** Read back more than this many list heights from the newest message, "Jump to latest" shows. */
    jumpToLatestAfterScreens: 1,
    /** Space between two messages (px); part of each row, so measured sizes include it. */
    gapPx: 18,
    /** Scrolled this close (px) to the top of the loaded messages, the list asks for the page before them. */
    loadOlderWithinPx: 600,
    /**
     * Render the rows a scroll brings in inside the scroll event's own task (flushSync). Off: they
     * render in a task of their own, so a row of typeset formulas mounted or unmounted by a scroll
     * is not one long task with that frame's style, layout and paint (overscan keeps rows ready).
     */
    flushSyncOnScroll: false,
  },
  workflows: {
    /** Longest text a workflow step's output summary carries in a `workflow-step` event. */
    stepSummaryChars: 400,
    /** A prompt step's tool rounds when its definition sets none. */
    defaultStepMaxIterations: 6,
    /** The most steps and params a workflow definition may have. */
    maxSteps: 12,
    maxParams: 16,
    /** How long a confirm step waits for the user before it counts as declined (ms). */
    confirmTimeoutMs: 30 * 60 * 1000,
    /** Longest free text `workflows.extractParams` reads, and the side request's time limit. */
    maxExtractChars: 4000,
    extractTimeoutMs: 60_000,
    /** Entries a file/folder picker lists (workflows.listEntries). */
    pickerMaxEntries: 500,
    /** A user workflow file larger than this is reported, not parsed (bytes). */
    maxFileBytes: 256 * 1024,
  },
  /** The built-in engine's model library: downloads and the "does it fit this machine" estimate. */
  engineLibrary: {
    /** Context the fit label assumes when the user has chosen none (tokens). */
    fitContextTokens: 8192,
    /** Bytes per KV-cache element (f16 keys and values). */
    kvBytesPerElement: 2,
    /** Compute buffers and runtime on top of weights + KV cache, as a fraction of the weights. */
    overheadFraction: 0.1,
    /** ...and at least this much (bytes). */
    overheadMinBytes: 256 * 1024 * 1024,
    /** Share of free RAM (or VRAM) a model may take and still be labelled "Fits". */
    fitsShare: 0.8,
    /** Share of total RAM a model may take and be labelled "May be slow" (swapping, other apps squeezed). */
    slowShareOfTotal: 0.85,
    /** Disk room kept free on top of what a download still needs (bytes). */
    diskHeadroomBytes: 512 * 1024 * 1024,
    /** Progress events per download at most this often (ms). */
    progressIntervalMs: 250,
    /** The only host downloads come from (the catalogue names repositories on it). */
    downloadBaseUrl: 'https://huggingface.co',
    /** A GGUF header larger than this is refused as corrupt (bytes read before the tensor data). */
    maxHeaderBytes: 64 * 1024 * 1024,
  },
  knowledge: {
    /** A file larger than this is skipped (with the reason in the index's status), e.g. a 2 GB log. */
    maxFileBytes: 20 * 1024 * 1024,
    /** A folder stops being walked after this many files (the rest are counted as not indexed). */
    maxFilesPerFolder: 20_000,
    /** Folders deeper than this under the added folder are not walked. */
    maxDepth: 32,
    /** A chunk grows by whole paragraphs (or declarations, or sections) up to about this many characters. */
    chunkChars: 1200,
    /** A single paragraph longer than this is cut into pieces of this size (by lines). */
    maxChunkChars: 2400,
    /** Names never walked into or indexed (besides names starting with a dot). */
    skippedNames: ['node_modules', '__pycache__'] as readonly string[],
    /** Reciprocal rank fusion's k: a passage scores Σ 1/(k + rank) over the lexical and vector rankings. */
    rrfK: 60,
    /** Each ranking contributes at most this many candidates to the fusion. */
    candidatesPerRanking: 50,
    /** Passages search_knowledge returns unless the model asks for fewer (1..maxResults). */
    defaultResults: 5,
    maxResults: 10,
    /** Characters of a passage's text handed to the model (the rest is cut with an ellipsis). */
    passageChars: 1500,
    /** Chunk texts per embedding request. */
    embedBatchSize: 32,
    /** The indexer yields to the event loop after this many milliseconds of synchronous work. */
    sliceMs: 8,
  },
  engine: {
    /** The id a built-in server gets when `addBuiltInServer` is not given one (its models are `built-in::<file>`). */
    serverId: 'built-in',
    serverName: 'Built-in engine',
    /** Context a built-in server loads its model with unless the server says otherwise (tokens). */
    contextSize: 4096,
    /**
     * Threads for generation. Capped low on purpose: with every core busy llama.cpp's default
     * thread count makes generation collapse (measured: 135 tokens in 207 s on 2 busy cores).
     */
    threads: 2,
    maxThreads: 64,
    /** Largest and smallest context a built-in server may ask for (tokens). */
    minContextSize: 256,
    maxContextSize: 131_072,
    /**
     * Memory the loaded model (weights + KV cache) may take, as a share of the machine's total RAM;
     * a model over it is refused before loading with a message that says how much it needs.
     */
    memoryBudgetShare: 0.75,
    /** Sampling temperature when the conversation sets none (Ollama's default). */
    temperature: 0.8,
    /** Most tokens one step may generate when the caller sets no limit. */
    maxStepTokens: 2048,
  },
} as const;

export type Defaults = typeof DEFAULTS;

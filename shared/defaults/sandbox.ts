/**
 * The OS sandbox of run_command and of stdio MCP servers (electron/sandbox/): what stays hidden
 * and where the sandbox program is looked for. Every path under HOME is relative to it.
 */
export const SANDBOX_DEFAULTS = {
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
} as const;

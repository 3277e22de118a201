/**
 * Words that name an operation a built-in tool does, for `named-operations.ts`: a request that
 * names one is always offered the tool, whatever the ranking says ("cat notes.txt" → run_command).
 * Data only.
 */

/** The tool that runs a shell command. */
export const COMMAND_TOOL = 'run_command';

/**
 * Programs that are not everyday English words: any of them named as a word in lower case is a
 * command ("use grep to find TODO", "pip install requests"), and in capitals at the start of a line
 * ("Git status"); elsewhere a capital is the language or the product ("my Python version").
 */
export const COMMAND_PROGRAMS: ReadonlySet<string> = new Set(
  `ls ll pwd grep egrep fgrep rg ag git npm npx pnpm yarn bun deno node nodejs python python3 py pip pip3 pipx uv poetry conda
  pytest cargo rustc rustup gcc g++ clang cmake javac mvn gradle dotnet docker podman kubectl helm terraform curl wget chmod chown
  chgrp mkdir rmdir rm cp mv ln du df ps pgrep pkill uname whoami hostname sed awk wc tar gzip gunzip unzip 7z ssh scp rsync sudo
  apt apt-get dnf yum pacman brew systemctl journalctl ifconfig netstat ss ping traceroute nslookup lsof htop nproc lscpu lsblk
  bash sh zsh powershell pwsh cmd tsc eslint prettier jest vitest ffmpeg jq xargs stat md5sum sha256sum shasum hexdump
  xxd tsx`.split(/\s+/),
);

/**
 * Programs whose names are also English words ("cat", "head", "find", "make"): a command only in
 * command position — right after "run", "execute" or "type"; or first word of the request, of a
 * line or of a `code span`, or after "you" or "please", and then followed by something only a
 * command line has (a flag, a path or file name, a pipe or redirection) or by nothing at all.
 */
export const COMMAND_WORDS: ReadonlySet<string> = new Set(
  `cat head tail echo find sort uniq make touch less more top kill which whereis env export cd tree history man watch go java
  ruby perl php printf cut tr tee sleep uptime nano vim vi diff patch free fish`.split(/\s+/),
);

/** Verbs after which the next word is a command whatever follows it ("execute make build", "type top"). */
export const COMMAND_VERBS: ReadonlySet<string> = new Set(['run', 'execute', 'exec', 'type', 'enter']);

/** Words after which the next word is in command position ("could you cat notes.txt", "please ls -la"). */
export const COMMAND_LEAD_WORDS: ReadonlySet<string> = new Set(['you', 'please']);

/** Words that say the request is about a command line at all. */
export const SHELL_PHRASES: readonly RegExp[] = [
  /\b(?:in|on|from|with|using|via|through) (?:the|a|my) (?:terminal|shell|console|command[- ]line|command prompt|bash|zsh)\b/i,
  /\b(?:shell|terminal|bash|zsh|powershell) command\b/i,
  /(?:^|\n)\s*[$#>] \S/,
];

/** A file operation: its verbs, and the tool that does it. Checked only in a request that names a file. */
export const FILE_OPERATIONS: readonly { tool: string; verbs: RegExp }[] = [
  {
    tool: 'read_file',
    verbs:
      /\b(?:cat|head|tail|less|read|reads|reading|open|opens|show|shows|print|display|view|look at|looking at|see|check|inspect|summari[sz]e|explain|what(?:'s|’s| is| does)|contents? of|inside)\b/i,
  },
  {
    tool: 'write_file',
    verbs: /\b(?:write|writes|writing|save|saves|saving|store|create|make|put|append|add|overwrite|update|edit|fill|dump|export)\b/i,
  },
];

/** A file name or path in a request: "notes.txt", "src/app.ts", "./build", "~/.bashrc". */
export const FILE_NAME =
  /(?:^|[\s"'`(])(?!(?:e\.g|i\.e|a\.m|p\.m)\b)(?:[~.]{0,2}\/)?[\w./-]*\w\.[a-z][a-z0-9]{0,5}(?![\w/])|(?:^|[\s"'`(])~?\.?\/[\w./-]+/i;

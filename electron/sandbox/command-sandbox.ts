import os from 'node:os';
import type { CommandSandbox, CommandSandboxOptions } from '../../tools/catalogue/tool-runtime-types';
import { guardedDataFolders } from '../../tools/files/guards/data-folder-guard';
import { defaultDataDir } from '../services/store/files/data-dir';
import { commandPolicy, scratchPolicy, type PolicyPlaces, type SandboxPolicy } from './sandbox-policy';
import { NO_NETWORK } from './network/host-allow-list';
import { openSandboxedInvocation } from './sandboxed-invocation';
import { sandboxSupport, type SandboxSupport } from './sandbox-support';
import { describeSandbox } from './sandbox-words';

/**
 * HOME, TACO's data folders (and the default one, when another --data-dir is used) and PATH, read
 * at each call (a test changes HOME; services register their data folder when they start).
 */
export function currentPlaces(): PolicyPlaces {
  return { home: os.homedir(), dataFolders: [...guardedDataFolders(), defaultDataDir()], searchPath: process.env['PATH'] };
}

/** The shell that runs a command line, inside the sandbox as outside it. */
const SHELL = '/bin/sh';

/**
 * run_command's sandbox: this system's support and the command policy (or the scratch one).
 * Without a given `support`, the system is probed (`sandboxSupport()`: it runs bwrap once, a
 * blocking child process) at the first question asked of the sandbox, not when the services are
 * made, so a start does not wait for it.
 */
export function createCommandSandbox(support?: SandboxSupport, places: () => PolicyPlaces = currentPlaces): CommandSandbox {
  const supported = (): SandboxSupport => support ?? sandboxSupport();
  const policyFor = (options: CommandSandboxOptions): SandboxPolicy =>
    options.scratch
      ? scratchPolicy({ ...places(), workspace: options.workspace })
      : commandPolicy({
          ...places(),
          workspace: options.workspace,
          network: options.hosts.length === 0 ? NO_NETWORK : { type: 'hosts', hosts: options.hosts },
        });
  return {
    get available() {
      return supported().kind !== 'none';
    },
    async invocation(shellLine, options) {
      const invocation = await openSandboxedInvocation(supported(), policyFor(options), SHELL, ['-c', shellLine], options.workspace);
      return invocation.sandboxed ? invocation : { sandboxed: false, reason: invocation.reason };
    },
    describe(options) {
      return describeSandbox(supported(), policyFor(options), { workspace: options.workspace, home: places().home });
    },
  };
}

import os from 'node:os';
import type { CommandSandbox } from '../../tools/catalogue/tool-runtime-types';
import { guardedDataFolders } from '../../tools/files/data-folder-guard';
import { commandPolicy, scratchPolicy, type PolicyPlaces, type SandboxPolicy } from './sandbox-policy';
import { sandboxedInvocation } from './sandboxed-invocation';
import { sandboxSupport, type SandboxSupport } from './sandbox-support';
import { describeSandbox } from './sandbox-words';

/** HOME and TACO's data folders, read at each call (a test changes HOME; services register their data folder when they start). */
export function currentPlaces(): PolicyPlaces {
  return { home: os.homedir(), dataFolders: guardedDataFolders() };
}

/** The shell that runs a command line, inside the sandbox as outside it. */
const SHELL = '/bin/sh';

/** run_command's sandbox: this system's support (detected once) and the command policy (or the scratch one). */
export function createCommandSandbox(
  support: SandboxSupport = sandboxSupport(),
  places: () => PolicyPlaces = currentPlaces,
): CommandSandbox {
  const policyFor = (options: { workspace: string; network: boolean; scratch: boolean }): SandboxPolicy =>
    options.scratch ? scratchPolicy(places()) : commandPolicy({ ...places(), workspace: options.workspace, network: options.network });
  return {
    available: support.kind !== 'none',
    invocation(shellLine, options) {
      const invocation = sandboxedInvocation(support, policyFor(options), SHELL, ['-c', shellLine], options.workspace);
      return invocation.sandboxed ? invocation : { sandboxed: false, reason: invocation.reason };
    },
    describe(options) {
      return describeSandbox(support, policyFor(options), { workspace: options.workspace, home: places().home });
    },
  };
}

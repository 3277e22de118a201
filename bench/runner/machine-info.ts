import { availableParallelism, cpus, totalmem } from 'node:os';

export interface MachineInfo {
  cores: number;
  cpu: string;
  memoryGb: number;
  node: string;
  chromium: string | null;
}

export function machineInfo(chromium: string | null): MachineInfo {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    chromium,
  };
}

export function describeMachine(info: MachineInfo): string {
  return `${info.cores} cores (${info.cpu}), ${info.memoryGb} GB, Node ${info.node}, Chromium ${info.chromium ?? 'not run'}`;
}

import { resolveCommand, userPath } from '../transport/command-resolver';

/** Whether `docker` is on the PATH servers are started with (OCI images are refused without it). */
export async function dockerFound(pathValue: () => Promise<string> = () => userPath()): Promise<boolean> {
  return resolveCommand('docker', { pathValue: await pathValue(), cwd: process.cwd() }).type === 'found';
}

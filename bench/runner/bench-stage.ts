import { stopAllStarted } from './bench-processes';

export type StageOutcome<T> = { type: 'ok'; value: T } | { type: 'failed'; message: string };

/**
 * Runs one part of the benchmark. Whatever happens in it, every child process it started (fake
 * servers, web hosts, soak processes) is ended before the next part starts: a part that fails
 * half-way must not leave servers running on a shared machine.
 */
export async function runStage<T>(body: () => Promise<T>, log: (line: string) => void): Promise<StageOutcome<T>> {
  try {
    return { type: 'ok', value: await body() };
  } catch (error) {
    return { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  } finally {
    const ended = await stopAllStarted();
    if (ended > 0) log(`  ended ${ended} process${ended === 1 ? '' : 'es'} the part left running`);
  }
}

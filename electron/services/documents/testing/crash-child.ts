/**
 * A child process for the crash test (version-crash.test.ts): writes `new` over `workspace/file.txt`
 * through the real version store and write path, and at the named point prints PAUSED and waits
 * for the parent's SIGKILL. Usage: crash-child.ts <dataDir> <workspace> <after-content|after-record>
 */
import { writeWorkspaceFile } from '../../../../tools/files/write_file';
import { createVersionStore } from '../versions/version-store';

const [dataDir = '', workspace = '', point = ''] = process.argv.slice(2);

const pause = async (): Promise<void> => {
  process.stdout.write('PAUSED\n');
  // Wait forever (the parent kills this process); the interval keeps the event loop alive.
  await new Promise<void>(() => setInterval(() => undefined, 60_000));
};

const store = createVersionStore({
  dataDir,
  budgetBytes: () => 1024 * 1024,
  ...(point === 'after-content' ? { afterContentKept: pause } : {}),
});

await writeWorkspaceFile(workspace, 'file.txt', 'new content\n', {
  async beforeWrite(target, before) {
    await store.recordChange({
      conversationId: 'crash',
      kind: 'write',
      path: target.relative,
      workspace,
      tool: 'write_file',
      callId: 'call-1',
      runId: 'run-1',
      before,
      after: Buffer.from('new content\n', 'utf8'),
    });
    if (point === 'after-record') await pause();
  },
});
process.stdout.write('WROTE\n');

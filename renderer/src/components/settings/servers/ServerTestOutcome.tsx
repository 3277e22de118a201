import type { ServerTestState } from './server-form';

/** What Test connection found, in the server's words: connected, or exactly what failed. */
export function ServerTestOutcome({ test, testId }: { test: ServerTestState; testId: string }) {
  if (test.type === 'idle') return null;
  if (test.type === 'testing')
    return (
      <span className="test-outcome" role="status" data-testid={testId} data-result="testing">
        Testing…
      </span>
    );
  const { result } = test;
  return result.type === 'ok' ? (
    <span className="test-outcome ok" role="status" data-testid={testId} data-result="ok">
      {result.message}
    </span>
  ) : (
    <span className="test-outcome field-error" role="alert" data-testid={testId} data-result={result.failure}>
      {result.message}
    </span>
  );
}

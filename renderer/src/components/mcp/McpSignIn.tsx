import { useEffect, useRef, useState } from 'react';
import type { McpServerView } from '../../../../shared/mcp/mcp';
import type { McpAuthStatus } from '../../../../shared/mcp/mcp-auth';
import { useTaco } from '../../store/store-context';

/**
 * OAuth for one URL server: "Sign in" (main opens the system browser and waits for it), "Signed in
 * as …" and "Sign out". Tokens never reach the renderer: only whether main holds one, and for whom.
 * A server that sends its own Authorization header does not sign in and shows nothing.
 */
export function McpSignIn({ server }: { server: McpServerView }) {
  const readStatus = useTaco((state) => state.mcpAuthStatus);
  const signIn = useTaco((state) => state.signInMcpServer);
  const signOut = useTaco((state) => state.signOutMcpServer);
  const page = useTaco((state) => state.mcpSignInPages[server.name] ?? null);
  const openLink = useTaco((state) => state.openLink);
  const [status, setStatus] = useState<McpAuthStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Sign in and Sign out replace each other: the focus moves to the new button, not out of the dialog.
  const action = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    action.current?.focus();
  }, [status?.state]);
  const applies = server.transport === 'http' && !server.headerKeys.some((key) => key.toLowerCase() === 'authorization');

  useEffect(() => {
    if (!applies) return;
    let current = true;
    void readStatus(server.name).then((next) => {
      if (current) setStatus(next);
    });
    return () => {
      current = false;
    };
  }, [readStatus, applies, server.name, server.status]);

  if (!applies || status === null) return null;
  const act = async (action: typeof signIn) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const result = await action(server.name);
    if (!result.ok) setProblem(result.message);
    refocus.current = true;
    setStatus(await readStatus(server.name));
    setBusy(false);
  };
  return (
    <div className="mcp-sign-in small" data-testid="mcp-sign-in">
      {status.state === 'signed-in' ? (
        <>
          <span className="plain-text" data-testid="mcp-signed-in">
            {status.account ? `Signed in as ${status.account}` : 'Signed in'}
          </span>
          <button
            ref={action}
            type="button"
            className="button"
            data-testid="mcp-sign-out"
            aria-disabled={busy}
            onClick={() => void act(signOut)}
          >
            Sign out
          </button>
        </>
      ) : (
        <button
          ref={action}
          type="button"
          className="button"
          data-testid="mcp-sign-in-button"
          aria-disabled={busy}
          onClick={() => void act(signIn)}
        >
          {busy ? 'Waiting for the browser…' : 'Sign in'}
        </button>
      )}
      {busy && page && (
        <button type="button" className="button" data-testid="mcp-sign-in-page" onClick={() => void openLink(page)}>
          Open the sign-in page again
        </button>
      )}
      {problem && (
        <p className="field-error" role="alert" data-testid="mcp-sign-in-error">
          {problem}
        </p>
      )}
    </div>
  );
}

import type { RegistryInstallPlan } from '../../../../../shared/mcp/mcp-registry';

/** Exactly what will run, as main built it: command and each argument, address, version, environment names, sandbox. Plain text. */
export function RegistryPlanView({ plan, changes }: { plan: RegistryInstallPlan; changes: string[] | null }) {
  const launch = plan.launch;
  const envNames = plan.inputs.filter((input) => input.kind === 'env').map((input) => input.name);
  return (
    <div className="mcp-registry-plan" data-testid="mcp-registry-plan">
      <dl className="mcp-registry-facts">
        <dt>Server</dt>
        <dd className="plain-text">
          {plan.server} {plan.version}
        </dd>
        {plan.packageIdentifier && (
          <>
            <dt>Package</dt>
            <dd className="plain-text" data-testid="mcp-registry-package">
              {plan.packageIdentifier} {plan.packageVersion} ({plan.transport === 'pypi' ? 'PyPI' : plan.transport})
            </dd>
          </>
        )}
        <dt>Name in TACO</dt>
        <dd>
          <code>{plan.localName}</code>
        </dd>
      </dl>
      {launch.type === 'command' ? (
        <>
          <div className="detail-label">The command that will run</div>
          <pre className="plain-text mcp-stderr" data-testid="mcp-registry-command">
            {[launch.command, ...launch.args].join(' ')}
          </pre>
          <div className="detail-label">Its arguments, one per line</div>
          <ol className="mcp-registry-args" data-testid="mcp-registry-args">
            {launch.args.map((arg, index) => (
              <li key={index}>
                <code className="plain-text">{arg}</code>
              </li>
            ))}
          </ol>
          <p className="small" data-testid="mcp-registry-env">
            Environment variables: {envNames.length > 0 ? envNames.join(', ') : 'none'}.
          </p>
          {Object.keys(launch.env).length > 0 && (
            <p className="small plain-text" data-testid="mcp-registry-cache">
              Set by TACO (its own package cache):{' '}
              {Object.entries(launch.env)
                .map(([name, value]) => `${name}=${value}`)
                .join(', ')}
              .{launch.env['UV_PYTHON_DOWNLOADS'] === 'never' && ' uv runs it on a Python already on this computer and downloads none.'}
            </p>
          )}
          {launch.sandbox !== null ? (
            <p className="small" data-testid="mcp-registry-sandbox">
              Sandbox: it may write only {launch.sandbox.write.length > 0 ? launch.sandbox.write.join(', ') : 'nothing'} (and a private
              /tmp); {networkWords(launch.sandbox.network)}
            </p>
          ) : (
            <p className="small" data-testid="mcp-registry-sandbox">
              Not sandboxed by TACO: Docker&apos;s daemon starts the container, outside TACO&apos;s sandbox. What the container can reach is
              Docker&apos;s own isolation; TACO refuses the flags that would give it your files, devices, this machine's network or more
              privileges.
            </p>
          )}
        </>
      ) : (
        <>
          <div className="detail-label">The address TACO will connect to</div>
          <pre className="plain-text mcp-stderr" data-testid="mcp-registry-command">
            {launch.url}
            {launch.sse ? ' (SSE)' : ''}
          </pre>
          <p className="small">A remote server runs elsewhere; if it asks you to sign in, Sign in appears on its row.</p>
        </>
      )}
      {changes !== null && (
        <div data-testid="mcp-registry-changes">
          <div className="detail-label">What changes</div>
          {changes.length === 0 ? (
            <p className="small">Only the version; the command stays the same.</p>
          ) : (
            <ul className="small">
              {changes.map((change) => (
                <li key={change} className="plain-text">
                  {change}
                </li>
              ))}
            </ul>
          )}
          <p className="small">Its tools are compared with the ones you reviewed: a changed or new tool asks until you accept it.</p>
        </div>
      )}
      {plan.notes.length > 0 && (
        <ul className="small muted" data-testid="mcp-registry-notes">
          {plan.notes.map((note) => (
            <li key={note} className="plain-text">
              Not used: {note}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The hosts the sandbox's proxy lets it reach, as the install card lists them. */
function networkWords(hosts: readonly string[]): string {
  if (hosts.length === 0) return 'no network.';
  return `network: only ${hosts.join(', ')}, through TACO's proxy (to download the package, and the service its publisher declares); name more in Settings → MCP servers if it needs them.`;
}

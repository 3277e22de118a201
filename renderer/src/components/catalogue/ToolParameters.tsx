import type { ToolInfo } from '../../../../shared/tools/tool-info';

/** A tool's parameters as a table (type, whether optional, description, allowed values, default). */
export function ToolParameters({ parameters: byName }: { parameters: ToolInfo['parameters'] }) {
  const parameters = Object.entries(byName);
  return parameters.length > 0 ? (
    <table className="parameters">
      <thead>
        <tr>
          <th scope="col">Parameter</th>
          <th scope="col">Type</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {parameters.map(([name, parameter]) => (
          <tr key={name}>
            <td>
              <code>{name}</code>
              {parameter.required ? '' : <span className="muted"> (optional)</span>}
            </td>
            <td>{parameter.type === 'array' && parameter.items ? `${parameter.items.type}[]` : parameter.type}</td>
            <td className="plain-text">
              {parameter.description}
              {parameter.enum ? ` One of: ${parameter.enum.join(', ')}.` : ''}
              {parameter.default !== undefined ? ` Default: ${String(parameter.default)}.` : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ) : (
    <p className="muted small">No parameters.</p>
  );
}

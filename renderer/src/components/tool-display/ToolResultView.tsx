import { useMemo, useState } from 'react';
import { resultShape } from './structured-result';
import { ScrollText } from '../ui/ScrollText';

/**
 * A tool's result as a person reads it: a list of records as a table, one record as labelled
 * fields (multi-line values with their line breaks), anything else as text; the raw text a click
 * away. Every value is a text node (tool output is untrusted).
 */
export function ToolResultView({ text }: { text: string }) {
  const shape = useMemo(() => resultShape(text), [text]);
  const [raw, setRaw] = useState(false);
  if (shape.type === 'text' || raw)
    return (
      <div className="tool-result" data-testid="tool-result" data-shape={raw ? 'raw' : 'text'}>
        <ScrollText className="plain-text" label="Tool output">
          {raw ? text : shape.type === 'text' ? shape.text : text}
        </ScrollText>
        {raw && (
          <button type="button" className="link-button small" onClick={() => setRaw(false)}>
            Show formatted
          </button>
        )}
      </div>
    );
  return (
    <div className="tool-result" data-testid="tool-result" data-shape={shape.type}>
      {shape.type === 'table' ? (
        <div className="tool-result-table-wrap">
          <table className="tool-result-table">
            <thead>
              <tr>
                {shape.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shape.rows.map((row, index) => (
                <tr key={index}>
                  {shape.columns.map((column) => (
                    <td key={column}>{row[column]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {shape.more > 0 && <p className="muted small">and {shape.more} more rows (see the raw text)</p>}
        </div>
      ) : (
        <dl className="tool-result-fields">
          {shape.fields.map((field) => (
            <div key={field.name} className={field.multiline ? 'field-multiline' : undefined}>
              <dt>{field.name}</dt>
              <dd className={field.multiline ? 'plain-text tool-result-block' : 'plain-text'}>{field.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <button type="button" className="link-button small" onClick={() => setRaw(true)}>
        Show raw
      </button>
    </div>
  );
}

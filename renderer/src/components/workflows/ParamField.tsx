import type { WorkflowParam, WorkflowParamValue } from '../../../../shared/workflows/workflow';
import { Select } from '../ui/Select';
import { PathField } from './PathField';

interface Props {
  param: WorkflowParam;
  value: WorkflowParamValue | undefined;
  error: string | undefined;
  onChange(value: WorkflowParamValue): void;
}

/** One param of a workflow's form, as its type's native control. */
export function ParamField({ param, value, error, onChange }: Props) {
  const id = `wf-${param.name}`;
  const text = value === undefined ? '' : String(value);
  const control = (() => {
    switch (param.type) {
      case 'string':
        return (
          <input
            id={id}
            type="text"
            value={text}
            maxLength={param.max}
            data-testid={`workflow-param-${param.name}`}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      case 'text':
        return (
          <textarea
            id={id}
            rows={4}
            value={text}
            maxLength={param.max}
            data-testid={`workflow-param-${param.name}`}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      case 'number':
        return (
          <input
            id={id}
            type="number"
            value={text}
            min={param.min}
            max={param.max}
            data-testid={`workflow-param-${param.name}`}
            onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
          />
        );
      case 'boolean':
        return (
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            data-testid={`workflow-param-${param.name}`}
            onChange={(e) => onChange(e.target.checked)}
          />
        );
      case 'enum':
        return (
          <Select
            id={id}
            value={text}
            data-testid={`workflow-param-${param.name}`}
            onChange={onChange}
            options={[
              ...(!param.required && param.default === undefined ? [{ value: '', label: '—' }] : []),
              ...(param.options ?? []).map((option) => ({ value: option, label: option })),
            ]}
          />
        );
      case 'date':
        return (
          <input id={id} type="date" value={text} data-testid={`workflow-param-${param.name}`} onChange={(e) => onChange(e.target.value)} />
        );
      case 'file':
      case 'folder':
        return <PathField id={param.name} kind={param.type} value={text} onChange={onChange} />;
      default: {
        const unreachable: never = param.type;
        return unreachable;
      }
    }
  })();
  return (
    <div className="field">
      <label className="field-label" htmlFor={param.type === 'file' || param.type === 'folder' ? param.name : id}>
        {param.label}
        {param.required ? ' *' : ''}
      </label>
      {control}
      {param.help && <span className="field-hint">{param.help}</span>}
      {error && (
        <span className="field-error" role="alert" data-testid={`workflow-error-${param.name}`}>
          {error}
        </span>
      )}
    </div>
  );
}

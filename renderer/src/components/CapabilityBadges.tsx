import type { ModelInfo } from '../../../shared/models';

const SHOWN = ['tools', 'thinking', 'vision'] as const;

/** Badges for what a model can do (tools, thinking, vision). */
export function CapabilityBadges({ model }: { model: ModelInfo }) {
  const capabilities = model.capabilities;
  if (!capabilities) return null;
  const shown = SHOWN.filter((name) => capabilities.includes(name));
  if (shown.length === 0) return null;
  return (
    <span className="badges" data-testid="model-badges">
      {shown.map((name) => (
        <span key={name} className={`badge capability capability-${name}`} data-capability={name}>
          {name}
        </span>
      ))}
    </span>
  );
}

import type { ModelInfo } from '../../../../shared/models/models';
import { modelCapabilities } from './model-capabilities';

const TITLES = {
  tools: 'Can call tools (files, commands, the web)',
  thinking: 'Thinks before it answers',
  vision: 'Can see images you attach',
} as const;

/** Badges for what a model can do (tools, thinking, vision). */
export function CapabilityBadges({ model }: { model: ModelInfo }) {
  const shown = modelCapabilities(model);
  if (shown.length === 0) return null;
  return (
    <span className="badges" data-testid="model-badges">
      {shown.map((name) => (
        <span key={name} className={`badge capability capability-${name}`} data-capability={name} title={TITLES[name]}>
          {name}
        </span>
      ))}
    </span>
  );
}

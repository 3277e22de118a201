export { runAgent } from './run-agent';
export { timelineToHistory } from './timeline-to-history';
export { AGENT_DEFAULTS } from './agent-defaults';
export type { AgentRunInput, AgentRunOutcome } from './agent-types';

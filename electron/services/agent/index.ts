export { runAgent } from './loop/run-agent';
export { timelineToHistory } from './context/timeline-to-history';
export { AGENT_DEFAULTS } from './agent-defaults';
export type { AgentRunInput, AgentRunOutcome } from './loop/agent-types';

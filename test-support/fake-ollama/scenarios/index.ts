import type { Scenario } from '../scenario-types';
import { agentDemo } from './agent-demo';
import { basicChat } from './basic-chat';
import { concurrentTasks } from './concurrent-tasks';
import { contextFilled } from './context-filled';
import { conversations } from './conversations';
import { benchFirstToken } from './bench-first-token';
import { benchPacedStream } from './bench-paced-stream';
import { benchToolRounds } from './bench-tool-rounds';
import { httpError500 } from './http-error-500';
import { longStream } from './long-stream';
import { markdown } from './markdown';
import { mcpEcho } from './mcp-echo';
import { midStreamError } from './mid-stream-error';
import { modelAdmin } from './model-admin';
import { modelNotFound } from './model-not-found';
import { pullProgress } from './pull-progress';
import { slowStream } from './slow-stream';
import { thinking } from './thinking';
import { toolRoundTrip } from './tool-round-trip';
import { truncatedStream } from './truncated-stream';
import { visionChat } from './vision-chat';
import { workflows } from './workflows';

/** Every named scenario. Add a file and a line here to script a new model behaviour. */
export const SCENARIOS: Readonly<Record<string, Scenario>> = Object.fromEntries(
  [
    basicChat,
    conversations,
    thinking,
    slowStream,
    midStreamError,
    httpError500,
    truncatedStream,
    modelNotFound,
    pullProgress,
    longStream,
    toolRoundTrip,
    agentDemo,
    benchToolRounds,
    markdown,
    visionChat,
    modelAdmin,
    benchPacedStream,
    workflows,
    contextFilled,
    concurrentTasks,
    benchFirstToken,
    mcpEcho,
  ].map((scenario) => [scenario.name, scenario]),
);

export function scenarioNames(): string[] {
  return Object.keys(SCENARIOS).sort();
}

/** The scenario with this name; throws with the list of known names otherwise. */
export function findScenario(name: string): Scenario {
  const scenario = SCENARIOS[name];
  if (!scenario) throw new Error(`Unknown fake Ollama scenario "${name}". Known scenarios: ${scenarioNames().join(', ')}.`);
  return scenario;
}

import type { Scenario } from '../scenario-types';
import { agentDemo } from './tools/agent-demo';
import { artifacts } from './chat/artifacts';
import { basicChat } from './chat/basic-chat';
import { concurrentTasks } from './tools/concurrent-tasks';
import { documentsDemo } from './tools/documents-demo';
import { contextFilled } from './chat/context-filled';
import { conversations } from './chat/conversations';
import { benchFirstToken } from './bench/bench-first-token';
import { benchPacedStream } from './bench/bench-paced-stream';
import { benchToolRounds } from './bench/bench-tool-rounds';
import { httpError500 } from './errors/http-error-500';
import { longStream } from './chat/long-stream';
import { markdown } from './chat/markdown';
import { mcpEcho } from './tools/mcp-echo';
import { modelCheck } from './tools/model-check';
import { midStreamError } from './errors/mid-stream-error';
import { modelAdmin } from './models/model-admin';
import { modelNotFound } from './errors/model-not-found';
import { pullProgress } from './models/pull-progress';
import { slowStream } from './chat/slow-stream';
import { thinking } from './chat/thinking';
import { toolRoundTrip } from './tools/tool-round-trip';
import { runCommand } from './tools/run-command';
import { truncatedStream } from './errors/truncated-stream';
import { visionChat } from './chat/vision-chat';
import { workflows } from './tools/workflows';

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
    documentsDemo,
    runCommand,
    modelCheck,
    artifacts,
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

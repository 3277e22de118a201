import type { ToolContext } from '../../../../tools/catalogue/tool-runtime-types';
import { createNetworkPolicy } from '../../../../tools/web/network-policy';
import { documentsPort, fileVersions } from './document-ports';
import { knowledgePort } from './knowledge-port';
import type { RunShared } from '../loop/run-context';
import { findToolsForRun } from '../tool-selection/run-tool-selection';
import { skillsPort } from '../tool-selection/skills-port';

export interface CallPlace {
  callId: string;
  frameId: string;
}

/**
 * The ToolContext a tool runs with. `askUser` marks the frame as waiting for the user while the
 * question gate waits; `delegate` runs a sub-agent whose calls stack above this call's frame.
 */
export function createToolContext(shared: RunShared, place: CallPlace): ToolContext {
  const { input } = shared;
  return {
    workspace: input.workspace,
    signal: shared.signal,
    conversationId: input.conversationId,
    runId: input.runId,
    callId: place.callId,
    memory: input.memory,
    ...(input.versions || input.documents ? { versions: fileVersions(shared, place.callId) } : {}),
    ...(input.documents ? { documents: documentsPort(shared, input.documents) } : {}),
    ...(input.webSearch ? { webSearch: input.webSearch } : {}),
    ...(input.knowledge ? { knowledge: knowledgePort(shared, input.knowledge) } : {}),
    ...(input.skills ? { skills: skillsPort(shared) } : {}),
    async askUser(question) {
      input.stack.update(place.frameId, { state: 'waiting-user', waitingFor: 'your answer' });
      try {
        return await input.questions.ask(
          { runId: input.runId, conversationId: input.conversationId, callId: place.callId, question },
          shared.signal,
        );
      } finally {
        input.stack.update(place.frameId, { state: 'running', waitingFor: null });
      }
    },
    delegate: (task, documents) => shared.delegate(place.frameId, task, documents),
    network: createNetworkPolicy({ allowPrivate: input.allowPrivateNetworkFetch ?? false }),
    ...(input.commandSandbox ? { commandSandbox: input.commandSandbox } : {}),
    findTools: (query) => findToolsForRun(shared, query),
  };
}

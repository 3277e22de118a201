import { lastUserText, reply, toolResults } from '../../reply-builders';
import type { FakeChatRequest, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** The prefix that makes the call ask for the network, its first word the hosts (comma-separated): `NETWORK: pypi.org,example.com curl …`. */
export const NETWORK_PREFIX = 'NETWORK: ';
/** The prefix that makes the call say it writes the workspace: `WRITE: make`. */
export const WRITE_PREFIX = 'WRITE: ';

/**
 * Runs the user's message as one run_command call (`{"command": <message>}`, plus
 * `"network": [hosts]` when the message starts with NETWORK_PREFIX and the hosts), then answers with the tool's
 * result verbatim, so a test reads what the command printed.
 */
export function runCommandReply(request: FakeChatRequest): Reply {
  const last = request.messages.at(-1);
  if (last?.role === 'tool') return reply.text(`Result: ${toolResults(request).at(-1)?.content ?? ''}`);
  const text = lastUserText(request);
  if (text.startsWith(NETWORK_PREFIX)) {
    const [hosts = '', ...command] = text.slice(NETWORK_PREFIX.length).split(' ');
    return reply.toolCall('run_command', { command: command.join(' '), network: hosts.split(',') });
  }
  if (text.startsWith(WRITE_PREFIX))
    return reply.toolCall('run_command', { command: text.slice(WRITE_PREFIX.length), write_workspace: true });
  return reply.toolCall('run_command', { command: text }, { text: 'Running it.' });
}

/** One run_command per user turn, its command the user's words: for the sandbox tests. */
export const runCommand: Scenario = {
  name: 'run-command',
  description: `Each user turn: run_command with the user's message as the command (network to the hosts after "${NETWORK_PREFIX}", write_workspace with "${WRITE_PREFIX}"), then the result verbatim.`,
  models: standardModels(),
  replies: [],
  whenExhausted: runCommandReply,
};

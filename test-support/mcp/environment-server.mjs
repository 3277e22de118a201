// An MCP server over stdio that answers only `initialize`, with what it was started with as its
// instructions (JSON): its environment, working folder, arguments and the `initialize` params it
// received. Arguments: `exit` writes a line to stderr and exits with code 3 before reading
// anything; `changed` announces a changed tool list once initialized; `elicit` then asks the
// client a question (elicitation/create).
import { createInterface } from 'node:readline';

if (process.argv.includes('exit')) {
  process.stderr.write('environment server: asked to exit\n');
  process.exit(3);
}

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === 'initialize') {
    const started = { env: process.env, cwd: process.cwd(), argv: process.argv.slice(2), initialize: message.params };
    send({
      id: message.id,
      result: {
        protocolVersion: message.params.protocolVersion,
        capabilities: {},
        serverInfo: { name: 'environment', version: '1.0.0' },
        instructions: JSON.stringify(started),
      },
    });
  }
  if (message.method === 'notifications/initialized') {
    if (process.argv.includes('changed')) send({ method: 'notifications/tools/list_changed' });
    if (process.argv.includes('elicit'))
      send({
        id: 'ask',
        method: 'elicitation/create',
        params: { mode: 'form', message: 'Which colour?', requestedSchema: { type: 'object', properties: { colour: { type: 'string' } } } },
      });
  }
});

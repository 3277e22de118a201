/**
 * The MCP conformance suite's client under test: `npx tsx scripts/mcp-conformance-client.ts <server-url>`
 * with MCP_CONFORMANCE_SCENARIO (and MCP_CONFORMANCE_CONTEXT for auth scenarios) set by the suite
 * (@modelcontextprotocol/conformance, `client --command`). It drives what ships: TACO's MCP service
 * (connection, Streamable HTTP transport, OAuth, tool adapter and caller), the CLI's unattended
 * elicitation answer, never a bare SDK client. Exit 0 when the scenario's steps ran.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runConformanceScenario } from './mcp-conformance/conformance-scenario';

async function main(): Promise<number> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const serverUrl = process.argv[2];
  if (!scenario || !serverUrl) {
    console.error('Usage: MCP_CONFORMANCE_SCENARIO=<scenario> npx tsx scripts/mcp-conformance-client.ts <server-url>');
    return 2;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taco-mcp-conformance-'));
  try {
    const configFile = path.join(dataDir, 'conformance-servers.json');
    writeFileSync(configFile, JSON.stringify({ mcpServers: { conformance: { url: serverUrl, approval: 'never-ask' } } }));
    const outcome = await runConformanceScenario({
      scenario,
      context: process.env.MCP_CONFORMANCE_CONTEXT ?? null,
      dataDir,
      serverUrl,
      configFile,
      log: (line) => console.error(line),
    });
    for (const line of outcome.steps) console.log(line);
    return 0;
  } catch (error) {
    console.error(`Scenario ${scenario} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

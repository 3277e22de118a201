import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createMcpService } from '../electron/services/mcp/mcp-service';
import { createTestToolContext } from '../tools/catalogue/tool-test-context';
import { everythingServer, EVERYTHING_SCRIPT } from '../test-support/mcp/mcp-test-servers';
import { BENCH_DEFAULTS } from './bench-defaults';
import type { BenchLog, Samples } from './report/bench-figures';
import { interleave, median } from './report/bench-stats';

const TOOL = 'mcp__everything__echo';

/**
 * mcp_call_overhead_ms: TACO's added time per MCP call — argument check (ajv), the service's
 * call path, result conversion — over the SDK's bare `callTool`, both on server-everything's
 * `echo` over stdio. The two run interleaved call by call; each run's sample is the difference
 * of the two medians over BENCH_DEFAULTS.mcpCallsPerRun calls.
 */
export async function runMcpBench(options: BenchLog): Promise<Samples> {
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-mcp-'));
  const service = createMcpService({ dataDir, emit: () => undefined, pathValue: async () => process.env.PATH ?? '', log: options.log });
  const bare = new Client({ name: 'bench-bare', version: '1.0.0' }, { capabilities: {} });
  try {
    await service.save('everything', everythingServer(), false);
    await service.settled(60_000);
    const tool = service.tools().find((each) => each.info.toolId === TOOL);
    if (!tool) throw new Error(`server-everything did not become ready: ${JSON.stringify(service.list()[0]?.error ?? null)}`);
    await bare.connect(new StdioClientTransport({ command: 'node', args: [EVERYTHING_SCRIPT, 'stdio'], stderr: 'ignore' }));

    const context = createTestToolContext();
    const viaTaco = async (message: string): Promise<number> => {
      const started = performance.now();
      const args = tool.argsSchema.parse({ message });
      const outcome = await tool.run(args, context);
      const elapsed = performance.now() - started;
      if (outcome.type !== 'result' || outcome.output !== `Echo: ${message}`) throw new Error('TACO’s echo call answered something else.');
      return elapsed;
    };
    const viaSdk = async (message: string): Promise<number> => {
      const started = performance.now();
      const result = await bare.callTool({ name: 'echo', arguments: { message } });
      const elapsed = performance.now() - started;
      if (JSON.stringify(result.content).indexOf(`Echo: ${message}`) < 0) throw new Error('The bare echo call answered something else.');
      return elapsed;
    };

    for (let warm = 0; warm < BENCH_DEFAULTS.mcpWarmupCalls; warm += 1) {
      await viaTaco(`warm ${warm}`);
      await viaSdk(`warm ${warm}`);
    }
    const samples: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const taco: number[] = [];
      const sdk: number[] = [];
      let call = 0;
      for (const variant of interleave(['taco', 'sdk'] as const, BENCH_DEFAULTS.mcpCallsPerRun)) {
        call += 1;
        if (variant === 'taco') taco.push(await viaTaco(`call ${call}`));
        else sdk.push(await viaSdk(`call ${call}`));
      }
      const overhead = median(taco) - median(sdk);
      options.log(`  run ${run + 1}: TACO ${median(taco).toFixed(3)} ms, bare SDK ${median(sdk).toFixed(3)} ms per call`);
      samples.push(Math.max(0, overhead));
    }
    return { mcp_call_overhead_ms: samples };
  } finally {
    await bare.close().catch(() => undefined);
    await service.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

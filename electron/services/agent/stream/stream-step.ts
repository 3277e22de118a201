import { offeredDefinitions } from '../context/offered-definitions';
import type { ChatMessage, ProviderToolCall, StepUsage } from '../../provider/provider-types';
import { conversationModelOptions } from '../context/conversation-model-options';
import { fitContext, promptBudget, undroppableChars } from '../context/context-window';
import { serverCharsPerToken, toolsCutStatus, toolsThatFit } from '../context/fit-tools';
import { DEFAULTS } from '../../../../shared/constants';
import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import { createDeltaBuffer } from './delta-buffer';
import { createEventLoopYielder } from './event-loop-yield';
import { emitStatus, type LoopScope, type RunShared } from '../loop/run-context';
import { abortable } from '../loop/run-signal';
import { STATUS } from '../status/status-texts';
import type { StepResult } from '../loop/step-decision';
import { buildSystemPrompt } from '../context/prompt/system-prompt';
import { promptTail } from '../context/prompt/prompt-tail';
import { createTextCallFilter, type TextCallFilter } from '../repairs/text-call-filter';
import { createConstrainedReplyFilter } from '../repairs/constrained-reply-filter';
import { constrainedReplySchema } from '../context/constrained-format';
import { createMarkerNormalizer } from '../repairs/tool-call-markers';
import { resolveTool } from '../repairs/tool-call-repair';
import { usageFigures } from './usage-report';
import { toolsForRequest } from '../tool-selection/run-tool-selection';
import { chosenSkills } from '../tool-selection/relevant-skills';
import { spanEnd, spanStart } from '../loop/round-spans';

export interface StepOptions {
  /** False for the summary at max_iterations: no tools sent, no calls read from the text. */
  toolsOffered: boolean;
  /** Messages sent after the history for this request only (the summary instruction). */
  extra?: ChatMessage[];
}

export type StepOutcome =
  | { type: 'ok'; step: StepResult }
  /** The provider failed or the run was stopped; `partialText` is what was shown so far. */
  | { type: 'failed'; error: unknown; partialText: string };

/**
 * Streams one step: builds the request (the run's fixed system prompt, the history fitted to
 * num_ctx, the stack context last, tools only for tools-capable models), emits text and thinking as they arrive (holding
 * back text that may be a tool call written as JSON), and reports usage.
 */
export async function streamStep(shared: RunShared, scope: LoopScope, options: StepOptions): Promise<StepOutcome> {
  const { input } = shared;
  // Prompt mode: the server's grammar keeps the reply to one offered call or an answer.
  const constrainedFor = (offered: readonly RegisteredTool[]): boolean =>
    (input.constrainedPromptFormat ?? DEFAULTS.agent.constrainedPromptFormat) &&
    options.toolsOffered &&
    shared.mode === 'prompt' &&
    offered.length > 0 &&
    shared.formatIgnored !== true;
  const system = (offered: readonly RegisteredTool[]): ChatMessage => ({
    role: 'system',
    content: buildSystemPrompt({
      tools: offered,
      mode: shared.mode,
      workspace: input.workspace,
      role: scope.role,
      toolsOffered: options.toolsOffered,
      userPrompt: input.conversation?.systemPrompt ?? null,
      projectInstructions: input.conversation?.projectInstructions ?? null,
      memorySection: scope.role === 'main' ? shared.memorySection : null,
      knowledgeSection: scope.role === 'main' ? shared.knowledgeSection : null,
      constrained: constrainedFor(offered),
      skills: chosenSkills(shared),
    }),
  });
  const definitionsOf = (offered: readonly RegisteredTool[]) =>
    options.toolsOffered && shared.mode === 'native' && offered.length > 0 ? offeredDefinitions(offered, shared.numCtx) : [];
  // What changes from step to step goes last, so the server reuses its cache for the rest.
  const stackStarted = spanStart(shared);
  const stackContext = input.stack.contextPrompt(scope.goal);
  spanEnd(shared, 'stack-context', stackStarted);
  const run = [...scope.messages, ...(options.extra ?? []), ...promptTail(stackContext)];
  const extraReserveTokens = scope.fitReserveTokens ?? 0;
  let charsPerToken: number = DEFAULTS.agent.charsPerToken;
  // Tools get the window's room only after the history: fewer go out when even the shortest history leaves them none.
  const fitToWindow = async (selected: RegisteredTool[], keep: ReadonlySet<string>): Promise<RegisteredTool[]> => {
    const definitions = definitionsOf(selected);
    const messages = [system(selected), ...scope.earlier, scope.current, ...run];
    charsPerToken = await serverCharsPerToken(input.provider, { model: input.model, messages, tools: definitions, signal: shared.signal });
    const fitted = toolsThatFit({
      tools: selected,
      keep: (tool) => keep.has(tool.info.toolId),
      undroppableChars: (offered) =>
        undroppableChars({ system: system(offered), current: scope.current, run, tools: definitionsOf(offered) }),
      budgetTokens: promptBudget(shared.numCtx, extraReserveTokens),
      charsPerToken,
    });
    if (fitted.length < selected.length) emitStatus(shared, toolsCutStatus(fitted.length, selected.length, shared.numCtx));
    return fitted;
  };
  // Past the tool budget only the most relevant tools go out (tool-selection/).
  const selectionStarted = spanStart(shared);
  const tools = options.toolsOffered && shared.tools.length > 0 ? await toolsForRequest(shared, scope, fitToWindow) : shared.tools;
  spanEnd(shared, 'selection', selectionStarted);
  const buildStarted = spanStart(shared);
  // This step's calls may use only what it offered (call-target.ts): nothing when it offered no tools.
  scope.offered = options.toolsOffered ? tools : [];
  const definitions = definitionsOf(tools);
  const sendTools = definitions.length > 0;
  const constrained = constrainedFor(tools);
  const fitted = fitContext({
    system: system(tools),
    earlier: scope.earlier,
    current: scope.current,
    run,
    tools: definitions,
    numCtx: shared.numCtx,
    extraReserveTokens,
    charsPerToken,
  });

  // Template markers (<tool_call>, [TOOL_CALLS], <|python_tag|>) become JSON lines; without tools
  // (the summary) any call the model still writes is held out of the answer, never run.
  const markers = createMarkerNormalizer();
  const constrainedReader = constrained ? createConstrainedReplyFilter() : null;
  const filter =
    constrainedReader ??
    (options.toolsOffered ? createFilter(shared) : createTextCallFilter({ claim: (parse) => parse.type !== 'not-a-call' }));
  let rawText = '';
  let shown = '';
  const nativeCalls: ProviderToolCall[] = [];
  let usage: StepUsage | null = null;
  // Deltas of a burst go out as one event; anything else the step emits sends them first.
  const deltas = createDeltaBuffer({ emit: (event) => shared.emit(event) });
  const show = (text: string): void => {
    if (!text) return;
    if (shown === '' && scope.showText) {
      deltas.flush();
      emitStatus(shared, STATUS.formulating);
    }
    shown += text;
    if (scope.showText) deltas.push('text-delta', text);
  };

  spanEnd(shared, 'request-build', buildStarted);
  let providerStarted = spanStart(shared);
  let streamStarted = 0;
  try {
    const stream = input.provider.streamChat({
      model: input.model,
      messages: fitted.messages,
      ...(sendTools ? { tools: definitions } : {}),
      ...(constrained ? { format: constrainedReplySchema(tools.map((tool) => tool.definition)) } : {}),
      ...conversationModelOptions(input.conversation),
      signal: shared.signal,
    });
    const yielder = createEventLoopYielder();
    for await (const chunk of abortable(stream, shared.signal)) {
      if (providerStarted !== 0) {
        spanEnd(shared, 'provider-wait', providerStarted);
        providerStarted = 0;
        streamStarted = spanStart(shared);
      }
      const pause = yielder.due();
      if (pause) await pause;
      switch (chunk.type) {
        case 'text':
          rawText += chunk.text;
          show(filter.push(markers.push(chunk.text)));
          break;
        case 'thinking':
          if (scope.showText) deltas.push('thinking-delta', chunk.text);
          break;
        case 'tool-calls':
          nativeCalls.push(...chunk.calls);
          break;
        case 'waiting':
          deltas.flush();
          emitStatus(shared, chunk.text);
          break;
        case 'done':
          usage = chunk.usage;
          break;
        default: {
          const unreachable: never = chunk;
          void unreachable;
        }
      }
    }
  } catch (error) {
    deltas.dispose();
    return { type: 'failed', error, partialText: shown };
  }

  spanEnd(shared, 'provider-stream', streamStarted);
  const tail = markers.end();
  if (tail) show(filter.push(tail));
  const end = filter.end();
  show(end.flushed);
  // A reply that was not JSON: the server does not honour `format`; the run stops sending it.
  if (constrainedReader?.ignored()) shared.formatIgnored = true;
  deltas.dispose();
  if (usage) {
    if (usage.numCtx > 0) shared.numCtx = usage.numCtx;
    shared.emit({ type: 'usage', ...usageFigures(usage, fitted.estimatedTokens) });
  }
  return {
    type: 'ok',
    step: {
      visibleText: shown,
      rawText,
      nativeCalls,
      textCalls: options.toolsOffered ? end.calls : [],
      unreadableCalls: options.toolsOffered ? end.invalid : [],
      generatedTokens: usage?.completionTokens ?? 0,
    },
  };
}

/**
 * Tools-capable models: only a call to a tool we have is taken out of the text. Prompt-based
 * models: every block written as a call is taken out, readable or not (an unknown tool name gets
 * the unknown-tool repair, an unreadable one is sent back with its error).
 */
function createFilter(shared: RunShared): TextCallFilter {
  return createTextCallFilter({
    claim(parse) {
      switch (parse.type) {
        case 'call':
          return shared.mode === 'prompt' || resolveTool(shared.input.tools, parse.call.name) !== undefined;
        case 'invalid':
          return shared.mode === 'prompt';
        case 'not-a-call':
          return false;
        default: {
          const unreachable: never = parse;
          return unreachable;
        }
      }
    },
  });
}

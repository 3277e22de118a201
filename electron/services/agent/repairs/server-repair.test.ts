import { describe, expect, it } from 'vitest';
import { serverRepairMessage, serverRepairStopText } from './server-repair';

const HOST = 'http://127.0.0.1:8080';

describe('serverRepairMessage: what the model is told, once', () => {
  it('an unreadable call: the server’s words, then how to write it', () => {
    expect(serverRepairMessage({ type: 'malformed-call', detail: 'bad json at 12' })).toEqual({
      role: 'user',
      content:
        'Your last tool call could not be read by the model server: bad json at 12\n' +
        'Write the call again: the tool name, and the arguments as one valid JSON object (double-quoted keys and strings, nothing after the closing brace). Or answer without a tool.',
    });
  });

  it('a cut call: what was cut, and that older messages went only when the context was full', () => {
    expect(serverRepairMessage({ type: 'cut-call', detail: 'write_file stopped at 4096 tokens', contextFull: false })).toEqual({
      role: 'user',
      content:
        'Your last tool call was cut off before its arguments were complete, so it was not run: write_file stopped at 4096 tokens.\n' +
        'Write the call again with shorter arguments (a long text in parts), or answer without a tool.',
    });
    expect(serverRepairMessage({ type: 'cut-call', detail: 'x', contextFull: true }).content).toBe(
      'Your last tool call was cut off before its arguments were complete, so it was not run: x.\n' +
        'Older messages were dropped to make room. Write the call again with shorter arguments (a long text in parts), or answer without a tool.',
    );
  });

  it('an empty reply: ended at once for none or one token (the end token), dropped by the server from two on', () => {
    const atOnce =
      'Your last reply was empty: you ended it before writing anything.\n' +
      'Answer the request in plain text, or call one of the available tools by its exact name with valid JSON arguments.';
    for (const generatedTokens of [0, 1])
      expect(serverRepairMessage({ type: 'empty-step', generatedTokens })).toEqual({ role: 'user', content: atOnce });
    expect(serverRepairMessage({ type: 'empty-step', generatedTokens: 2 })).toEqual({
      role: 'user',
      content:
        'Your last reply reached me empty: you generated 2 tokens, but the model server dropped them (usually a tool call it could not read, or a call to a tool that does not exist).\n' +
        'Call one of the available tools by its exact name with valid JSON arguments, or answer in plain text.',
    });
  });
});

describe('serverRepairStopText: what the user reads when telling the model did not help', () => {
  it('an unreadable call again: the server’s own words when there are any, else the detail', () => {
    const tail =
      ' The model was told what was wrong once and wrote an unreadable call again. Try again, or pick a model that writes tool calls more reliably.';
    expect(serverRepairStopText({ type: 'malformed-call', detail: 'detail' }, HOST, 'Server says no.')).toBe(`Server says no.${tail}`);
    expect(serverRepairStopText({ type: 'malformed-call', detail: 'detail.' }, HOST, null)).toBe(`detail.${tail}`);
  });

  it('a cut call again: what to do depends on whether the context is full', () => {
    expect(serverRepairStopText({ type: 'cut-call', detail: 'The call was cut', contextFull: true }, HOST, null)).toBe(
      "The call was cut, twice. The model's context is full: start a new conversation, turn off some tools, or raise the server's context size.",
    );
    expect(serverRepairStopText({ type: 'cut-call', detail: 'The call was cut', contextFull: false }, HOST, 'ignored')).toBe(
      'The call was cut, twice. Ask for a shorter result, or raise the length limit of the server.',
    );
  });

  it('an empty reply again names the server it came from, and whether the model or the server emptied it', () => {
    for (const generatedTokens of [0, 1]) {
      expect(serverRepairStopText({ type: 'empty-step', generatedTokens }, HOST, null)).toBe(
        `The model answered with nothing twice on ${HOST} (it ended each reply at once, before writing anything). Try again, rephrase the request, or pick another model.`,
      );
    }
    expect(serverRepairStopText({ type: 'empty-step', generatedTokens: 37 }, HOST, null)).toBe(
      `The model server at ${HOST} returned an empty answer twice (the model generated 37 tokens that the server dropped, usually an unreadable tool call). Try again, or pick another model.`,
    );
  });
});

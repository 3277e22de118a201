import { describe, expect, it } from 'vitest';
import { cleanSentence, statusSentencePrompt } from './status-sentences';
import { stoppedStatus, toolFailedStatus, usingToolStatus } from './status-texts';
import { defaultSettings } from '../../../../shared/settings/settings';

describe('status texts', () => {
  it('cleans a generated sentence to one line of at most 10 words', () => {
    expect(cleanSentence('"Reading the configuration file."\nMore')).toBe('Reading the configuration file');
    expect(cleanSentence('<think>hmm</think>\n\n  Searching the web for weather data...')).toBe('Searching the web for weather data');
    expect(cleanSentence('one two three four five six seven eight nine ten eleven twelve')).toBe(
      'one two three four five six seven eight nine ten',
    );
    expect(cleanSentence('  \n ')).toBeNull();
  });

  it('uses the status prompt with the formatted tool name and the arguments', () => {
    const prompt = statusSentencePrompt('lookup_tool', { user_id: 123 });
    expect(prompt.startsWith('Given this tool call:\nTool: Lookup Tool\nArguments: {"user_id":123}\n')).toBe(true);
    expect(prompt).toContain('Generate a single, clear, natural sentence (max 10 words)');
    expect(prompt.endsWith('Only return the sentence, nothing else.')).toBe(true);
  });

  it('has the fixed fallbacks and stop texts', () => {
    expect(usingToolStatus('read_file')).toBe('Using Read File...');
    expect(toolFailedStatus('read_file')).toBe('Tool Read File failed, trying another approach...');
    expect(stoppedStatus('complete', defaultSettings().limits)).toBeNull();
    expect(stoppedStatus('max_iterations', defaultSettings().limits)).toBe('Stopped: reached the limit of 10 tool rounds');
  });
});

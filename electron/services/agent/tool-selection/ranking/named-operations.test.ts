import { describe, expect, it } from 'vitest';
import { namesCommand, toolsForNamedOperations, toolsTheRequestNames } from './named-operations';

/** Requests that name a shell command, as people type them. */
const COMMANDS = [
  'cat notes.txt',
  'Could you cat notes.txt for me?',
  'please run cat notes.txt',
  'run `cat notes.txt`',
  'ls',
  'ls -la',
  'pwd',
  'git status',
  'Git status please',
  'npm test',
  'what does `npm run build` print?',
  'can you do `grep -rn TODO src`',
  'use grep to find TODO',
  'head -n 20 log.txt',
  'tail -f server.log',
  'tail server.log',
  'wc -l notes.txt',
  'python3 script.py',
  'execute make build',
  'du -sh .',
  'df -h',
  'run uname -a',
  'echo hello > a.txt',
  'sort names.txt | uniq',
  'find . -name "*.md"',
  'cd src && ls',
  'pip install requests',
  'docker ps',
  'curl -I https://example.com',
  'Check the disk usage in the terminal',
  'Which shell command shows free memory?',
  '$ whoami',
  'Type make in the terminal',
  'touch empty.txt',
  'mkdir build',
  'rm -rf dist',
  'chmod +x deploy.sh',
];

/** Sentences with the same words that do not name a command. */
const NOT_COMMANDS = [
  'My cat is ill, what should I do?',
  'Cat names for a tabby?',
  'Make a folder called assets',
  'make me a poem about the sea',
  'find the bug in my reasoning',
  'Sort these numbers: 3, 1, 2',
  'What is the time in Tokyo?',
  'Remember that my preferred Python version is 3.12',
  'PS: thanks for the help',
  'Head over to the summary',
  'Tell me more about tail recursion',
  'Which is bigger, 2 or 3?',
  'Echo back the text hello world',
  'What is 17.5% of 2,340?',
  'Send an email to jane@example.com',
  'Top ten films of 2024',
  'I need to kill some time',
];

describe('a request that names a shell command', () => {
  it.each(COMMANDS)('"%s" names a command, so run_command is offered', (request) => {
    expect(namesCommand(request)).toBe(true);
    expect(toolsForNamedOperations(request)).toContain('run_command');
  });

  it.each(NOT_COMMANDS)('"%s" names none', (request) => {
    expect(namesCommand(request)).toBe(false);
    expect(toolsForNamedOperations(request)).not.toContain('run_command');
  });
});

describe('a request that names a file operation', () => {
  const READS = [
    'read notes.txt',
    'open notes.txt',
    'show me notes.txt',
    'what does notes.txt say',
    'print the contents of notes.txt',
    'What is in src/app.ts?',
    'Can you look at main.py and explain what it does?',
    'summarise ./docs/intro.md',
    'display config/settings.ini',
  ];
  const WRITES = [
    'write hello to notes.txt',
    'save this as summary.md',
    'create a file called plan.md',
    'append a line to notes.txt',
    'Put this poem in poem.txt',
    'store the list in ~/todo.txt',
  ];

  it.each(READS)('"%s" reads a file: read_file is offered', (request) => {
    expect(toolsForNamedOperations(request)).toContain('read_file');
  });

  it.each(WRITES)('"%s" writes a file: write_file is offered', (request) => {
    expect(toolsForNamedOperations(request)).toContain('write_file');
  });

  it.each([
    'Read me a poem',
    'Write a haiku about autumn',
    'Save the date: 12 May',
    'Show me the weather, e.g. in Paris',
    'Open a pull request from my-feature into main',
    'What is 17.5 times 3?',
  ])('"%s" names no file, so no file tool is forced', (request) => {
    expect(toolsForNamedOperations(request)).toEqual([]);
  });
});

describe('the tools a request names, among the enabled ones', () => {
  const enabled = ['read_file', 'write_file', 'web_search', 'calculate'];

  it('keeps only enabled tools: a named command without run_command enabled forces nothing', () => {
    expect(toolsTheRequestNames(enabled, 'cat notes.txt')).toEqual(['read_file']);
    expect(toolsTheRequestNames([...enabled, 'run_command'], 'cat notes.txt')).toEqual(['run_command', 'read_file']);
  });

  it('adds the tools named by id, once each', () => {
    expect(toolsTheRequestNames(enabled, 'use web_search, then read_file notes.txt')).toEqual(['read_file', 'web_search']);
    expect(toolsTheRequestNames(enabled, 'Tell me a joke')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { SLASH_COMMANDS } from '../../../shared/conversations/commands';
import type { ToolInfo } from '../../../shared/tools/tool-info';
import type { StackFrame } from '../../../shared/tools/tool-stack';
import { editDistance } from './close-matches';
import { helpText, statusText, toolText, toolsText, unknownCommandText } from './command-texts';

const tool = (toolId: string, category: string, extra: Partial<ToolInfo> = {}): ToolInfo => ({
  toolId,
  description: `Does ${toolId}. More words here.`,
  type: 'function',
  category,
  parameters: {},
  returns: {},
  usageInstructions: `Use ${toolId} wisely.`,
  risk: 'read',
  requiresApproval: false,
  ...extra,
});

const catalogue: ToolInfo[] = [
  tool('write_file', 'files', {
    risk: 'write',
    requiresApproval: true,
    parameters: {
      path: { type: 'string', description: 'Path inside the workspace', required: true },
      content: { type: 'string', description: 'The new content', required: true },
      mode: { type: 'string', description: 'How to write', required: false, enum: ['replace', 'append'], default: 'replace' },
    },
    returns: { bytes: 'bytes written' },
  }),
  tool('read_file', 'files', { parameters: { path: { type: 'string', description: 'Path inside the workspace', required: true } } }),
  tool('current_time', 'utility'),
  tool('fetch_url', 'web', { risk: 'network', requiresApproval: true }),
];

describe('/help', () => {
  it('lists every slash command with its summary', () => {
    const text = helpText();
    for (const command of SLASH_COMMANDS) {
      expect(text).toContain(command.name);
      expect(text).toContain(command.summary);
    }
    expect(text).toContain('`/tool <name>`');
    // /wf is the renderer's, but /help lists it too.
    expect(text).toContain('`/wf <workflow> [what you want]`');
  });

  it('answers unknown commands with a hint', () => {
    expect(unknownCommandText('/stauts')).toBe('Unknown command “/stauts”. Did you mean /status? Type /help to see the commands.');
    expect(unknownCommandText('/zzzzzzzzz now')).toBe('Unknown command “/zzzzzzzzz”. Type /help to see the commands.');
    expect(unknownCommandText('/tool')).toContain('/tool <name>');
  });
});

describe('/tools', () => {
  it('groups tools by category, sorted, one line each with risk and approval', () => {
    const text = toolsText(catalogue);
    const lines = text.split('\n');
    expect(lines[0]).toBe('**Tools** (4)');
    const files = lines.indexOf('**files**');
    const utility = lines.indexOf('**utility**');
    const web = lines.indexOf('**web**');
    expect(files).toBeGreaterThan(0);
    expect(utility).toBeGreaterThan(files);
    expect(web).toBeGreaterThan(utility);
    expect(lines[files + 1]).toBe('- `read_file` — Does read_file. (read)');
    expect(lines[files + 2]).toBe('- `write_file` — Does write_file. (write, asks first)');
    expect(lines[web + 1]).toBe('- `fetch_url` — Does fetch_url. (network, asks first)');
  });

  it('says so when no tools are loaded', () => {
    expect(toolsText([])).toBe('No tools are loaded.');
  });
});

describe('/tool <name>', () => {
  it('describes parameters, usage, risk and approval', () => {
    const text = toolText(catalogue, 'write_file');
    expect(text).toContain('**write_file** — files, function tool');
    expect(text).toContain('- `path` (string, required): Path inside the workspace');
    expect(text).toContain('- `mode` (string, optional): How to write (one of replace, append; default replace)');
    expect(text).toContain('- `bytes`: bytes written');
    expect(text).toContain('Use write_file wisely.');
    expect(text).toContain('**Risk:** write. **Approval:** asks before running');
  });

  it('says None for a tool without parameters and matches names case-insensitively', () => {
    expect(toolText(catalogue, 'CURRENT_TIME')).toContain('**Parameters**\nNone.');
    expect(toolText(catalogue, 'current_time')).toContain('**Approval:** not needed');
  });

  it('names the unknown tool and offers close matches', () => {
    expect(toolText(catalogue, 'read_fil')).toBe('No tool named “read_fil”. Did you mean `read_file`? Type /tools to see them all.');
    expect(toolText(catalogue, 'file')).toBe('No tool named “file”. Did you mean `read_file`, `write_file`? Type /tools to see them all.');
    expect(toolText(catalogue, 'quantum')).toBe('No tool named “quantum”. Type /tools to see them all.');
  });
});

describe('/status', () => {
  const frames: StackFrame[] = [
    {
      frameId: 'a',
      parentFrameId: null,
      tool: 'create_code',
      callId: '1',
      state: 'waiting-tool',
      waitingFor: 'save_file',
      startedAt: 1000,
    },
    { frameId: 'b', parentFrameId: 'a', tool: 'save_file', callId: '2', state: 'waiting-approval', waitingFor: null, startedAt: 4000 },
  ];

  it('shows the frames nested, the depth against the limit and the original request', () => {
    expect(statusText({ frames, depthLimit: 20, originalRequest: 'create a\nhello world program', now: 11_000 })).toBe(
      [
        '**Task in progress**',
        'Original request: "create a hello world program"',
        'Depth: 2 of 20',
        '',
        '- `create_code` — waiting for another tool, waiting for save_file, started 10 s ago',
        '  - `save_file` — waiting for your approval, started 7 s ago',
        '',
        'Type /cancel to abandon this task.',
      ].join('\n'),
    );
  });

  it('says when no task is in progress', () => {
    expect(statusText({ frames: [], depthLimit: 20, originalRequest: null })).toBe('No task in progress.');
  });
});

describe('edit distance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

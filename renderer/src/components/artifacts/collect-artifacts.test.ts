import { describe, expect, it } from 'vitest';
import type { AssistantTurn, ViewItem } from '../../store/events/conversation-view';
import { artifactTitle } from './artifact-title';
import { collectArtifacts, locateArtifact } from './collect-artifacts';
import { fencedBlocks } from './fenced-blocks';

function answer(id: string, text: string): AssistantTurn {
  return {
    type: 'assistant',
    id,
    runId: `run-${id}`,
    model: null,
    goal: null,
    startedAt: null,
    parts: [{ type: 'text', id: `${id}-t`, text }],
    usage: null,
    finish: null,
  };
}
const fence = (language: string, code: string): string => `\`\`\`${language}\n${code}\n\`\`\``;
const collect = (...items: ViewItem[]) => collectArtifacts({ items });

describe('fenced blocks', () => {
  it('reads backtick and tilde fences, the language, and code as markdown renders it', () => {
    const text = ['Intro', '```html', '<p>a</p>', '', '```', '  ~~~~ svg title', '  <svg/>', '  ~~~~', '```', 'open to the end'].join('\n');
    expect(fencedBlocks(text)).toEqual([
      { language: 'html', code: '<p>a</p>\n' },
      { language: 'svg', code: '<svg/>' },
      { language: null, code: 'open to the end' },
    ]);
  });
});

describe('artifact titles', () => {
  it('reads the title an artifact gives itself, else none', () => {
    expect(artifactTitle('html', '<html><head><title> My  page </title></head></html>')).toBe('My page');
    expect(artifactTitle('html', '<body><h1>Heading <em>here</em></h1></body>')).toBe('Heading here');
    expect(artifactTitle('svg', '<svg><title>Logo</title></svg>')).toBe('Logo');
    expect(artifactTitle('markdown', 'text\n## Plan ##\n')).toBe('Plan');
    expect(artifactTitle('mermaid', '---\ntitle: Flow\n---\nflowchart TD')).toBe('Flow');
    expect(artifactTitle('html', '<p>no title</p>')).toBeNull();
  });
});

describe('collectArtifacts', () => {
  it('makes a later block with the same kind and title a new version, and keeps other artifacts apart', () => {
    const artifacts = collect(
      answer('a1', `Here:\n${fence('html', '<title>Clock</title><p>v1</p>')}\n${fence('svg', '<svg><title>Logo</title></svg>')}`),
      { type: 'user', id: 'u', text: 'make it red', at: 0 },
      answer('a2', fence('html', '<title>Clock</title><p style="color:red">v2</p>')),
      answer('a3', fence('html', '<title>Other</title>')),
    );
    expect(artifacts.map((artifact) => [artifact.key, artifact.versions.length])).toEqual([
      ['html:Clock', 2],
      ['svg:Logo', 1],
      ['html:Other', 1],
    ]);
    expect(artifacts[0]?.versions.map((version) => version.turnId)).toEqual(['a1', 'a2']);
  });

  it('takes an untitled block in a later answer as the revision of the last untitled one of its kind, not in the same answer', () => {
    const artifacts = collect(
      answer('a1', `${fence('html', '<p>one</p>')}\n${fence('html', '<p>two</p>')}`),
      answer('a2', fence('html', '<p>two, revised</p>')),
    );
    expect(artifacts).toHaveLength(2);
    expect(artifacts[1]?.versions.map((version) => version.code)).toEqual(['<p>two</p>', '<p>two, revised</p>']);
  });

  it('adds no version for a repeat of the latest, and ignores blocks that get no preview', () => {
    const artifacts = collect(
      answer('a1', fence('md', '# Notes\nx')),
      answer('a2', `${fence('md', '# Notes\nx')}\n${fence('ts', 'let a = 1')}`),
    );
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]?.versions).toHaveLength(1);
  });

  it('locates a pressed block among the versions', () => {
    const artifacts = collect(answer('a1', fence('svg', '<svg>1</svg>')), answer('a2', fence('svg', '<svg>2</svg>')));
    expect(locateArtifact(artifacts, 'svg', '<svg>1</svg>')).toEqual({ key: artifacts[0]?.key, version: 0 });
    expect(locateArtifact(artifacts, 'svg', '<svg>2</svg>')).toEqual({ key: artifacts[0]?.key, version: 1 });
    expect(locateArtifact(artifacts, 'html', '<svg>2</svg>')).toBeNull();
  });
});

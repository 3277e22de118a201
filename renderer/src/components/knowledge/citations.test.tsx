import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KnowledgePassage } from '../../../../shared/knowledge/knowledge';
import { renderWithStore } from '../../../test/render-app';
import { Markdown } from '../markdown/Markdown';
import { renderBlockTree } from '../markdown/worker/block-pipeline';
import { CitationContext } from './citation-context';
import { KnowledgeUsedNote } from './KnowledgeUsedNote';
import { PassageDialog } from './PassageDialog';

const boiler: KnowledgePassage = {
  n: 1,
  folder: '/home/you/notes',
  file: 'house/boiler.md',
  location: { kind: 'lines', start: 3, end: 5 },
  heading: 'Boiler',
  text: 'The boiler pressure should read 1.5 bar when cold.',
};
const manual: KnowledgePassage = {
  n: 2,
  folder: '/home/you/notes',
  file: 'house/manual.pdf',
  location: { kind: 'page', page: 2 },
  heading: null,
  text: 'Clean the filter every month.',
};
const cited = new Map([boiler, manual].map((passage) => [passage.n, passage]));

function answer(text: string) {
  return (
    <CitationContext.Provider value={cited}>
      <Markdown text={text} streaming={false} />
      <PassageDialog />
    </CitationContext.Provider>
  );
}

describe('citations in an answer', () => {
  it('makes [n] a button that opens passage n with its file and place, only for passages the turn used', async () => {
    await renderWithStore(answer('Keep it at 1.5 bar [1]; the filter monthly [2]. A made-up source [7].'));
    const buttons = screen.getAllByTestId('citation');
    expect(buttons.map((button) => button.textContent)).toEqual(['[1]', '[2]']);
    expect(screen.getByText('[7]').closest('button')).toBeNull();

    fireEvent.click(buttons[1]!);
    const dialog = await screen.findByTestId('passage-dialog');
    expect(within(dialog).getByTestId('passage-file').textContent).toBe('/home/you/notes/house/manual.pdf');
    expect(within(dialog).getByTestId('passage-place').textContent).toBe('page 2');
    expect(within(dialog).getByTestId('passage-text').textContent).toBe('Clean the filter every month.');
  });

  it('leaves [n] in code and in link text as written', async () => {
    await renderWithStore(answer('Index with `list[1]`, see [the docs [1]](https://example.com).\n\n```py\nx[1]\n```'));
    expect(screen.queryAllByTestId('citation')).toEqual([]);
  });

  it('marks citations the same way in blocks parsed off the main thread', () => {
    const tree = renderBlockTree({ text: 'Long answer [2].', math: false, highlight: false });
    expect(JSON.stringify(tree)).toContain('"dataCitation":"2"');
  });

  it('says how many passages from how many files went into the answer, and opens one from the list', async () => {
    await renderWithStore(
      <>
        <KnowledgeUsedNote passages={[boiler, manual]} />
        <PassageDialog />
      </>,
    );
    const toggle = screen.getByTestId('knowledge-used-toggle');
    expect(toggle.textContent).toBe('Used 2 passages from 2 files');
    fireEvent.click(toggle);
    const items = screen.getAllByTestId('knowledge-used-open');
    expect(items.map((item) => item.textContent)).toEqual(['[1] house/boiler.md, lines 3–5', '[2] house/manual.pdf, page 2']);
    fireEvent.click(items[0]!);
    expect((await screen.findByTestId('passage-text')).textContent).toBe(boiler.text);
  });
});

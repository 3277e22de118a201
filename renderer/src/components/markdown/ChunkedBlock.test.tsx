import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../../test/fake-api';
import { memoryStorage } from '../../../test/render-app';
import { createTacoStore } from '../../store/create-taco-store';
import { StoreProvider } from '../../store/store-context';
import { ChunkedBlock } from './ChunkedBlock';
import { Markdown } from './Markdown';
import { splitBlocks } from './markdown-blocks';
import { MarkdownBlock } from './MarkdownBlock';
import { chunkParagraph, isPlainText } from './paragraph-chunks';

const store = createTacoStore({ api: createFakeApi(), storage: memoryStorage() });
const html = (ui: ReactElement) => renderToStaticMarkup(<StoreProvider store={store}>{ui}</StoreProvider>);

const words = (count: number, seed = 0) =>
  Array.from({ length: count }, (_, index) => ['alpha', 'beta', 'Gamma', 'delta', 'épsilon', 'zeta', 'eta'][(index + seed) % 7]).join(' ');

/** Long one-line paragraphs whose inline constructs span many words (and so many possible cuts). */
const TRICKY = [
  words(900),
  `Plain ${words(120)}. Then *emphasis that runs ${words(150)} to here* and **strong ${words(90)} end** and more ${words(200)}.`,
  `Code \`spans with spaces ${words(110)} inside\` then \`\`double \` tick ${words(80)}\`\` and a lone \` backtick ${words(200)}.`,
  `A [link whose text runs ${words(100)} long](https://example.com/a) and [short](https://example.com/b) ${words(150)} after.`,
  `Snake_case_words ${words(100)} and _underscored ${words(90)} span_ and __init__ ${words(120)} ~~struck ${words(80)} out~~ ~x~ ${words(60)}.`,
  `Escapes \\* not emphasis ${words(120)} and \\\` not code ${words(100)} and <b>raw ${words(80)} html</b> ${words(80)}.`,
  `Autolinks https://example.com/path?q=1 and www.example.org. ${words(150)} <https://example.com> and a@b.co &amp; &copy; ${words(150)}`,
  `An unclosed *star ${words(400)} never closes, then ${words(200)}`,
  `Footnote-like [^1] and [brackets] ${words(200)} and ![image alt ${words(40)}](https://example.com/i.png) ${words(150)}`,
  `Mixed ***strong em ${words(70)}*** and *a **b** c* ${words(90)} and **a *b* c** ${words(200)} end.`,
];

/** What Markdown rendered before blocks were cut: every block parsed whole. */
const wholeBlocks = (text: string, streaming: boolean) => {
  const blocks = splitBlocks(text);
  return (
    <div className="markdown" data-testid="markdown">
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} text={block} complete={!streaming || index < blocks.length - 1} />
      ))}
    </div>
  );
};

describe('ChunkedBlock', () => {
  it('renders every prefix of a long paragraph exactly as the whole growing block', () => {
    for (const text of TRICKY) {
      for (let end = 1; end <= text.length; end += end < text.length - 5 ? 89 : 1) {
        const prefix = text.slice(0, end);
        expect(html(<ChunkedBlock text={prefix} complete={false} />), prefix).toBe(html(<MarkdownBlock text={prefix} complete={false} />));
      }
    }
  });

  it('cuts the paragraphs it can (the test above is not vacuous) and not those left open', () => {
    const cut = TRICKY.map((text) => (chunkParagraph(text)?.closed.length ?? 0) > 1);
    // Not cut: a lone backtick and a backslash escape may pair with later text; so may literal brackets.
    expect(cut).toEqual([true, true, false, true, true, false, true, false, false, true]);
  });

  it('renders a finished answer exactly as a whole-block render does, and the same while it streams', async () => {
    for (const text of TRICKY) {
      const answer = `# Title\n\nIntro with a [link](https://example.com).\n\nPlain: 3 > 2, "quoted" & 'single'? No, & is markdown.\n\nPlain: 3 > 2, "quoted", 'single', (round) - 50% = ok\n\n${text}\n\n- one\n- two\n\n${text}  \n\n`;
      const finished = html(wholeBlocks(answer, false));
      // Long blocks that cannot be cut are rendered by the markdown worker once finished: the same HTML when it answers.
      const view = render(<StoreProvider store={store}>{<Markdown text={answer} streaming={false} />}</StoreProvider>);
      await waitFor(() => expect(view.container.querySelectorAll('[data-state="pending"]')).toHaveLength(0), { timeout: 60_000 });
      const reference = render(<StoreProvider store={store}>{wholeBlocks(answer, false)}</StoreProvider>);
      expect(view.container.innerHTML).toBe(reference.container.innerHTML);
      reference.unmount();
      view.unmount();
      expect(html(<Markdown text={answer} streaming />)).toBe(html(wholeBlocks(answer, true)));
      expect(html(<Markdown text={answer} streaming />)).toBe(finished);
    }
  });

  it('keeps what the parser keeps at the end of a plain line (a no-break space is not trimmed)', () => {
    for (const block of ['Plain line\u00a0', 'Plain line \t', '\n\nPlain line\n\n', 'Plain\u00a0line\u2003end']) {
      expect(html(<ChunkedBlock text={block} complete />), JSON.stringify(block)).toBe(html(<MarkdownBlock text={block} complete />));
    }
  });

  it('shows text with no markdown in it as it is, and parses anything else', () => {
    expect(isPlainText('alpha beta, gamma (delta) "eta" 1. 2) #3 - plus + 50% = ok?')).toBe(true);
    for (const syntax of [
      'a\\b',
      'a &amp; b',
      'a `b`',
      'a *b*',
      'a _b_',
      'a ~b~',
      '![a',
      '[a]',
      'a <b>',
      'a@b.co',
      'www.x.org',
      'see http://x',
      'mailto:a',
      'xmpp:a',
    ]) {
      expect(isPlainText(syntax), syntax).toBe(false);
    }
  });
});

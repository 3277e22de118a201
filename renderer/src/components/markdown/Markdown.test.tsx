import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { StoreProvider } from '../../store/store-context';
import { Markdown } from './Markdown';

const parsed = vi.hoisted(() => ({ texts: [] as string[] }));

vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-markdown')>();
  const Counting = (props: Parameters<typeof actual.default>[0]) => {
    parsed.texts.push(String(props.children ?? ''));
    return actual.default(props);
  };
  return { ...actual, default: Counting };
});

beforeEach(() => {
  parsed.texts.length = 0;
});

const GFM = [
  '# Plan',
  '| Step | Done |\n| --- | --- |\n| read | yes |',
  '- [x] written\n- [ ] tested',
  'This is ~~wrong~~ right, with `inline code`.',
  '```ts\nconst answer: number = 42;\n```',
].join('\n\n');

describe('Markdown', () => {
  it('renders GitHub-flavoured markdown: headings, tables, task lists, strikethrough, inline code', async () => {
    const { container } = await renderWithStore(<Markdown text={GFM} streaming={false} />);
    expect(screen.getByRole('heading', { name: 'Plan' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Step' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'yes' })).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(container.querySelector('del')?.textContent).toBe('wrong');
    expect(container.querySelector('p code')?.textContent).toBe('inline code');
  });

  it('shows a code block with its language, highlighted once complete, and copies it', async () => {
    const user = userEvent.setup();
    const { rerender, store } = await renderWithStore(<Markdown text={'```ts\nconst answer: number = 42;'} streaming />);
    const block = screen.getByTestId('code-block');
    expect(block.getAttribute('data-language')).toBe('ts');
    expect(within(block).getByText('ts')).toBeTruthy();
    // Still growing: not highlighted yet.
    expect(block.querySelector('.hljs')).toBeNull();

    rerender(
      <StoreProvider store={store}>
        <Markdown text={'```ts\nconst answer: number = 42;\n```'} streaming={false} />
      </StoreProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('code-block').querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const'));
    await user.click(screen.getByTestId('code-copy'));
    expect(await navigator.clipboard.readText()).toBe('const answer: number = 42;');
    expect(screen.getByTestId('code-copy').textContent).toBe('Copied');
  });

  it('parses only the growing tail while streaming; finished blocks are never parsed again', async () => {
    const { rerender, store } = await renderWithStore(<Markdown text={'First *block*.\n\n*Second'} streaming />);
    const countOf = (text: string) => parsed.texts.filter((entry) => entry === text).length;
    const firstParses = countOf('First *block*.');
    expect(firstParses).toBeGreaterThan(0);
    for (const tail of ['*Second b', '*Second bl', '*Second block', '*Second block*.']) {
      rerender(
        <StoreProvider store={store}>
          <Markdown text={`First *block*.\n\n${tail}`} streaming />
        </StoreProvider>,
      );
    }
    expect(countOf('First *block*.')).toBe(firstParses);
    expect(countOf('\n*Second block*.')).toBeGreaterThan(0);
  });

  it('shows a line of paragraph text with no markdown in it without parsing it', async () => {
    const { container } = await renderWithStore(<Markdown text={'Plain words, 3 > 2.\n\nNot *plain*.'} streaming={false} />);
    expect(container.querySelector('p')?.textContent).toBe('Plain words, 3 > 2.');
    expect(parsed.texts).toEqual(['\nNot *plain*.']);
  });

  it('opens a web link only through main’s guard, and never navigates', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { api } = await renderWithStore(<Markdown text="See [the library](https://ollama.com/library)." streaming={false} />);
    const link = screen.getByRole('link', { name: 'the library' });
    expect(link.getAttribute('href')).toBe('https://ollama.com/library');
    expect(link.getAttribute('rel')).toContain('noopener');
    await user.click(link);
    expect(api.callsOf('app.openExternal')).toEqual([{ url: 'https://ollama.com/library' }]);
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://ollama.com/library', '_blank', 'noopener,noreferrer'));
    expect(window.location.href).not.toContain('ollama.com');
  });

  it('does not open the tab when main refuses, and says why', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const api = createFakeApi();
    api.handle('app.openExternal', () => ({ opened: false, message: 'Not opened: the link carries a user name or password.' }));
    const { store } = await renderWithStore(<Markdown text="[x](https://example.com/)" streaming={false} />, { api });
    await user.click(screen.getByRole('link', { name: 'x' }));
    await waitFor(() =>
      expect(store.getState().notices.map((notice) => notice.message)).toContain('Not opened: the link carries a user name or password.'),
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('copies a mail address instead of opening a mail program', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<Markdown text="[mail](mailto:hello@example.com)" streaming={false} />);
    await user.click(screen.getByRole('link', { name: 'mail' }));
    expect(await navigator.clipboard.readText()).toBe('hello@example.com');
    expect(api.callsOf('app.openExternal')).toEqual([]);
    expect((await screen.findByTestId('md-link-copied')).textContent).toBe('address copied');
  });

  it('shows embedded images, loads https images on request, and never file: images', async () => {
    const user = userEvent.setup();
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    await renderWithStore(
      <Markdown text={`![dot](${png})\n\n![chart](https://example.com/chart.png)\n\n![secret](file:///etc/passwd)`} streaming={false} />,
    );
    const images = screen.getAllByTestId('md-image') as HTMLImageElement[];
    expect(images.map((image) => image.getAttribute('src'))).toEqual([png]);
    expect(screen.getByTestId('md-image-removed').textContent).toBe('[secret]');
    const load = screen.getByTestId('md-image-load');
    expect(load.textContent).toContain('example.com');
    await user.click(load);
    expect(screen.getAllByTestId('md-image').map((image) => image.getAttribute('src'))).toEqual([png, 'https://example.com/chart.png']);
    expect(screen.getAllByTestId('md-image')[1]?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('an image that does not load says so and offers its address in the browser, never a broken image', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const { api } = await renderWithStore(<Markdown text="![chart](https://example.com/chart.png)" streaming={false} />);
    await user.click(screen.getByTestId('md-image-load'));
    fireEvent.error(screen.getByTestId('md-image'));
    expect(screen.queryByTestId('md-image')).toBeNull();
    const failed = screen.getByTestId('md-image-failed');
    expect(failed.textContent).toContain('“chart” could not be shown here');
    await user.click(within(failed).getByRole('link', { name: 'Open it in your browser' }));
    expect(api.callsOf('app.openExternal')).toEqual([{ url: 'https://example.com/chart.png' }]);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Markdown inside an answer', () => {
  it('stays plain while streaming and renders the same from history', async () => {
    const text = 'Here is **bold** and a [link](https://example.com).';
    const live = await renderWithStore(<Markdown text={text} streaming />);
    const liveHtml = live.container.innerHTML;
    live.unmount();
    const stored = await renderWithStore(<Markdown text={text} streaming={false} />);
    expect(stored.container.innerHTML).toBe(liveHtml);
    act(() => undefined);
  });
});

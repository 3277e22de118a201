import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { withDraft } from '../../store/composer-drafts';
import { renderWithStore } from '../../../test/render-app';
import { Composer } from './Composer';

const box = () => screen.getByTestId('composer') as HTMLTextAreaElement;

describe('the composer keeps a draft per conversation', () => {
  it('shows each conversation its own half-typed message, and a reload keeps them', async () => {
    const user = userEvent.setup();
    const { store, storage } = await renderWithStore(<Composer />);
    act(() => store.setState({ activeConversationId: 'c-1' }));
    await user.type(box(), 'for the first');
    act(() => store.setState({ activeConversationId: 'c-2' }));
    expect(box().value).toBe('');
    await user.type(box(), 'for the second');
    act(() => store.setState({ activeConversationId: 'c-1' }));
    expect(box().value).toBe('for the first');

    // A reload: a new store over the same storage.
    cleanup();
    const again = await renderWithStore(<Composer />, { storage });
    act(() => again.store.setState({ activeConversationId: 'c-2' }));
    expect(box().value).toBe('for the second');
    act(() => again.store.setState({ activeConversationId: 'c-1' }));
    expect(box().value).toBe('for the first');
    // Emptied, a draft is gone.
    await user.clear(box());
    expect(again.store.getState().drafts).toEqual({ 'c-2': 'for the second' });
  });

  it('keeps at most maxDrafts (the oldest written go) and maxDraftChars of each', () => {
    const { maxDrafts, maxDraftChars } = DEFAULTS.rendererStore;
    let drafts = {};
    for (let index = 0; index <= maxDrafts; index += 1) drafts = withDraft(drafts, `c-${index}`, `draft ${index}`);
    expect(Object.keys(drafts)).toHaveLength(maxDrafts);
    expect(Object.keys(drafts)).not.toContain('c-0');
    drafts = withDraft(drafts, 'c-1', 'x'.repeat(maxDraftChars + 10));
    expect(Object.keys(drafts).at(-1)).toBe('c-1');
    expect((drafts as Record<string, string>)['c-1']).toHaveLength(maxDraftChars);
  });
});

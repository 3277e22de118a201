import { DEFAULTS } from '../../../../shared/constants';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callRequestSchemas } from '../../../../shared/contract/contract';
import { createFakeApi, model } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { Composer } from './Composer';
import { prepareImage } from './prepare-image';

const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const png = (name = 'dot.png') => new File([PNG_BYTES], name, { type: 'image/png' });

async function renderComposer(selected: 'vision' | 'blind' = 'vision') {
  const api = createFakeApi();
  api.handle('models.list', () => ({ type: 'ok', host: 'h', models: [model('gemma3', ['completion', 'vision']), model('llama3.2')] }));
  const rendered = await renderWithStore(<Composer />, { api });
  await act(() => rendered.store.getState().selectModel(selected === 'vision' ? 'gemma3' : 'llama3.2'));
  return { ...rendered, api, box: screen.getByTestId('composer') };
}

const paste = (target: HTMLElement, files: File[], text = '') =>
  fireEvent.paste(target, { clipboardData: { files, getData: () => text, types: files.length ? ['Files'] : [] } });
const drop = (target: HTMLElement, files: File[]) => fireEvent.drop(target, { dataTransfer: { files, types: ['Files'] } });

describe('pictures in the composer', () => {
  it('what the composer sends at its limits, main accepts; one picture more, main refuses', () => {
    // The composer re-encodes each picture to at most targetBase64Chars and keeps at most
    // maxImages: the contract main validates with must take that worst case, and no more pictures.
    const picture = 'A'.repeat(DEFAULTS.images.targetBase64Chars);
    const sent = (count: number) =>
      callRequestSchemas['chat.send'].safeParse({
        conversationId: null,
        text: 'What are these?',
        model: 'gemma3',
        images: Array.from({ length: count }, () => picture),
      });
    expect(sent(DEFAULTS.images.maxImages).success).toBe(true);
    expect(sent(DEFAULTS.images.maxImages + 1).error?.issues[0]?.message).toBe(`must hold at most ${DEFAULTS.images.maxImages} images`);
  });

  it('attaches a pasted picture for a vision model, shows it, and sends it as base64', async () => {
    const user = userEvent.setup();
    const { api, box } = await renderComposer('vision');
    paste(box, [png()]);
    const preview = await screen.findByTestId('attachment');
    expect(preview.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`);
    await user.type(box, 'What is this?{Enter}');
    expect(api.callsOf('chat.send')).toEqual([{ conversationId: null, text: 'What is this?', model: 'gemma3', images: [PNG_BASE64] }]);
    await waitFor(() => expect(screen.queryByTestId('attachment')).toBeNull());
  });

  it('attaches dropped pictures, and each can be removed', async () => {
    const user = userEvent.setup();
    const { api, box } = await renderComposer('vision');
    drop(box, [png('a.png'), png('b.png')]);
    await waitFor(() => expect(screen.getAllByTestId('attachment')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.getAllByTestId('attachment').map((item) => item.querySelector('img')?.getAttribute('alt'))).toEqual(['b.png']);
    await user.type(box, 'hi{Enter}');
    expect(api.callsOf('chat.send')[0]?.images).toEqual([PNG_BASE64]);
  });

  it('offers a file picker for keyboard users', async () => {
    const user = userEvent.setup();
    await renderComposer('vision');
    await user.upload(screen.getByTestId('attach-input'), png());
    await waitFor(() => expect(screen.getAllByTestId('attachment')).toHaveLength(1));
  });

  it('says why a model that cannot see takes no pictures', async () => {
    const { box } = await renderComposer('blind');
    expect(screen.queryByTestId('attach-button')).toBeNull();
    paste(box, [png()]);
    expect((await screen.findByTestId('attachment-problem')).textContent).toBe(
      '“llama3.2” cannot see images. Pick a model with the vision badge to attach pictures.',
    );
    expect(screen.queryByTestId('attachment')).toBeNull();
  });

  it('refuses files that are not pictures, and more than the limit', async () => {
    const { box } = await renderComposer('vision');
    paste(box, [new File(['<svg onload=alert(1)>'], 'evil.png', { type: 'image/png' })]);
    expect((await screen.findByTestId('attachment-problem')).textContent).toBe('“evil.png” is not a PNG, JPEG, WebP or GIF picture.');
    drop(
      box,
      Array.from({ length: DEFAULTS.images.maxImages + 1 }, (_, index) => png(`${index}.png`)),
    );
    await waitFor(() => expect(screen.getAllByTestId('attachment')).toHaveLength(DEFAULTS.images.maxImages));
    expect(screen.getByTestId('attachment-problem').textContent).toContain(`At most ${DEFAULTS.images.maxImages} pictures`);
  });

  it('blocks sending when the model changes to one that cannot see', async () => {
    const user = userEvent.setup();
    const { api, box, store } = await renderComposer('vision');
    paste(box, [png()]);
    await screen.findByTestId('attachment');
    await act(() => store.getState().selectModel('llama3.2'));
    expect(screen.getByTestId('attachment-problem').textContent).toContain('Or remove the pictures.');
    await user.type(box, 'look{Enter}');
    expect(api.callsOf('chat.send')).toEqual([]);
    expect(screen.getByTestId('send-button')).toHaveProperty('disabled', true);
  });
});

describe('prepareImage', () => {
  it('keeps a small PNG as it is, re-encodes a large one until it fits, and refuses what cannot fit', async () => {
    expect(await prepareImage(png(), 1000)).toEqual({ type: 'ok', image: { base64: PNG_BASE64, kind: 'png', name: 'dot.png' } });
    const edges: number[] = [];
    const shrinking = async (_file: Blob, _kind: string, edge: number) => {
      edges.push(edge);
      return { bytes: new Uint8Array(Math.floor(edge / 10)), kind: 'jpeg' as const };
    };
    const result = await prepareImage(png(), 80, shrinking);
    expect(result.type).toBe('ok');
    expect(edges[0]).toBe(DEFAULTS.images.maxEdgePx);
    expect(edges.every((edge, index) => index === 0 || edge < (edges[index - 1] ?? 0))).toBe(true);
    expect(await prepareImage(png(), 10, async () => null)).toMatchObject({
      type: 'refused',
      message: expect.stringContaining('too large to attach'),
    });
  });
});

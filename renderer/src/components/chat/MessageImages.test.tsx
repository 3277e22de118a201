import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../../test/render-app';
import { applyEvents } from '../../store/events/apply-events';
import { emptyView } from '../../store/events/conversation-view';
import { UserMessage } from './user-message/UserMessage';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('pictures on a sent message', () => {
  it('shows real pictures from the event, and nothing for data that is not a picture', async () => {
    const view = applyEvents(emptyView('c1'), [
      {
        type: 'user-message',
        conversationId: 'c1',
        messageId: 'm1',
        text: 'look',
        at: 1,
        images: [PNG, btoa('<svg onload=alert(1)>'), 42 as unknown as string],
      },
    ]);
    const item = view.items[0];
    if (item?.type !== 'user') throw new Error('no user item');
    expect(item.images).toEqual([PNG, btoa('<svg onload=alert(1)>')]);
    await renderWithStore(<UserMessage item={item} />);
    const images = screen.getByTestId('message-images').querySelectorAll('img');
    expect([...images].map((image) => image.getAttribute('src'))).toEqual([`data:image/png;base64,${PNG}`]);
  });

  it('shows nothing for a message without pictures', async () => {
    const view = applyEvents(emptyView('c1'), [{ type: 'user-message', conversationId: 'c1', messageId: 'm1', text: 'plain', at: 1 }]);
    const item = view.items[0];
    if (item?.type !== 'user') throw new Error('no user item');
    expect(item).not.toHaveProperty('images');
    await renderWithStore(<UserMessage item={item} />);
    expect(screen.queryByTestId('message-images')).toBeNull();
  });
});

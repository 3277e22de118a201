import { useState, type DragEvent } from 'react';
import { useTaco } from '../../store/store-context';

/** The drag data type of a conversation row (its id): only rows of this window carry it. */
export const CONVERSATION_DRAG_TYPE = 'application/x-taco-conversation';

/** What a conversation row needs to be dragged onto a project (the keyboard way is its menu's "Move to project"). */
export function conversationDragProps(conversationId: string) {
  return {
    draggable: true,
    onDragStart(event: DragEvent) {
      event.dataTransfer.setData(CONVERSATION_DRAG_TYPE, conversationId);
      event.dataTransfer.effectAllowed = 'move';
    },
  };
}

/** A drop target that files the dropped conversation in `projectId` (null: no project); `over` while one hovers it. */
export function useConversationDrop(projectId: string | null) {
  const move = useTaco((state) => state.moveToProject);
  const [over, setOver] = useState(false);
  const carriesConversation = (event: DragEvent) => event.dataTransfer.types.includes(CONVERSATION_DRAG_TYPE);
  return {
    over,
    props: {
      onDragOver(event: DragEvent) {
        if (!carriesConversation(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave() {
        setOver(false);
      },
      onDrop(event: DragEvent) {
        setOver(false);
        const conversationId = event.dataTransfer.getData(CONVERSATION_DRAG_TYPE);
        if (!conversationId) return;
        event.preventDefault();
        void move(conversationId, projectId);
      },
    },
  };
}

import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { rovingTarget } from '../../hooks/use-roving-focus';

export interface MenuAction {
  id: string;
  label: string;
  danger?: boolean;
  run(): void;
}

interface Props {
  label: string;
  actions: MenuAction[];
  /** The button that opened the menu: the menu sits next to it and focus returns to it. */
  anchor: HTMLElement | null;
  onClose(options: { restoreFocus: boolean }): void;
}

/** Gap between the anchor and the menu, and from the window's edges (px). */
const GAP = 4;

/**
 * A small popup menu (WAI-ARIA menu button pattern): the first item takes focus, arrows move,
 * Enter runs, Escape closes and returns focus to the button, Tab or a click elsewhere closes.
 */
export function ConversationMenu({ label, actions, anchor, onClose }: Props) {
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    if (anchor) {
      const box = anchor.getBoundingClientRect();
      const height = menu.offsetHeight;
      const width = menu.offsetWidth;
      const below = box.bottom + GAP + height <= window.innerHeight - GAP;
      menu.style.top = `${Math.max(GAP, below ? box.bottom + GAP : box.top - GAP - height)}px`;
      menu.style.left = `${Math.max(GAP, Math.min(box.right - width, window.innerWidth - width - GAP))}px`;
    }
    menu.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [anchor]);

  useEffect(() => {
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (target && (ref.current?.contains(target) || anchor?.contains(target))) return;
      onClose({ restoreFocus: false });
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [anchor, onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose({ restoreFocus: true });
      return;
    }
    if (event.key === 'Tab') {
      onClose({ restoreFocus: true });
      return;
    }
    const target = rovingTarget(
      event.key,
      items.findIndex((item) => item === document.activeElement),
      items.length,
    );
    if (target === null) return;
    event.preventDefault();
    items[target]?.focus();
  };

  return (
    <div ref={ref} className="menu" role="menu" aria-label={label} data-testid="conversation-menu" onKeyDown={onKeyDown}>
      {actions.map((action) => (
        <button
          key={action.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`menu-item${action.danger ? ' danger' : ''}`}
          data-testid={`menu-${action.id}`}
          onClick={() => {
            onClose({ restoreFocus: true });
            action.run();
          }}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}

export interface Suggestion {
  key: string;
  label: string;
  detail?: string;
}

interface Props {
  /** The list's id: the text field points at it with aria-controls. */
  id: string;
  label: string;
  items: readonly Suggestion[];
  activeIndex: number;
  onPick(index: number): void;
  testId?: string;
  itemTestId?: string;
}

export const suggestionOptionId = (listId: string, index: number): string => `${listId}-option-${index}`;

/**
 * Suggestions driven from a text field that keeps focus (autocomplete): a listbox whose active
 * option the field names with aria-activedescendant; a click picks without taking focus away.
 * The field itself stays a plain textbox (aria-autocomplete="list", aria-controls): a textarea may
 * not take role="combobox".
 */
export function SuggestionList({ id, label, items, activeIndex, onPick, testId, itemTestId }: Props) {
  return (
    <ul id={id} className="suggestions" role="listbox" aria-label={label} data-testid={testId}>
      {items.map((item, index) => (
        <li
          key={item.key}
          id={suggestionOptionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          className={index === activeIndex ? 'suggestion active' : 'suggestion'}
          data-testid={itemTestId}
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(index);
          }}
        >
          <span className="suggestion-label">{item.label}</span>
          {item.detail !== undefined && <span className="suggestion-detail">{item.detail}</span>}
        </li>
      ))}
    </ul>
  );
}

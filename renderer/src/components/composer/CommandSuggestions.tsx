import type { Suggestion } from './composer-suggestions';

interface Props {
  id: string;
  suggestions: Suggestion[];
  activeIndex: number;
  onPick(suggestion: Suggestion): void;
}

export const suggestionOptionId = (listId: string, index: number): string => `${listId}-option-${index}`;

/** The autocomplete list above the composer (a listbox driven from the textarea). */
export function CommandSuggestions({ id, suggestions, activeIndex, onPick }: Props) {
  return (
    <ul id={id} className="suggestions" role="listbox" aria-label="Suggestions" data-testid="composer-suggestions">
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.value}
          id={suggestionOptionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          className={index === activeIndex ? 'suggestion active' : 'suggestion'}
          data-testid="composer-suggestion"
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(suggestion);
          }}
        >
          <span className="suggestion-label">{suggestion.label}</span>
          <span className="suggestion-detail">{suggestion.detail}</span>
        </li>
      ))}
    </ul>
  );
}

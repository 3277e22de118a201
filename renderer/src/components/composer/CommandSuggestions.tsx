import { SuggestionList } from '../ui/SuggestionList';
import type { Suggestion } from './composer-suggestions';

interface Props {
  id: string;
  suggestions: Suggestion[];
  activeIndex: number;
  onPick(suggestion: Suggestion): void;
}

export { suggestionOptionId } from '../ui/SuggestionList';

/** The autocomplete list above the composer (a listbox driven from the textarea). */
export function CommandSuggestions({ id, suggestions, activeIndex, onPick }: Props) {
  return (
    <SuggestionList
      id={id}
      label="Suggestions"
      testId="composer-suggestions"
      itemTestId="composer-suggestion"
      items={suggestions.map((suggestion) => ({ key: suggestion.value, label: suggestion.label, detail: suggestion.detail }))}
      activeIndex={activeIndex}
      onPick={(index) => {
        const picked = suggestions[index];
        if (picked) onPick(picked);
      }}
    />
  );
}

import { useRef, useState, type ChangeEvent } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { IMPORT_SOURCE_NAMES, type ImportResult } from '../../../../shared/conversations/conversation-import';
import { useTaco } from '../../store/store-context';
import { showToast } from '../ui/toast-queue';

/** Why a picked file is not sent to main at all, in the words main uses for its own refusals; null when it may be. */
export function precheckImport(file: { name: string; size: number }): string | null {
  if (file.size === 0)
    return 'This file cannot be imported: it is empty. Pick a conversation exported from TACO as JSON, or a conversations.json from ChatGPT or Claude.';
  // UTF-8 takes at least one byte a character, so a file this large cannot fit the limit.
  if (file.size > DEFAULTS.maxImportChars * 4) return tooLarge();
  return null;
}

function tooLarge(): string {
  return `This file cannot be imported: it is too large (TACO reads up to ${DEFAULTS.maxImportChars.toLocaleString('en')} characters at once).`;
}

/**
 * A refused import, told with the import and not over every conversation: a toast that stays
 * until dismissed, titled with the file, the reason said once (main's words or the precheck's).
 */
function importRefused(fileName: string, message: string): void {
  showToast({ title: `Import of “${fileName}”`, description: message, tone: 'danger', duration: Infinity });
}

/** What the user is told after an import: how many, from where, what was left out, what is open. */
export function importedWords(fileName: string, result: ImportResult): string {
  const count = result.conversations.length;
  if (count === 0) return `“${fileName}” holds no conversations, so nothing was imported.`;
  const what =
    result.source === 'taco'
      ? `“${fileName}”`
      : `${count} conversation${count === 1 ? '' : 's'} from ${IMPORT_SOURCE_NAMES[result.source]}`;
  const left =
    result.skipped > 0
      ? ` ${result.skipped} image${result.skipped === 1 ? '' : 's'}, attachment${result.skipped === 1 ? '' : 's'} or tool trace${result.skipped === 1 ? '' : 's'} could not be brought in.`
      : '';
  return `Imported ${what}.${left} ${count === 1 ? 'It is' : 'The first is'} open now.`;
}

/** Import a TACO JSON export or ChatGPT's or Claude's conversations.json: pick the file, main checks it, the first conversation opens. */
export function ImportConversationButton() {
  const importConversation = useTaco((state) => state.importConversation);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = precheckImport(file);
    if (problem) return importRefused(file.name, problem);
    setBusy(true);
    try {
      const content = await file.text();
      if (content.length > DEFAULTS.maxImportChars) return importRefused(file.name, tooLarge());
      const imported = await importConversation(content);
      // Say so: the list changes and a conversation opens, which is easy to miss.
      if (imported.ok) showToast({ title: importedWords(file.name, imported.result) });
      else importRefused(file.name, imported.message);
    } catch {
      importRefused(file.name, 'This file cannot be imported: it could not be read. Check that it is still there and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button ghost"
        data-testid="import-button"
        disabled={busy}
        title="Import a conversation exported from TACO (JSON), or ChatGPT’s or Claude’s conversations.json"
        onClick={() => input.current?.click()}
      >
        {busy ? 'Importing…' : 'Import'}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="import-file"
        aria-label="Conversations file to import (TACO, ChatGPT or Claude)"
        onChange={(event) => void onPick(event)}
      />
    </>
  );
}

import { useRef, useState, type ChangeEvent } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { useTaco } from '../../store/store-context';

/** Why a picked file is not sent to main at all; null when it may be. */
export function precheckImport(file: { name: string; size: number }): string | null {
  if (file.size === 0) return `“${file.name}” is empty. Pick a conversation exported from TACO as JSON.`;
  // UTF-8 takes at least one byte a character, so a file this large cannot fit the limit.
  if (file.size > DEFAULTS.maxImportChars * 4)
    return `“${file.name}” is too large to be a TACO conversation export. Pick the .json file TACO exported.`;
  return null;
}

/** Import a conversation exported as JSON: pick the file, main checks it, the conversation opens. */
export function ImportConversationButton() {
  const importConversation = useTaco((state) => state.importConversation);
  const notify = useTaco((state) => state.notify);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = precheckImport(file);
    if (problem) return notify(`The file was not imported: ${problem}`);
    setBusy(true);
    try {
      const content = await file.text();
      if (content.length > DEFAULTS.maxImportChars) return notify(`The file was not imported: “${file.name}” is larger than TACO accepts.`);
      const imported = await importConversation(content);
      // Say so: the list changes and a conversation opens, which is easy to miss.
      if (imported.ok) notify(`Imported “${file.name}”. It is open now.`);
    } catch {
      notify(`The file was not imported: “${file.name}” could not be read. Check that it is still there and try again.`);
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
        title="Open a conversation exported from TACO as JSON"
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
        aria-label="Conversation file to import"
        onChange={(event) => void onPick(event)}
      />
    </>
  );
}

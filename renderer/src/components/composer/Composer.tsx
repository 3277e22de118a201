import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { activeFrames } from '../../store/events/stack-entries';
import { selectActiveView, selectAwaitingUser } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { flightKey } from '../../store/store-types';
import { CommandSuggestions, suggestionOptionId } from './CommandSuggestions';
import { AttachButton } from './AttachButton';
import { AttachResourceButton } from './AttachResourceButton';
import { AttachmentPreviews } from './AttachmentPreviews';
import { useComposerImages } from './use-composer-images';
import { useComposerResources } from './use-composer-resources';
import { ResourceChips } from './ResourceChips';
import { ContextMeter } from './ContextMeter';
import { suggestionsFor, wantsToolNames, wantsWorkflowNames, type Suggestion } from './composer-suggestions';
import { parseWorkflowCommand } from '../workflows/workflow-search';
import { modelAvailability } from '../../store/model-availability';
import { ModelUnavailableNotice, StillAnsweringHint } from './ModelUnavailableNotice';

/** Lines the textarea grows to before it scrolls. */
const MAX_ROWS = 8;

/** Where the user writes: Enter sends, Shift+Enter adds a line, "/" offers commands, Esc stops a run. */
export function Composer() {
  const hasModel = useTaco((state) => state.selectedModel !== null);
  const sending = useTaco((state) => state.sending);
  const view = useTaco(selectActiveView);
  const awaitingUser = useTaco(selectAwaitingUser);
  const tools = useTaco((state) => state.tools);
  const send = useTaco((state) => state.send);
  const cancelRun = useTaco((state) => state.cancelRun);
  const loadTools = useTaco((state) => state.loadTools);
  const startEditing = useTaco((state) => state.startEditing);
  const models = useTaco((state) => state.models);
  const selectedModel = useTaco((state) => state.selectedModel);
  const settings = useTaco((state) => state.settings);
  const availability = useMemo(() => modelAvailability({ models, selectedModel, settings }), [models, selectedModel, settings]);
  const stopping = useTaco((state) => Boolean(view.activeRunId && state.inFlight[flightKey('run.cancel', view.activeRunId)]));

  // The draft is the conversation's own: another conversation shows its own, and a reload keeps it.
  const draftKey = useTaco((state) => state.activeConversationId) ?? 'new';
  const text = useTaco((state) => state.drafts[draftKey] ?? '');
  const setDraft = useTaco((state) => state.setDraft);
  const setText = (value: string) => setDraft(draftKey, value);
  const [activeIndex, setActiveIndex] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [stillAnswering, setStillAnswering] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const images = useComposerImages();
  const resources = useComposerResources();

  const workflowList = useTaco((state) => state.workflows);
  const loadWorkflows = useTaco((state) => state.loadWorkflows);
  const openWorkflowPicker = useTaco((state) => state.openWorkflowPicker);
  const workflowInfos = useMemo(() => workflowList?.categories.flatMap((group) => group.workflows) ?? [], [workflowList]);
  const suggestions = useMemo(
    () => (dismissedFor === text ? [] : suggestionsFor(text, tools, workflowInfos)),
    [text, tools, workflowInfos, dismissedFor],
  );
  const showSuggestions = suggestions.length > 0;
  const taskPending = activeFrames(view.stack).length > 0;
  const disabled = !hasModel;
  const unavailable = availability.type === 'unavailable';

  useEffect(() => {
    if (wantsToolNames(text)) void loadTools();
  }, [text, loadTools]);

  const wantsWorkflows = wantsWorkflowNames(text);
  useEffect(() => {
    if (wantsWorkflows) void loadWorkflows();
  }, [wantsWorkflows, loadWorkflows]);

  useEffect(() => setActiveIndex(0), [suggestions.length]);
  // The hint is about this reply: it goes when the reply ends.
  useEffect(() => {
    if (!view.running) setStillAnswering(false);
  }, [view.running]);

  const submit = async () => {
    if (disabled || sending) return;
    // `/wf <id> words` opens that workflow's form, filled from the words; nothing is sent.
    const workflowCommand = parseWorkflowCommand(text);
    if (workflowCommand) {
      openWorkflowPicker(workflowCommand.workflowId || null, workflowCommand.rest || null);
      setText('');
      return;
    }
    // An empty message is meaningful only while a task waits (main asks "Continue with current task?").
    if (!text.trim() && !taskPending) return;
    if (images.blockedReason) return;
    const isCommand = text.trim().startsWith('/');
    // The model's server is down or the model gone: the notice above says so; nothing is sent elsewhere.
    if (unavailable && !isCommand) return;
    // A reply is streaming and asks nothing: a calm hint, the message stays in the box (commands still go).
    if (view.running && !awaitingUser && !isCommand) {
      setStillAnswering(true);
      return;
    }
    const sent = await send(
      text,
      images.attachments.map((attachment) => attachment.base64),
      resources.chips,
    );
    if (sent) {
      setText('');
      images.clear();
      resources.clear();
    }
    textareaRef.current?.focus();
  };

  const pick = (suggestion: Suggestion) => {
    setText(suggestion.value);
    setDismissedFor(suggestion.type === 'command' && !suggestion.value.endsWith(' ') ? suggestion.value : null);
    textareaRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (showSuggestions) {
      const active = suggestions[activeIndex];
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((activeIndex + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((event.key === 'Tab' || (event.key === 'Enter' && !event.shiftKey)) && active) {
        event.preventDefault();
        pick(active);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedFor(text);
        return;
      }
    }
    // Up in an empty composer edits the last message you sent (as in most chat apps).
    if (event.key === 'ArrowUp' && text === '' && startEditing('last')) return event.preventDefault();
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && view.running && !awaitingUser) {
      event.preventDefault();
      void cancelRun();
    }
  };

  const rows = Math.min(MAX_ROWS, Math.max(1, text.split('\n').length));
  const placeholder = hasModel ? 'Message TACO (/ for commands)' : 'Pick a model to start chatting';

  return (
    <div className={`composer${images.dragging ? ' composer-dragging' : ''}`} {...images.dropTarget}>
      {showSuggestions && <CommandSuggestions id={listId} suggestions={suggestions} activeIndex={activeIndex} onPick={pick} />}
      <AttachmentPreviews attachments={images.attachments} onRemove={images.remove} />
      <ResourceChips chips={resources.chips} onRemove={resources.remove} />
      {availability.type === 'unavailable' && <ModelUnavailableNotice availability={availability} />}
      {stillAnswering && view.running && <StillAnsweringHint />}
      {(images.blockedReason ?? images.problem) && (
        <p className="composer-problem" role="alert" data-testid="attachment-problem">
          {images.blockedReason ?? images.problem}
        </p>
      )}
      <div className="composer-box">
        <button
          type="button"
          className="icon-button composer-workflow-button"
          data-testid="workflow-button"
          aria-label="Run a workflow"
          title="Run a workflow (Ctrl+Shift+W)"
          disabled={disabled}
          onClick={() => openWorkflowPicker(null, null)}
        >
          ⚡
        </button>
        {images.canAttach && <AttachButton disabled={disabled} onFiles={(files) => void images.addFiles(files)} />}
        <AttachResourceButton disabled={disabled} full={resources.full} onAttach={resources.add} />
        <label className="visually-hidden" htmlFor={`${listId}-input`}>
          Message
        </label>
        <textarea
          id={`${listId}-input`}
          ref={textareaRef}
          data-testid="composer"
          value={text}
          rows={rows}
          maxLength={DEFAULTS.maxMessageChars}
          disabled={disabled}
          placeholder={placeholder}
          title="Enter to send, Shift+Enter for a new line, / for commands"
          aria-autocomplete="list"
          aria-controls={showSuggestions ? listId : undefined}
          aria-activedescendant={showSuggestions ? suggestionOptionId(listId, activeIndex) : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setStillAnswering(false);
          }}
          onKeyDown={onKeyDown}
          onPaste={images.onPaste}
        />
        <ContextMeter />
        {view.running ? (
          <button
            type="button"
            className="button danger composer-button"
            data-testid="stop-button"
            disabled={stopping}
            onClick={() => void cancelRun()}
          >
            {stopping ? 'Stopping…' : 'Stop'}
          </button>
        ) : (
          <button
            type="button"
            className="button primary composer-button"
            data-testid="send-button"
            disabled={
              disabled ||
              sending ||
              (!text.trim() && !taskPending) ||
              images.blockedReason !== null ||
              (unavailable && !text.trim().startsWith('/'))
            }
            title={availability.type === 'unavailable' ? availability.message : undefined}
            onClick={() => void submit()}
          >
            Send
          </button>
        )}
      </div>
    </div>
  );
}

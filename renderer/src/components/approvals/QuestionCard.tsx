import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TurnPart } from '../../store/events/conversation-view';
import { useTaco } from '../../store/store-context';
import { flightKey } from '../../store/store-types';
import { useComposerFocusOnAnswer } from './use-composer-focus-on-answer';
import { focusInDialog } from '../ui/dialog-open';

type QuestionPart = Extract<TurnPart, { type: 'question' }>;

/** A tool asking the user something; the answer goes back to the model as the tool's result. */
export function QuestionCard({ part, runFinished }: { part: QuestionPart; runFinished: boolean }) {
  const answerQuestion = useTaco((state) => state.answerQuestion);
  const busy = useTaco((state) => Boolean(state.inFlight[flightKey('question.answer', part.questionId)]));
  const [answer, setAnswer] = useState('');
  const inputId = useId();
  const open = part.answer === null && !runFinished;
  const card = useComposerFocusOnAnswer<HTMLElement>(open);
  const input = useRef<HTMLInputElement>(null);
  // The model asked: the answer field takes focus (not from a dialog the user is working in).
  useEffect(() => {
    if (!open) return;
    if (focusInDialog()) return;
    input.current?.focus();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!answer.trim()) return;
    void answerQuestion(part.questionId, answer).then((accepted) => {
      if (accepted) setAnswer('');
    });
  };

  return (
    <section ref={card} className="card question-card" data-testid="question-card" aria-label="Question from the assistant">
      <label className="card-title plain-text" htmlFor={inputId}>
        {part.question}
      </label>
      {open ? (
        <form className="question-form" onSubmit={submit}>
          <input
            id={inputId}
            ref={input}
            data-testid="question-input"
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            placeholder="Your answer"
            autoComplete="off"
          />
          <button type="submit" className="button primary" data-testid="question-submit" disabled={busy || !answer.trim()}>
            Answer
          </button>
        </form>
      ) : (
        <p className="card-outcome plain-text" data-testid="question-answer">
          {part.answer !== null ? `You answered: ${part.answer}` : 'The run ended before this was answered.'}
        </p>
      )}
    </section>
  );
}

import type { ProbeReport, TuningProposal as Proposal } from '../../../../../shared/probe/probe-report';
import { everyTimeText, percent, settingText } from '../../../../../shared/probe/report-card';
import { useTaco } from '../../../store/store-context';

/**
 * What tuning found, as a question: the settings it would use, the figures now and with them, and
 * Use these settings / Keep current. Main applies them only on the user's yes.
 */
export function TuningProposal({ report, label }: { report: ProbeReport; label: string }) {
  const decide = useTaco((state) => state.decideModelTuning);
  const proposal = report.proposal;
  if (proposal === undefined) {
    // A report made before proposals: its settings were applied then.
    return (
      <p className="report-card-tuned small" data-testid="report-tuned">
        {report.tuned.summary}
      </p>
    );
  }
  if (proposal === null) {
    return (
      <p className="report-card-tuned small" data-testid="report-tuned">
        Its current settings did best ({settingText(report.baseline)}): nothing to change.
      </p>
    );
  }
  return (
    <section
      className="report-proposal"
      aria-label={`Tuned settings for ${label}`}
      data-testid="report-proposal"
      data-decision={proposal.decision}
    >
      <p className="report-card-tuned small" data-testid="report-tuned">
        {proposal.decision === 'accepted'
          ? `In use: ${settingText(report.tuned)}.`
          : proposal.decision === 'declined'
            ? `Kept its settings (${settingText(report.baseline)}); tuning had proposed ${settingText(report.tuned)}.`
            : `Better settings found: ${settingText(report.tuned)} (now ${settingText(report.baseline)}).`}
      </p>
      <BeforeAfter report={report} proposal={proposal} />
      {proposal.decision === 'pending' && (
        <div className="report-proposal-actions">
          <button type="button" className="button primary" data-testid="report-accept" onClick={() => void decide(report.model, true)}>
            Use these settings
          </button>
          <button type="button" className="button ghost" data-testid="report-decline" onClick={() => void decide(report.model, false)}>
            Keep current
          </button>
        </div>
      )}
    </section>
  );
}

function BeforeAfter({ report, proposal }: { report: ProbeReport; proposal: Proposal }) {
  return (
    <table className="report-before-after small" data-testid="report-before-after">
      <caption className="muted">
        The tasks that failed were run again with the tuned settings; the others passed every try and were not.
      </caption>
      <thead>
        <tr>
          <td />
          <th scope="col">Now</th>
          <th scope="col">Tuned</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Tasks passed every time</th>
          <td data-testid="report-before">{everyTimeText(report.tasks)}</td>
          <td data-testid="report-after">{everyTimeText(proposal.after.tasks)}</td>
        </tr>
        <tr>
          <th scope="row">Tries passed</th>
          <td>{percent(report.passAt1)}</td>
          <td>{percent(proposal.after.passAt1)}</td>
        </tr>
      </tbody>
    </table>
  );
}

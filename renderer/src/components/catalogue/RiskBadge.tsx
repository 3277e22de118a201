import type { Risk } from '../../../../shared/settings/settings';

const LABELS: Record<Risk, string> = { read: 'Reads', write: 'Writes', shell: 'Shell', network: 'Network' };
const TITLES: Record<Risk, string> = {
  read: 'Reads files or data; changes nothing',
  write: 'Changes files in your workspace',
  shell: 'Runs a command on your computer',
  network: 'Reaches the internet',
};

export function RiskBadge({ risk }: { risk: Risk }) {
  return (
    <span className={`badge risk risk-${risk}`} title={TITLES[risk]} data-testid="risk-badge" data-risk={risk}>
      {LABELS[risk]}
    </span>
  );
}

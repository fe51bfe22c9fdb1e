import { ProgressBar as AriaProgressBar } from 'react-aria-components';
import './ui.css';

export interface ProgressBarProps {
  label: string;
  /** Done so far and in all, in any unit (bytes for uploads). */
  value: number;
  maxValue: number;
  /** What is read out and shown beside the label, e.g. "2.1 MB of 8.4 MB". */
  valueText: string;
}

/** A determinate progress bar (react-aria's ProgressBar: role="progressbar" with its values). */
export function ProgressBar({ label, value, maxValue, valueText }: ProgressBarProps) {
  const share = maxValue > 0 ? Math.min(1, Math.max(0, value / maxValue)) : 0;
  return (
    <AriaProgressBar className="progress" value={value} minValue={0} maxValue={Math.max(maxValue, 1)} valueLabel={valueText} aria-label={label}>
      <div className="progress__text">
        <span className="progress__label">{label}</span>
        <span className="progress__value">{valueText}</span>
      </div>
      <div className="progress__track" aria-hidden="true">
        <div className="progress__fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
    </AriaProgressBar>
  );
}

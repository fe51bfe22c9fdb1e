import { Label, Radio, RadioGroup } from 'react-aria-components';
import './ui.css';

export interface ChoiceChip {
  id: string;
  label: string;
}

export interface ChoiceChipsProps {
  /** The group's visible label (its accessible name). */
  label: string;
  items: readonly ChoiceChip[];
  value: string;
  onChange: (id: string) => void;
  className?: string;
}

/**
 * One choice out of a few, shown as a row of chips: a react-aria radio group (a labelled group, arrow
 * keys move between the chips, the chosen one is announced as checked), e.g. the catalogue's filter.
 */
export function ChoiceChips({ label, items, value, onChange, className }: ChoiceChipsProps) {
  return (
    <RadioGroup value={value} onChange={onChange} orientation="horizontal" className={['chips', className].filter(Boolean).join(' ')}>
      <Label className="chips__label">{label}</Label>
      <div className="chips__list">
        {items.map((item) => (
          <Radio key={item.id} value={item.id} className="chips__chip">
            {item.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

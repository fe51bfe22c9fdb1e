import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  DateField as AriaDateField,
  DateFieldStateContext,
  DateInput,
  DateSegment,
  FieldError,
  I18nProvider,
  Label,
  Text,
  useLocale,
  type DateSegmentProps,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { dateLayoutFor, formatNumericDate, isoFromSegments, toCalendarDate } from './date-parts';
import './ui.css';

type Segment = DateSegmentProps['segment'];

export interface DateFieldProps {
  label: ReactNode;
  /** The date as 'YYYY-MM-DD', or '' while there is none. */
  value: string;
  /** Called with 'YYYY-MM-DD' once the segments make a real date, and with '' while one is empty again. */
  onChange: (value: string) => void;
  description?: ReactNode;
  /** A translated error (the form's own); the field is marked invalid while it is set. */
  errorMessage?: string | null;
  /** The earliest and latest dates the form takes, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
  name?: string;
  autoComplete?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  validationBehavior?: 'aria' | 'native';
  className?: string;
}

/** Reports the date the segments show whenever it differs from the form's (react-aria's onChange misses a cleared segment). */
function ReportShown({ value, onShown }: { value: string; onShown: (iso: string) => void }) {
  const state = useContext(DateFieldStateContext);
  const shown = state ? isoFromSegments(state.segments) : value;
  useEffect(() => {
    if (shown !== value) onShown(shown);
  }, [shown, value, onShown]);
  return null;
}

/**
 * A date typed in segments laid out in the page's language (issue 24): 26/11/2026 on English pages,
 * 2026.11.26 on Mongolian ones, whatever the browser's own locale; arrow keys, typing and Backspace
 * as react-aria gives them. The value in and out is the ISO string the forms and the API use. A date
 * outside `min`/`max` is flagged at once with a translated message; the form's own error wins.
 */
export function DateField({ label, value, onChange, description, errorMessage, min, max, className, ...props }: DateFieldProps) {
  const { t } = useTranslation('ui');
  const { locale } = useLocale();
  const layout = useMemo(() => dateLayoutFor(locale), [locale]);
  const [date, setDate] = useState(() => toCalendarDate(value));
  // The last value this field reported: a different one came from outside (a restored form) and replaces what is shown.
  const [reported, setReported] = useState(value);
  if (value !== reported) {
    setReported(value);
    setDate(toCalendarDate(value));
  }
  const report = (iso: string) => {
    setReported(iso);
    onChange(iso);
  };

  const minValue = min ? toCalendarDate(min) : null;
  const maxValue = max ? toCalendarDate(max) : null;
  const outOfRange =
    date && value
      ? minValue && date.compare(minValue) < 0
        ? t('date.tooEarly', { date: formatNumericDate(minValue.toString(), layout) })
        : maxValue && date.compare(maxValue) > 0
          ? t('date.tooLate', { date: formatNumericDate(maxValue.toString(), layout) })
          : null
      : null;
  const shownError = errorMessage || outOfRange;

  const segmentText = (segment: Segment) => {
    if (segment.type === 'literal') return layout.separator ?? segment.text;
    if (segment.isPlaceholder && (segment.type === 'year' || segment.type === 'month' || segment.type === 'day')) return t(`date.placeholder.${segment.type}`);
    return segment.text;
  };

  return (
    <I18nProvider locale={layout.locale}>
      <AriaDateField
        {...props}
        value={date}
        onChange={setDate}
        minValue={minValue}
        maxValue={maxValue}
        granularity="day"
        shouldForceLeadingZeros
        isInvalid={Boolean(shownError)}
        className={['field', 'date-field', className].filter(Boolean).join(' ')}
      >
        <Label className="field__label">{label}</Label>
        <DateInput className="field__input date-field__input">
          {(segment) => (
            <DateSegment segment={segment} className="date-field__segment">
              {segmentText(segment)}
            </DateSegment>
          )}
        </DateInput>
        {description ? <Text slot="description" className="field__description">{description}</Text> : null}
        <FieldError className="field__error">{shownError}</FieldError>
        <ReportShown value={value} onShown={report} />
      </AriaDateField>
    </I18nProvider>
  );
}

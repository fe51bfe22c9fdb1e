import { useEffect, useRef, useState, type ReactNode } from 'react';
// useAsyncList is react-stately's, re-exported by react-aria-components (react-stately itself is not a dependency of ours).
import { ComboBox as AriaComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text, useAsyncList } from 'react-aria-components';
import { SelectChevron } from './select';
import './ui.css';

export interface ComboBoxOption {
  id: string;
  /** What the option reads in the list. */
  label: string;
  /** What the field shows once it is chosen (and what typing it finds again), e.g. the contract number. */
  text: string;
}

/** The options for a typed text, and a translated line about them (e.g. "more begin with …"), or null. */
export interface ComboBoxResult {
  options: ComboBoxOption[];
  note: string | null;
}

export interface ComboBoxProps {
  label: string;
  /** Shown under the field while nothing else is to be said (what to type). */
  description?: ReactNode;
  name?: string;
  placeholder?: string;
  /** The chosen option's id, or null; the field shows its `text`. */
  selectedKey: string | null;
  /** The chosen option when the field opens with one (its text is the field's first text). */
  initialOption?: ComboBoxOption;
  onSelectionChange: (id: string | null) => void;
  /** A translated error from the form; the field is marked invalid while it is set. */
  errorMessage?: string | null;
  /** The options for the typed text ('' on opening), asked after a pause in typing; a stale answer is dropped. */
  search: (text: string) => Promise<ComboBoxResult>;
  /** Checks the typed text before it is searched: a translated error (nothing is asked), or null. */
  check?: (text: string) => string | null;
  /** The translated lines of a search: under way, none found for `text`, failed with `error`. */
  loadingText: string;
  noMatchText: (text: string) => string;
  failedText: (error: unknown) => string;
}

/** How long typing pauses before the typed text is searched. */
const SEARCH_PAUSE_MS = 250;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * A text field that finds its options on the server as the user types (react-aria's ComboBox): the
 * options drop down under it, a line under it says what the search is doing (searching, none found,
 * failed, or the result's note), announced politely. Only a listed option can be chosen; clearing the
 * text chooses none.
 */
export function ComboBox({
  label,
  description,
  name,
  placeholder,
  selectedKey,
  initialOption,
  onSelectionChange,
  errorMessage,
  search,
  check,
  loadingText,
  noMatchText,
  failedText,
}: ComboBoxProps) {
  const [outcome, setOutcome] = useState<{ note: string | null; checkError: string | null }>({ note: null, checkError: null });
  // The options seen, so the field can show the chosen one's text when a later search no longer lists it.
  const known = useRef(new Map<string, ComboBoxOption>(initialOption ? [[initialOption.id, initialOption]] : []));
  const list = useAsyncList<ComboBoxOption>({
    initialFilterText: initialOption?.text ?? '',
    async load({ filterText = '', signal }) {
      const text = filterText.trim();
      const checkError = text === '' ? null : (check?.(text) ?? null);
      if (checkError !== null) {
        setOutcome({ note: null, checkError });
        return { items: [] };
      }
      if (text !== '') await pause(SEARCH_PAUSE_MS, signal);
      const result = await search(text);
      if (signal.aborted) return { items: [] };
      for (const option of result.options) known.current.set(option.id, option);
      setOutcome({ note: result.note, checkError: null });
      return { items: result.options };
    },
  });

  // The form cleared its choice (e.g. after sending): the field follows.
  const shownKey = useRef(selectedKey);
  useEffect(() => {
    if (shownKey.current === selectedKey) return;
    shownKey.current = selectedKey;
    if (selectedKey === null && list.filterText !== '') list.setFilterText('');
  }, [list, selectedKey]);

  const text = list.filterText.trim();
  const searching = list.loadingState === 'loading' || list.loadingState === 'filtering';
  const failed = list.loadingState === 'error';
  let status: ReactNode = description ?? null;
  if (outcome.checkError !== null && !searching) status = null;
  else if (searching && text !== '') status = loadingText;
  else if (failed) status = failedText(list.error);
  else if (text !== '' && list.items.length === 0) status = noMatchText(text);
  else if (outcome.note !== null) status = outcome.note;
  const shownError = errorMessage ?? (searching ? null : outcome.checkError);

  return (
    <AriaComboBox
      className="field combo-box"
      items={list.items}
      inputValue={list.filterText}
      onInputChange={(value) => {
        list.setFilterText(value);
        if (value.trim() === '' && selectedKey !== null) onSelectionChange(null);
      }}
      selectedKey={selectedKey}
      onSelectionChange={(key) => {
        const id = key === null ? null : String(key);
        if (id !== selectedKey) onSelectionChange(id);
        // Both the text and the choice are controlled here: the field shows the chosen option's text.
        const chosen = id === null ? undefined : known.current.get(id);
        if (chosen && list.filterText !== chosen.text) list.setFilterText(chosen.text);
      }}
      isInvalid={Boolean(shownError)}
      allowsEmptyCollection
      menuTrigger="focus"
      name={name}
    >
      <Label className="field__label">{label}</Label>
      <div className="combo-box__control">
        <Input className="field__input combo-box__input" placeholder={placeholder} />
        <SelectChevron />
      </div>
      <Text slot="description" className="field__description combo-box__status" aria-live="polite">
        {status}
      </Text>
      <FieldError className="field__error">{shownError}</FieldError>
      <Popover className="combo-box__popover" placement="bottom start" offset={4}>
        <ListBox<ComboBoxOption> className="combo-box__list" renderEmptyState={() => <p className="combo-box__empty">{status}</p>}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.text} className="combo-box__option">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}

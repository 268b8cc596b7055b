import { useCallback, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, CloseButton, Input, Loader, TextInput } from '@mantine/core';
import { IconChevronDown, IconCurrentLocation, IconList, IconMap2, IconMapPin, IconSearch, IconWheelchair } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GAMES_SEARCH_MAX } from '@streethunt/shared/games-list';
import type { PageFilters } from './page-filters.ts';
import classes from './games-filters.module.css';

/** The search box waits this long after the last key before asking (DESIGN: search is debounced). */
const SEARCH_DEBOUNCE_MS = 300;

export type FilterChange = (changes: Partial<PageFilters>, options?: { replace?: boolean }) => void;

type Props = {
  filters: PageFilters;
  onChange: FilterChange;
  /** 'Games near me' is on (pressed): locating or sorted by distance. */
  nearOn: boolean;
  locating: boolean;
  onNearToggle: () => void;
};

/**
 * Search (name or city), price, language, 'with a map' and 'Games near me' (a toggle: pressed again, the
 * list is newest first again): every choice goes into the page's URL (GamesPage), so it can be shared
 * and back/forward step through it.
 */
export function GamesFilters({ filters, onChange, nearOn, locating, onNearToggle }: Props) {
  const { t } = useTranslation();
  // Typing replaces the history entry: back leaves the page rather than stepping through each search.
  const search = useCallback((q: string) => onChange({ q }, { replace: true }), [onChange]);
  return (
    <div className={classes.bar} data-testid="games-filters">
      <SearchBox value={filters.q} onSearch={search} />
      <FilterSelect
        label={t('games.filters.price')}
        value={filters.price ?? ''}
        onChange={(value) => onChange({ price: (value || null) as PageFilters['price'] })}
        options={[
          { value: '', label: t('games.filters.anyPrice') },
          { value: 'free', label: t('games.filters.free') },
          { value: 'paid', label: t('games.filters.paid') },
        ]}
        testId="filter-price"
      />
      <FilterSelect
        label={t('games.filters.language')}
        value={filters.language ?? ''}
        onChange={(value) => onChange({ language: (value || null) as PageFilters['language'] })}
        options={[
          { value: '', label: t('games.filters.anyLanguage') },
          { value: 'he', label: t('games.filters.he') },
          { value: 'en', label: t('games.filters.en') },
        ]}
        testId="filter-language"
      />
      <div className={classes.toggles}>
        <Button
          size="sm"
          variant={filters.map ? 'filled' : 'default'}
          aria-pressed={filters.map}
          leftSection={<IconMapPin size={16} aria-hidden />}
          onClick={() => onChange({ map: !filters.map })}
          px="sm"
          data-testid="filter-map"
        >
          {t('games.filters.map')}
        </Button>
        <Button
          size="sm"
          variant={filters.stepFree ? 'filled' : 'default'}
          aria-pressed={filters.stepFree}
          leftSection={<IconWheelchair size={16} aria-hidden />}
          onClick={() => onChange({ stepFree: !filters.stepFree })}
          px="sm"
          data-testid="filter-step-free"
        >
          {t('games.filters.stepFree')}
        </Button>
        <Button
          size="sm"
          variant={nearOn ? 'filled' : 'default'}
          aria-pressed={nearOn}
          aria-busy={locating || undefined}
          leftSection={locating ? <Loader size={16} color="currentColor" aria-hidden /> : <IconCurrentLocation size={16} aria-hidden />}
          onClick={onNearToggle}
          px="sm"
          data-testid="near-me"
        >
          {t('games.near.button')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The search box: what is typed goes to the URL SEARCH_DEBOUNCE_MS after the last key (replacing the
 * history entry, not one per key), at once on Enter or the clear button. A search that changes from
 * outside (back/forward, 'clear filters') shows in the box.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // The URL's search as last seen: when it changes to something other than what was typed, show it.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value.trim() !== text.trim()) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text);
    // On a phone, Enter ('Search' on the keyboard) is done typing: the keyboard goes, the results show.
    (document.activeElement as HTMLElement | null)?.blur();
  };

  return (
    <form role="search" className={classes.search} onSubmit={submit} aria-label={t('games.search.label')}>
      <TextInput
        type="search"
        enterKeyHint="search"
        aria-label={t('games.search.label')}
        placeholder={t('games.search.placeholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={
          text ? (
            <CloseButton
              aria-label={t('games.search.clear')}
              onClick={() => {
                setText('');
                onSearch('');
              }}
            />
          ) : undefined
        }
        maxLength={GAMES_SEARCH_MAX}
        data-testid="games-search"
      />
    </form>
  );
}

/**
 * A native select in Mantine's input frame (the phone's own picker; Mantine's NativeSelect would bring
 * the whole Combobox into the list's first load for its chevron). Named by `label` (the first option
 * already says 'any price', 'any language', so no visible label is needed).
 */
function FilterSelect({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  return (
    <Input
      component="select"
      className={classes.select}
      aria-label={label}
      value={value}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value)}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      pointer
      data-testid={testId}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Input>
  );
}

/** List or map: the whole page's view (beside the heading), in the URL as view=map. */
export function ViewSwitch({ view, onChange }: { view: PageFilters['view']; onChange: FilterChange }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('games.view.label')}>
      <Button.Group>
        <Button
          size="sm"
          variant={view === 'list' ? 'filled' : 'default'}
          aria-pressed={view === 'list'}
          leftSection={<IconList size={16} aria-hidden />}
          onClick={() => view !== 'list' && onChange({ view: 'list' })}
          px="sm"
        >
          {t('games.view.list')}
        </Button>
        <Button
          size="sm"
          variant={view === 'map' ? 'filled' : 'default'}
          aria-pressed={view === 'map'}
          leftSection={<IconMap2 size={16} aria-hidden />}
          onClick={() => view !== 'map' && onChange({ view: 'map' })}
          px="sm"
        >
          {t('games.view.map')}
        </Button>
      </Button.Group>
    </div>
  );
}

import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Anchor, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapSearch, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { Language, Place } from '@streethunt/shared';
import { ApiError } from '../../../api/client.ts';
import { searchPlaces } from './api.ts';

/** Typing pauses this long before the search goes out. */
export const PLACES_DEBOUNCE_MS = 300;
/** The server needs this many characters to search. */
const PLACES_MIN_LENGTH = 2;
/** The option that submits the typed text to the streets-and-places search. */
const SEARCH_STREETS = 'search-streets';
/** Whose data the streets and places are: OpenStreetMap's licence asks for this credit beside them. */
const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';

/**
 * Finds a place by name or address (or `lat, lng` typed in) through the server's places search, and
 * hands the chosen one to `onPick`. Also the keyboard's way to put a point on a map. While the creator
 * types, cities (and streets searched before) show at once; streets and places are searched when the
 * creator submits (Enter, or the first option): the public Nominatim allows no search-as-you-type.
 */
export function PlacesSearch({ onPick }: { onPick(place: Place): void }) {
  const { t, i18n } = useTranslation('studio');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  // What the creator typed: picking a place writes its name in the box without searching for it again.
  const [query, setQuery] = useState('');
  const [submittedText, setSubmittedText] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(query.trim(), PLACES_DEBOUNCE_MS);
  const language: Language = i18n.language === 'en' ? 'en' : 'he';

  const typed = query.trim();
  const submitted = submittedText !== null && submittedText === typed;
  // A submitted search goes out at once; typing waits for the pause.
  const searchText = submitted ? typed : debounced;
  const places = useQuery({
    queryKey: ['studio', 'places', searchText, language, submitted],
    queryFn: ({ signal }) => searchPlaces(searchText, language, submitted, signal),
    enabled: searchText.length >= PLACES_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

  const long = typed.length >= PLACES_MIN_LENGTH;
  const searching = long && (typed !== searchText || places.isFetching);
  const results = long ? (places.data?.data ?? []) : [];
  const upstream = places.data?.upstream;
  const offerStreets = long && upstream === 'on' && !submitted;
  const fromOsm = results.some((place) => place.source === 'upstream');

  const submit = () => {
    if (!long) return;
    setSubmittedText(typed);
    combobox.openDropdown();
  };

  const pick = (value: string) => {
    if (value === SEARCH_STREETS) {
      submit();
      return;
    }
    const place = results[Number(value)];
    if (!place) return;
    setText(place.name);
    setQuery('');
    setSubmittedText(null);
    combobox.closeDropdown();
    onPick(place);
  };

  // Enter with no option chosen searches streets and places; with one chosen, the combobox picks it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || combobox.getSelectedOptionIndex() !== -1) return;
    event.preventDefault();
    submit();
  };

  let status: string | null = null;
  if (places.isError && !searching) {
    status = places.error instanceof ApiError && places.error.status === 429 ? t('fields.places.busy') : t('fields.places.failed');
  } else if (results.length === 0) {
    if (searching) status = t('fields.places.loading');
    else if (places.isSuccess && submitted) status = t('fields.places.emptyStreets');
    else if (places.isSuccess && !offerStreets) status = t('fields.places.empty');
  }

  let footer: ReactNode = null;
  if (upstream === 'off') footer = t('fields.places.offlineOnly');
  else if (upstream === 'down') footer = t('fields.places.streetsDown');
  else if (fromOsm) {
    footer = (
      <Trans
        t={t}
        i18nKey="fields.places.attribution"
        components={{ osm: <Anchor href={OSM_COPYRIGHT_URL} target="_blank" rel="noopener noreferrer" size="xs" onMouseDown={(event) => event.preventDefault()} /> }}
      />
    );
  }

  return (
    <Combobox store={combobox} onOptionSubmit={pick}>
      <Combobox.Target>
        <TextInput
          label={t('fields.places.label')}
          placeholder={t('fields.places.placeholder')}
          value={text}
          // Typed text runs its own way (a Hebrew street on an English page), while the field keeps the
          // page's direction, so the placeholder and the text start beside the search icon, not under it.
          styles={{ input: { unicodeBidi: 'plaintext' } }}
          autoComplete="off"
          enterKeyHint="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={searching ? <Loader size={16} aria-hidden /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onKeyDown={onKeyDown}
          onFocus={() => long && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="places-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!long}>
        <Combobox.Options>
          {offerStreets && (
            <Combobox.Option value={SEARCH_STREETS} data-testid="places-search-streets">
              <Group gap={6} wrap="nowrap">
                <IconMapSearch size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" dir="auto">
                  {t('fields.places.searchStreets', { text: typed })}
                </Text>
              </Group>
            </Combobox.Option>
          )}
          {results.map((place, index) => (
            <Combobox.Option value={String(index)} key={`${place.source}-${place.lat}-${place.lng}-${index}`} data-testid="place-option">
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text size="sm" fw={600} dir="auto">
                  {place.name}
                </Text>
                {place.detail && (
                  <Text size="xs" c="dimmed" dir="auto">
                    {place.detail}
                  </Text>
                )}
              </Group>
            </Combobox.Option>
          ))}
          {status && <Combobox.Empty data-testid="places-status">{status}</Combobox.Empty>}
        </Combobox.Options>
        {footer && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed" data-testid="places-footer">
              {footer}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

import { useState } from 'react';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language, Place } from '@streethunt/shared';
import { searchPlaces } from './api.ts';

/** Typing pauses this long before the search goes out. */
export const PLACES_DEBOUNCE_MS = 300;
/** The server needs this many characters to search. */
export const PLACES_MIN_LENGTH = 2;

/**
 * Finds a place by name or address (or `lat, lng` typed in) through the server's places search, and
 * hands the chosen one to `onPick`. Also the keyboard's way to put a point on a map.
 */
export function PlacesSearch({ onPick }: { onPick(place: Place): void }) {
  const { t, i18n } = useTranslation('studio');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  // What the creator typed: picking a place writes its name in the box without searching for it again.
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), PLACES_DEBOUNCE_MS);
  const language: Language = i18n.language === 'en' ? 'en' : 'he';
  const places = useQuery({
    queryKey: ['studio', 'places', debounced, language],
    queryFn: ({ signal }) => searchPlaces(debounced, language, signal),
    enabled: debounced.length >= PLACES_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

  const typed = query.trim();
  const searching = typed.length >= PLACES_MIN_LENGTH && (typed !== debounced || places.isFetching);
  const results = typed.length >= PLACES_MIN_LENGTH ? (places.data ?? []) : [];

  const pick = (value: string) => {
    const place = results[Number(value)];
    if (!place) return;
    setText(place.name);
    setQuery('');
    combobox.closeDropdown();
    onPick(place);
  };

  let status: string | null = null;
  if (results.length === 0) {
    if (searching) status = t('fields.places.loading');
    else if (places.isError) status = t('fields.places.failed');
    else if (places.isSuccess) status = t('fields.places.empty');
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
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={searching ? <Loader size={16} aria-hidden /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => typed.length >= PLACES_MIN_LENGTH && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="places-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={typed.length < PLACES_MIN_LENGTH}>
        <Combobox.Options>
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
      </Combobox.Dropdown>
    </Combobox>
  );
}

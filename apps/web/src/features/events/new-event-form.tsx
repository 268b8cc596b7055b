import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EVENT_NAME_MAX, EVENT_TEAMS_MAX, EVENT_TIME_LIMIT_MAX, EVENT_TIME_LIMIT_MIN, formatMoney, type CreateEventRequest, type MyGame } from '@streethunt/shared';
import { submitChecked, useFields } from '../../ui/form-fields.ts';
import { errorText, isUnauthorized } from '../../ui/studio/errors.ts';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { eventsApi, eventsKeys } from './api.ts';
import { checkEventForm, defaultEventValues } from './event-form.ts';

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** What the form needs of a game: its id and name. */
type EventGame = Pick<MyGame, '_id'> & { metadata: Pick<MyGame['metadata'], 'name'> };

/**
 * The new event's details, checked here with the call's own schema before they are sent; once made,
 * the organiser lands in its control room. Buying (`teamPrice` given), the one game is fixed, the
 * total shows as the teams are counted, and the browser goes on to the payment page.
 */
type Props = {
  games: readonly EventGame[];
  /** The game in the address (`?gameId=`), preselected when it is one of `games`. */
  linkedGameId: string | null;
  onUnauthorized(error: unknown): void;
  /** Buying an event: the price of one team, in agorot (0: nothing to pay, made at once). */
  teamPrice?: number;
};

export function NewEventForm({ games, linkedGameId, onUnauthorized, teamPrice }: Props) {
  const { t, i18n } = useTranslation('studio');
  const buying = teamPrice !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const linkedIsApproved = linkedGameId !== null && games.some((game) => game._id === linkedGameId);
  const [initial] = useState(() => defaultEventValues(new Date(), linkedIsApproved ? linkedGameId : games.length === 1 ? games[0]._id : ''));
  const form = useFields(initial);
  const [showLeaderboard, setShowLeaderboard] = useState(true);

  const create = useMutation({
    mutationFn: async (request: CreateEventRequest) => (buying ? eventsApi.purchase(request) : { URL: '', eventId: (await eventsApi.create(request)).id }),
    onSuccess: ({ URL, eventId }) => {
      if (eventId === null) return window.location.assign(URL);
      void queryClient.invalidateQueries({ queryKey: eventsKeys.list });
      navigate(`/events/${encodeURIComponent(eventId)}`);
    },
    onError: onUnauthorized,
  });
  const count = Number(form.values.teamCount);
  const money = (agorot: number) => formatMoney(agorot, i18n.language === 'en' ? 'en' : 'he');
  const total = buying && Number.isInteger(count) && count >= 1 && count <= EVENT_TEAMS_MAX ? teamPrice * count : null;

  const submit = (event: FormEvent<HTMLFormElement>) =>
    submitChecked(event, checkEventForm(form.values, showLeaderboard, t), form, (request) => create.mutate(request), create.reset);

  const nameOf = (game: EventGame) => game.metadata.name.trim() || t('studio.untitled');
  return (
    <form onSubmit={submit} noValidate aria-label={t('events.form.label')}>
      <Stack gap="md" maw="36rem">
        {linkedGameId !== null && !linkedIsApproved && (
          <Alert color="orange" variant="light" data-testid="unknown-game">
            {t('events.new.unknownGame')}
          </Alert>
        )}
        {buying ? (
          <TextInput label={t('events.form.game.label')} value={games.find((game) => game._id === form.values.gameId)?.metadata.name ?? ''} readOnly dir="auto" />
        ) : (
          <Select
            label={t('events.form.game.label')}
            placeholder={t('events.form.game.placeholder')}
            nothingFoundMessage={t('events.form.game.nothingFound')}
            data={games.map((game) => ({ value: game._id, label: nameOf(game) }))}
            value={form.values.gameId || null}
            onChange={(gameId) => form.setValue('gameId', gameId ?? '')}
            error={form.errors.gameId}
            // Options run their own way; the input keeps the page's direction.
            renderOption={({ option }) => <span dir="auto">{option.label}</span>}
            searchable
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <TextInput label={t('events.form.name.label')} description={t('events.form.name.description')} required maxLength={EVENT_NAME_MAX} dir="auto" autoComplete="off" {...form.field('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
          <TextInput type="datetime-local" label={t('events.form.startsAt.label')} required {...form.field('startsAt')} />
          <TextInput type="datetime-local" label={t('events.form.endsAt.label')} required {...form.field('endsAt')} />
        </SimpleGrid>
        <TextInput
          label={t('events.form.teamCount.label')}
          description={t('events.form.teamCount.description', { max: EVENT_TEAMS_MAX })}
          required
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
          {...form.field('teamCount', digitsOnly)}
        />
        <TextInput
          label={t('events.form.timeLimit.label')}
          description={t('events.form.timeLimit.description', { min: EVENT_TIME_LIMIT_MIN, max: EVENT_TIME_LIMIT_MAX })}
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          {...form.field('timeLimitMinutes', digitsOnly)}
        />
        <Switch
          label={t('events.form.showLeaderboard.label')}
          description={t('events.form.showLeaderboard.description')}
          checked={showLeaderboard}
          onChange={(event) => setShowLeaderboard(event.currentTarget.checked)}
        />
        {buying && teamPrice > 0 && (
          <Text fw={600} aria-live="polite" data-testid="event-total">
            {total === null ? t('events.buy.totalUnknown', { perTeam: money(teamPrice) }) : t('events.buy.total', { total: money(total), perTeam: money(teamPrice) })}
          </Text>
        )}
        {create.isError && !isUnauthorized(create.error) && (
          <ActionError>{t(buying ? 'events.buy.failed' : 'events.form.failed', { reason: errorText(create.error, t) })}</ActionError>
        )}
        <Group>
          {/* Loading until the payment page opens: the browser is leaving. */}
          <Button type="submit" loading={create.isPending || (buying && create.isSuccess)}>
            {buying && teamPrice > 0 ? t('events.buy.submit') : t('events.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

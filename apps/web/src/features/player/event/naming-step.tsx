import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamView } from '@streethunt/shared';
import { primeSounds } from '../../../ui/sounds.ts';
import { usePlay } from '../play-context.tsx';
import type { FollowedEvent } from './team-event-store.ts';
import { TEAM_NAME_MAX, TEAM_NAME_MIN, teamNameOf, teamNameProblem, type TeamNameProblem } from '@streethunt/shared';
import { PositionNote } from './position-note.tsx';

type NamingProblem = TeamNameProblem | 'taken' | 'offline' | 'failed';

/**
 * Before the questions of an event, the team names itself (one phone does it for all: the name
 * reaches the others live). Without network it may play on and name the team later.
 */
export function NamingStep({ event, view }: { event: FollowedEvent; view: TeamView }) {
  const { t } = useTranslation();
  const { snapshot } = usePlay();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<NamingProblem | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    if (saving) return;
    // A tap lets the audio start, so the organiser's messages can ring later on phones that need one.
    primeSounds();
    const invalid = teamNameProblem(name);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setSaving(true);
    setProblem(null);
    const outcome = await event.store.rename(teamNameOf(name));
    setSaving(false);
    // The rules here are the server's, so a refusal as invalid can only be of the characters.
    if (outcome !== 'ok') setProblem(outcome === 'invalid' ? 'chars' : outcome);
  };

  const fieldError =
    problem === 'tooShort'
      ? t('player.event.name.tooShort', { min: TEAM_NAME_MIN })
      : problem === 'tooLong'
        ? t('player.event.name.tooLong', { max: TEAM_NAME_MAX })
        : problem && problem !== 'offline' && problem !== 'failed'
          ? t(`player.event.name.${problem}`)
          : undefined;
  const offline = problem === 'offline' || snapshot.offline;
  return (
    <Stack gap="md" data-testid="team-naming">
      <Title order={1} size="h2">
        {t('player.event.name.title')}
      </Title>
      <Text>{t('player.event.name.text')}</Text>
      <PositionNote eventName={view.eventName} />
      <form onSubmit={(formEvent) => void submit(formEvent)} noValidate aria-label={t('player.event.name.title')}>
        <Stack gap="sm">
          <TextInput
            label={t('player.event.name.label')}
            value={name}
            onChange={(changeEvent) => {
              setName(changeEvent.currentTarget.value);
              setProblem(null);
            }}
            error={fieldError}
            size="md"
            dir="auto"
            autoComplete="off"
            data-testid="team-name-input"
          />
          {problem === 'failed' && <Alert color="red">{t('player.event.name.failed')}</Alert>}
          <Button type="submit" size="lg" fullWidth loading={saving}>
            {t('player.event.name.save')}
          </Button>
          {offline && (
            <Alert color="orange" styles={{ message: { color: 'var(--mantine-color-text)' } }} data-testid="team-naming-offline">
              <Stack gap="xs" align="flex-start">
                {t('player.event.name.offline')}
                <Button variant="white" color="orange" onClick={() => event.store.nameLater()}>
                  {t('player.event.name.later')}
                </Button>
              </Stack>
            </Alert>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EVENT_MESSAGE_MAX, eventMessageSchema, type EventTeam, type FeedItem } from '@streethunt/shared';
import { submitChecked, useFields, validateFields, type IssueText } from '../../ui/form-fields.ts';
import { errorText, isUnauthorized } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { eventsApi, type EventMessage } from './api.ts';
import { RoomSection } from './room-section.tsx';
import { useTeamNames } from './team-names.ts';

/** The recipient choice that means every team (team ids never take this form). */
const ALL_TEAMS = '*';
/** How many teams the recipient list shows at once (typing finds the others). */
const TEAMS_LISTED = 50;

type Props = {
  eventId: string;
  teams: readonly EventTeam[];
  /** The message as the feed shows it, once the server took it. */
  onSent(item: FeedItem): void;
  onUnauthorized(error: unknown): void;
};

/** A message to every team's phone, or to one team's. */
export function MessageForm({ eventId, teams, onSent, onUnauthorized }: Props) {
  const { t } = useTranslation('studio');
  const nameOf = useTeamNames();
  const form = useFields({ text: '' });
  const [to, setTo] = useState(ALL_TEAMS);
  // The send button is disabled while it sends, which takes focus from it: the text box has it back, for the next message.
  const textRef = useRef<HTMLTextAreaElement>(null);

  const send = useMutation({
    mutationFn: (message: EventMessage) => eventsApi.sendMessage(eventId, message),
    onSuccess: (item) => {
      form.setValue('text', '');
      onSent(item);
      notify(t, 'teal', t('events.message.sent'));
    },
    onError: onUnauthorized,
    onSettled: () => textRef.current?.focus(),
  });

  const issueText: IssueText = (_field, issue, value) => {
    if (typeof value !== 'string' || value.trim() === '') return t('events.message.errors.required');
    return issue.code === 'too_big' ? t('events.message.errors.tooLong', { max: EVENT_MESSAGE_MAX }) : t('events.message.errors.format');
  };

  const submit = (event: FormEvent<HTMLFormElement>) =>
    submitChecked(
      event,
      validateFields(eventMessageSchema, { text: form.values.text }, issueText),
      form,
      ({ text }) => send.mutate(to === ALL_TEAMS ? { text } : { text, teamId: to }),
      send.reset,
    );

  return (
    <RoomSection title={t('events.message.title')} testId="message-form">
      <form onSubmit={submit} noValidate aria-label={t('events.message.title')}>
        <Stack gap="sm">
          <Select
            label={t('events.message.to')}
            data={[{ value: ALL_TEAMS, label: t('events.message.toAll') }, ...teams.map((team) => ({ value: team.id, label: nameOf(team) }))]}
            value={to}
            onChange={(value) => setTo(value ?? ALL_TEAMS)}
            renderOption={({ option }) => <span dir="auto">{option.label}</span>}
            searchable
            // A thousand teams: the list shows the first matches of what is typed, not every team at once.
            limit={TEAMS_LISTED}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            ref={textRef}
            label={t('events.message.text')}
            description={t('events.message.description', { max: EVENT_MESSAGE_MAX })}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={EVENT_MESSAGE_MAX}
            dir="auto"
            required
            name="text"
            value={form.values.text}
            error={form.errors.text}
            // A message is one line on the phones (the schema refuses line breaks): a break typed or pasted becomes a space.
            onChange={(event) => form.setValue('text', event.currentTarget.value.replace(/[\r\n\t]+/g, ' '))}
          />
          {send.isError && !isUnauthorized(send.error) && <ActionError>{t('events.message.failed', { reason: errorText(send.error, t) })}</ActionError>}
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending} leftSection={<IconSend size={18} aria-hidden />}>
              {t('events.message.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </RoomSection>
  );
}

import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFlag } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_MIN_LENGTH, type ProblemReportRequest } from '@streethunt/shared';
import { playerApi } from './api.ts';
import { usePlay } from './play-context.tsx';

/** Whether a report says something: at least 5 characters and changed from the prefilled text (spec section 5). */
function isReportFilled(message: string, prefill: string): boolean {
  const text = message.trim();
  return text.length >= REPORT_MIN_LENGTH && text !== prefill.trim();
}

/** Report a problem with the current question (POST /api/game/report). */
export function ReportProblem({ index }: { index: number }) {
  const { t } = useTranslation();
  const { game, snapshot } = usePlay();
  const prefill = t('player.report.prefill', { n: index + 1 });
  const [opened, setOpened] = useState(false);
  const [message, setMessage] = useState(prefill);
  const [invalid, setInvalid] = useState(false);

  const report = useMutation({
    mutationFn: (body: ProblemReportRequest) => playerApi.report(body),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('player.report.sent'), closeButtonProps: { 'aria-label': t('player.common.close') } });
      setOpened(false);
    },
    onError: (error) => console.error('report failed', error),
  });

  const open = () => {
    setMessage(prefill);
    setInvalid(false);
    report.reset();
    setOpened(true);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isReportFilled(message, prefill)) {
      setInvalid(true);
      return;
    }
    if (!snapshot.secret) return;
    const { grant } = snapshot;
    // The language the phone shows the game in, so the creator knows which texts the team read.
    const { language } = game.metadata;
    report.mutate({ gameId: game._id, gameSecret: snapshot.secret, questionId: index + 1, message: message.trim(), language, ...(grant && { grant }) });
  };

  return (
    <>
      <Button variant="subtle" color="dark" size="sm" leftSection={<IconFlag size={16} aria-hidden />} onClick={open}>
        {t('player.report.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('player.report.title')} centered closeButtonProps={{ 'aria-label': t('player.common.close') }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea
              label={t('player.report.label')}
              value={message}
              onChange={(event) => {
                setMessage(event.currentTarget.value);
                setInvalid(false);
              }}
              error={invalid ? t('player.report.fillDetails') : undefined}
              autosize
              minRows={3}
              maxLength={2000}
              dir="auto"
              data-testid="report-message"
              data-autofocus
            />
            {report.isError && <Alert color="red">{t('player.report.failed')}</Alert>}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('player.common.cancel')}
              </Button>
              <Button type="submit" loading={report.isPending}>
                {t('player.report.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

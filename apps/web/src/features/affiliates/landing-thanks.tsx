import { useEffect, useRef } from 'react';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useAffiliatesTranslation } from '../../i18n/affiliates-translations.ts';
import { Link } from 'react-router';

/**
 * The thanks screen in place of the form (spec section 2). It is a status region and takes the focus,
 * so a screen reader says it and the keyboard goes on from here.
 */
export function LandingThanks({ firstName }: { firstName: string }) {
  const { t } = useAffiliatesTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Paper ref={ref} role="status" tabIndex={-1} withBorder radius="md" p="lg" bg="teal.0" data-testid="landing-thanks" style={{ outlineOffset: 2 }}>
      <Stack gap="sm" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="teal.8" aria-hidden>
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Title order={3} c="teal.9">
          {t('affiliates.thanks.title', { firstName })}
        </Title>
        <Text>{t('affiliates.thanks.text')}</Text>
        <Text size="sm">{t('affiliates.thanks.next')}</Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to="/signup">
            {t('affiliates.thanks.signup')}
          </Button>
          <Button component={Link} to="/games" variant="default">
            {t('affiliates.thanks.games')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

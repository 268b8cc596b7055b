import { Anchor, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Trans } from 'react-i18next';
import { useAffiliatesTranslation } from '../../i18n/affiliates-translations.ts';
import { Link } from 'react-router';

/** The partner's share, from the terms (spec section 9): 10% excluding VAT, paid monthly, 100 ILS minimum. */
export function ShareTerms() {
  const { t } = useAffiliatesTranslation();
  const points = t('affiliates.landing.share', { returnObjects: true }) as string[];
  return (
    <Paper withBorder radius="md" p="lg" bg="teal.0">
      <Stack gap="md">
        <List
          spacing="sm"
          center
          icon={
            <ThemeIcon color="teal.8" size={24} radius="xl" aria-hidden>
              <IconCheck size={16} />
            </ThemeIcon>
          }
        >
          {points.map((point) => (
            <List.Item key={point}>
              <Text fw={500}>{point}</Text>
            </List.Item>
          ))}
        </List>
        <Text size="sm">
          <Trans t={t} i18nKey="affiliates.landing.termsText" components={{ terms: <Anchor component={Link} to="/terms" inherit underline="always" c="teal.9" /> }} />
        </Text>
      </Stack>
    </Paper>
  );
}

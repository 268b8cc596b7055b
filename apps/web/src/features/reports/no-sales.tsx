import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** No sale in the months shown: how builders and affiliates earn, and where to read more. */
export function NoSales() {
  const { t } = useTranslation('studio');
  return (
    <Card withBorder padding="lg" data-testid="reports-no-sales">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t('finance.empty.title')}
        </Title>
        <Text>{t('finance.empty.builders')}</Text>
        <Text>{t('finance.empty.affiliates')}</Text>
        <Group gap="lg">
          <Anchor component={Link} to="/builders" fw={600}>
            {t('finance.empty.buildersLink')}
          </Anchor>
          <Anchor component={Link} to="/affiliates" fw={600}>
            {t('finance.empty.affiliatesLink')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

import type { ReactNode } from 'react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Props = {
  id: string;
  title: string;
  description?: string;
  /** The CSV button's name, which says which table it downloads (the visible text is the same for all). */
  csvLabel: string;
  onCsv(): void;
  /** With nothing to show: the text, and where to read how one earns. No table and no CSV then. */
  empty?: { text: string; link: { to: string; label: string } } | null;
  children: ReactNode;
};

/** One of the report's tables: heading, a line on what it holds, its CSV download, then the table or why it is empty. */
export function ReportSection({ id, title, description, csvLabel, onCsv, empty, children }: Props) {
  const { t } = useTranslation('studio');
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw="40rem">
          <Title order={2} size="h3" id={`${id}-title`}>
            {title}
          </Title>
          {description && <Text size="sm">{description}</Text>}
        </Stack>
        {!empty && (
          <Button variant="light" size="sm" leftSection={<IconDownload size={16} aria-hidden />} onClick={onCsv} aria-label={csvLabel} data-testid={`${id}-csv`}>
            {t('finance.csv.download')}
          </Button>
        )}
      </Group>
      {empty ? (
        <Card withBorder padding="md" data-testid={`${id}-empty`}>
          <Stack gap={6} align="flex-start">
            <Text size="sm">{empty.text}</Text>
            <Anchor component={Link} to={empty.link.to} size="sm" fw={600}>
              {empty.link.label}
            </Anchor>
          </Stack>
        </Card>
      ) : (
        children
      )}
    </Stack>
  );
}

import { Anchor, Box, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Every page's footer but the splash's (layout.tsx): the accessibility statement, as Israeli Standard
 * 5568 asks, and the terms of use. Two short links that wrap, so it never widens a 360 px screen.
 */
/** `from`: the page it is on, which the statement's report form takes as where the barrier is. */
export function Footer({ from }: { from: string }) {
  const { t } = useTranslation();
  return (
    <Box component="footer" px="md" py="sm" data-testid="site-footer" style={{ borderBlockStart: '1px solid var(--mantine-color-gray-3)' }}>
      <Group component="nav" aria-label={t('footer.label')} justify="center" gap="lg">
        <Anchor component={Link} to="/accessibility" state={{ from }} size="sm" c="dimmed">
          {t('footer.accessibility')}
        </Anchor>
        <Anchor component={Link} to="/terms" size="sm" c="dimmed">
          {t('footer.terms')}
        </Anchor>
      </Group>
    </Box>
  );
}

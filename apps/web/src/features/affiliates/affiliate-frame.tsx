import type { ReactNode } from 'react';
import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useAffiliatesTranslation } from '../../i18n/affiliates-translations.ts';
import { Link } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { LinkRow } from '../../ui/link-row.tsx';

/** Each language by its own name, as a language switch shows it (as the menu does). */
const LANGUAGE_NAMES = { he: 'עברית', en: 'English' } as const;

/**
 * The app's header is hidden on /affiliates/* (spec section 2), so these pages carry their own slim
 * bar: the logo back to the games, and the language switch the menu would otherwise give. Not a
 * <header>: the page has no app header, and this is part of the hero.
 */
function TopBar() {
  const { t, i18n } = useAffiliatesTranslation();
  const other = i18n.language === 'he' ? 'en' : 'he';
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" py="xs">
      <Anchor component={Link} to="/games" aria-label={t('header.logoLabel')} underline="never" c="white">
        <Group gap={6} wrap="nowrap">
          <img src="/favicon.svg" alt="" width={28} height={28} style={{ filter: 'brightness(0) invert(1)' }} />
          <Text fw={800} size="lg" c="white">
            {t('common.appName')}
          </Text>
        </Group>
      </Anchor>
      <Button
        variant="subtle"
        color="white"
        size="compact-md"
        c="white"
        leftSection={<IconLanguage size={18} aria-hidden />}
        onClick={() => void i18n.changeLanguage(other)}
        aria-label={t('menu.switchLanguageLabel', { language: LANGUAGE_NAMES[other] })}
        data-testid="affiliates-language-switch"
      >
        <span lang={other}>{LANGUAGE_NAMES[other]}</span>
      </Button>
    </Group>
  );
}

type Props = {
  title: string;
  kicker: string;
  lead: string;
  /** The hero's call to action. */
  action?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of the affiliate pages: a dark hero (the slim bar, the heading, the promise, the call to
 * action), the page's sections, and the way on to the terms and signup at the end.
 */
export function AffiliateFrame({ title, kicker, lead, action, children }: Props) {
  const { t } = useAffiliatesTranslation();
  usePageTitle(title);
  return (
    <>
      <Box bg="teal.9" c="white" pb={48}>
        <Container size="md" px="md">
          <TopBar />
          <Stack gap="sm" pt={{ base: 'lg', sm: 48 }} maw={640}>
            <Text tt="uppercase" fw={700} size="sm" c="teal.0" style={{ letterSpacing: 0.5 }}>
              {kicker}
            </Text>
            <Title order={1} c="white" fz={{ base: 30, sm: 44 }} lh={1.15}>
              {title}
            </Title>
            <Text size="lg" c="white">
              {lead}
            </Text>
            {action}
          </Stack>
        </Container>
      </Box>
      <Container size="md" px="md" py="xl">
        <Stack gap={48}>{children}</Stack>
      </Container>
      <Box component="footer" bg="gray.0" py="lg" mt="xl">
        <Container size="md" px="md">
          <LinkRow
            gap="lg"
            centered
            links={[
              { to: '/affiliates', label: t('affiliates.landing.allOptions') },
              { to: '/signup', label: t('affiliates.thanks.signup') },
              { to: '/terms', label: t('menu.terms') },
              { to: '/accessibility', label: t('footer.accessibility') },
              { to: '/games', label: t('affiliates.thanks.games') },
            ]}
          />
        </Container>
      </Box>
    </>
  );
}

/** A section of an affiliate page, named by its heading. */
export function AffiliateSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} id={id} mb="md" c="teal.9">
        {title}
      </Title>
      {children}
    </Box>
  );
}

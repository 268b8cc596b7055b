import { Button, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconMap2, IconSpeakerphone, type TablerIcon } from '@tabler/icons-react';
import { useAffiliatesTranslation } from '../../i18n/affiliates-translations.ts';
import { Link } from 'react-router';
import type { LeadFormType } from '@streethunt/shared';
import { DirectionalIcon } from '../../ui/directional-icon.tsx';
import { AffiliateFrame, AffiliateSection } from './affiliate-frame.tsx';
import { ShareTerms } from './share-terms.tsx';

const OPTIONS: { formType: LeadFormType; path: string; icon: TablerIcon }[] = [
  { formType: 'makeMoney', path: '/affiliates/make-money', icon: IconSpeakerphone },
  { formType: 'guides', path: '/affiliates/guides', icon: IconMap2 },
];

/** One way to join: who it is for, three points, on to its landing page or straight to signup. */
function OptionCard({ formType, path, icon: Icon }: (typeof OPTIONS)[number]) {
  const { t } = useAffiliatesTranslation();
  const points = t(`affiliates.hub.${formType}.points`, { returnObjects: true }) as string[];
  const titleId = `option-${formType}`;
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder shadow="sm" radius="md" p="lg" data-testid={`affiliate-option-${formType}`}>
      <Stack gap="sm" h="100%">
        <ThemeIcon size={48} radius="md" color="teal.8" aria-hidden>
          <Icon size={28} />
        </ThemeIcon>
        <Title order={3} id={titleId}>
          {t(`affiliates.hub.${formType}.title`)}
        </Title>
        <Text>{t(`affiliates.hub.${formType}.text`)}</Text>
        <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />} style={{ flex: 1 }}>
          {points.map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
        <Group gap="sm" mt="xs">
          <Button
            component={Link}
            to={path}
            rightSection={<DirectionalIcon icon={IconArrowRight} size={18} aria-hidden />}
            aria-label={`${t('affiliates.hub.learnMore')}: ${t(`affiliates.hub.${formType}.title`)}`}
          >
            {t('affiliates.hub.learnMore')}
          </Button>
          <Button component={Link} to="/signup" variant="default">
            {t('affiliates.thanks.signup')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** `/affiliates` (spec section 2): both affiliate options, each to its landing page, and signup. */
export function Component() {
  const { t } = useAffiliatesTranslation();
  return (
    <AffiliateFrame
      title={t('pages.affiliates')}
      kicker={t('affiliates.hub.kicker')}
      lead={t('affiliates.hub.lead')}
      action={
        <Group mt="sm">
          <Button component={Link} to="/signup" size="lg" color="white" c="teal.9">
            {t('affiliates.hub.signupCta')}
          </Button>
        </Group>
      }
    >
      <AffiliateSection id="options-title" title={t('affiliates.hub.optionsTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {OPTIONS.map((option) => (
            <OptionCard key={option.formType} {...option} />
          ))}
        </SimpleGrid>
      </AffiliateSection>

      <AffiliateSection id="share-title" title={t('affiliates.landing.shareTitle')}>
        <ShareTerms />
      </AffiliateSection>

      <Paper radius="md" p="lg" bg="gray.0" ta="center">
        <Stack gap="sm" align="center">
          <Title order={2} size="h3">
            {t('affiliates.hub.signupTitle')}
          </Title>
          <Text>{t('affiliates.hub.signupText')}</Text>
          <Button component={Link} to="/signup" size="md">
            {t('affiliates.hub.signupCta')}
          </Button>
        </Stack>
      </Paper>
    </AffiliateFrame>
  );
}

import { Anchor, Box, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import {
  IconCoins,
  IconGift,
  IconMap2,
  IconReportMoney,
  IconShare,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import { Trans } from 'react-i18next';
import { useAffiliatesTranslation } from '../../i18n/affiliates-translations.ts';
import { Link } from 'react-router';
import type { LeadFormType } from '@streethunt/shared';
import { AffiliateFrame, AffiliateSection } from './affiliate-frame.tsx';
import { LandingForm } from './landing-form.tsx';
import { ShareTerms } from './share-terms.tsx';

type Point = { title: string; text: string };

const BENEFIT_ICONS: Record<LeadFormType, TablerIcon[]> = {
  makeMoney: [IconShare, IconReportMoney, IconGift],
  guides: [IconUsersGroup, IconCoins, IconMap2],
};

const TITLE_KEYS: Record<LeadFormType, string> = { makeMoney: 'pages.affiliatesMakeMoney', guides: 'pages.affiliatesGuides' };

const FORM_SECTION_ID = 'join';

/** The hero's button: to the form, with the keyboard on its first field (it is on the same page). */
function toForm() {
  const section = document.getElementById(FORM_SECTION_ID);
  section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  section?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
}

/**
 * An affiliate landing page (spec section 2: /affiliates/make-money and /affiliates/guides): what the
 * partner gains, how it works in three steps, the share from the terms, and the form, whose formType is
 * this page's. Written to recruit: the promise first, the form one tap away.
 */
export function LandingPage({ formType }: { formType: LeadFormType }) {
  const { t } = useAffiliatesTranslation();
  const benefits = t(`affiliates.${formType}.benefits`, { returnObjects: true }) as Point[];
  const steps = t(`affiliates.${formType}.steps`, { returnObjects: true }) as Point[];
  const icons = BENEFIT_ICONS[formType];

  return (
    <AffiliateFrame
      title={t(TITLE_KEYS[formType])}
      kicker={t('affiliates.hub.kicker')}
      lead={t(`affiliates.${formType}.lead`)}
      action={
        <Group mt="sm">
          <Button component="a" href={`#${FORM_SECTION_ID}`} size="lg" color="white" c="teal.9" variant="filled" onClick={(event) => { event.preventDefault(); toForm(); }}>
            {t('affiliates.landing.joinCta')}
          </Button>
        </Group>
      }
    >
      <AffiliateSection id="benefits-title" title={t('affiliates.landing.benefitsTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {benefits.map((benefit, index) => {
            const Icon = icons[index] ?? IconGift;
            return (
              <Paper key={benefit.title} withBorder radius="md" p="md">
                <Stack gap="xs">
                  <ThemeIcon size={44} radius="md" color="teal.8" aria-hidden>
                    <Icon size={26} />
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {benefit.title}
                  </Title>
                  <Text size="sm">{benefit.text}</Text>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </AffiliateSection>

      <AffiliateSection id="steps-title" title={t('affiliates.landing.stepsTitle')}>
        <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {steps.map((step, index) => (
            <Group component="li" key={step.title} wrap="nowrap" align="flex-start" gap="md">
              <ThemeIcon size={40} radius="xl" color="teal.9" fw={800} fz="lg" aria-hidden>
                {index + 1}
              </ThemeIcon>
              <Stack gap={2} style={{ minInlineSize: 0 }}>
                <Title order={3} size="h4">
                  <VisuallyHidden>{`${t('affiliates.landing.stepLabel', { number: index + 1 })}: `}</VisuallyHidden>
                  {step.title}
                </Title>
                <Text size="sm">{step.text}</Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      </AffiliateSection>

      <AffiliateSection id="share-title" title={t('affiliates.landing.shareTitle')}>
        <ShareTerms />
      </AffiliateSection>

      <Box component="section" id={FORM_SECTION_ID} aria-labelledby="landing-form-title" style={{ scrollMarginTop: 16 }}>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} id="landing-form-title" mb="xs" c="teal.9">
            {t('affiliates.form.title')}
          </Title>
          <LandingForm formType={formType} />
        </Paper>
      </Box>

      <Text ta="center">
        <Trans t={t} i18nKey="affiliates.landing.signupText" components={{ signup: <Anchor component={Link} to="/signup" inherit fw={700} underline="always" /> }} />
      </Text>
    </AffiliateFrame>
  );
}

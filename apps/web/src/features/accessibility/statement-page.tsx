import { Anchor, Container, List, Loader, Group, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../../api/public-config.ts';
import { languageOf } from '../../i18n/language-of.ts';
import { useAccessibilityTexts } from '../../ui/texts/use-accessibility-texts.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { ReportForm } from './report-form.tsx';

/** The day the statement was last checked against the site; change it with each review (Israeli law asks the statement to say it). */
export const ACCESSIBILITY_REVIEWED_ON = '2026-11-29';

/** The review's day in the page's language ("29 November 2026", "29 בנובמבר 2026"), the same on the server and in any time zone. */
export function reviewedOn(language: string): string {
  return new Intl.DateTimeFormat(languageOf(language) === 'he' ? 'he-IL' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${ACCESSIBILITY_REVIEWED_ON}T00:00:00Z`));
}

/** Sections whose text is a list of paragraphs, and those whose text is a list of points. */
const PARAGRAPH_SECTIONS = ['standard'] as const;
const LIST_SECTIONS = ['made', 'limits'] as const;

/** A link the footer or the menu followed: the page it came from is the first guess of where the barrier is. */
function cameFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/accessibility' ? from : '';
}

/**
 * `/accessibility`: the accessibility statement Israel's service-accessibility regulations (2013) ask of
 * a site, as statements under Israeli Standard 5568 have it: the standard, what was made accessible, the
 * known limits, the coordinator (from the server's settings), the last review, and a form to report a barrier.
 */
export function Component() {
  const { t, i18n } = useAccessibilityTexts();
  usePageTitle(t('accessibility.title'));
  const location = useLocation();
  const contact = usePublicConfig().data?.accessibilityContact;

  return (
    <Container size="sm" py="xl" data-testid="accessibility-statement">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('accessibility.title')}</Title>
          <Text>{t('accessibility.intro')}</Text>
        </Stack>

        {PARAGRAPH_SECTIONS.map((section) => (
          <Stack key={section} gap={4} component="section" aria-labelledby={`accessibility-${section}`}>
            <Title order={2} size="h3" id={`accessibility-${section}`}>
              {t(`accessibility.${section}.title`)}
            </Title>
            {(t(`accessibility.${section}.paragraphs`, { returnObjects: true }) as string[]).map((paragraph, i) => (
              <Text key={i}>{paragraph}</Text>
            ))}
          </Stack>
        ))}

        {LIST_SECTIONS.map((section) => (
          <Stack key={section} gap={4} component="section" aria-labelledby={`accessibility-${section}`}>
            <Title order={2} size="h3" id={`accessibility-${section}`}>
              {t(`accessibility.${section}.title`)}
            </Title>
            <List spacing={4} data-testid={`accessibility-${section}`}>
              {(t(`accessibility.${section}.items`, { returnObjects: true }) as string[]).map((item, i) => (
                <List.Item key={i}>{item}</List.Item>
              ))}
            </List>
          </Stack>
        ))}

        <Stack gap={4} component="section" aria-labelledby="accessibility-contact" data-testid="accessibility-contact">
          <Title order={2} size="h3" id="accessibility-contact">
            {t('accessibility.contact.title')}
          </Title>
          <Text>{t('accessibility.contact.intro')}</Text>
          {contact ? (
            <dl>
              <Group gap={6} align="baseline">
                <Text component="dt" fw={700}>
                  {t('accessibility.contact.name')}:
                </Text>
                <Text component="dd" m={0} data-testid="accessibility-contact-name">
                  {contact.name ?? t('accessibility.contact.defaultName')}
                </Text>
              </Group>
              <Group gap={6} align="baseline">
                <Text component="dt" fw={700}>
                  {t('accessibility.contact.email')}:
                </Text>
                <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                  <Anchor href={`mailto:${contact.email}`} dir="ltr" data-testid="accessibility-contact-email">
                    {contact.email}
                  </Anchor>
                </Text>
              </Group>
              {contact.phone && (
                <Group gap={6} align="baseline">
                  <Text component="dt" fw={700}>
                    {t('accessibility.contact.phone')}:
                  </Text>
                  <Text component="dd" m={0}>
                    <Anchor href={`tel:${contact.phone.replace(/[^+0-9]/g, '')}`} dir="ltr" data-testid="accessibility-contact-phone">
                      {contact.phone}
                    </Anchor>
                  </Text>
                </Group>
              )}
            </dl>
          ) : (
            <Loader size="sm" role="status" aria-label={t('accessibility.contact.loading')} />
          )}
        </Stack>

        <Stack gap={4} component="section" aria-labelledby="accessibility-reviewed">
          <Title order={2} size="h3" id="accessibility-reviewed">
            {t('accessibility.reviewed.title')}
          </Title>
          <Text data-testid="accessibility-reviewed">
            {t('accessibility.reviewed.text', { date: reviewedOn(i18n.language) })}
          </Text>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="accessibility-report">
          <Title order={2} size="h3" id="accessibility-report">
            {t('accessibility.report.title')}
          </Title>
          <Text>{t('accessibility.report.intro')}</Text>
          <ReportForm from={cameFrom(location.state)} />
        </Stack>
      </Stack>
    </Container>
  );
}

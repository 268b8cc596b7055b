import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useAffiliatesTranslation } from '../../i18n/affiliates-translations.ts';
import { LEAD_NAME_MAX, type LandingForm as LandingFormData, type LeadFormType } from '@streethunt/shared';
import { affiliatesApi } from './api.ts';
import { readAffCookie } from './aff-cookie.ts';
import { checkLandingField, checkLandingForm, emptyLandingValues, type LandingErrors, type LandingField, type LandingValues } from './landing-form-check.ts';
import { LandingThanks } from './landing-thanks.tsx';
import { sendErrorText } from './send-error.ts';

/** Email and phone are Latin by nature: they read left to right in Hebrew too. */
const latinInput = { dir: 'ltr', spellCheck: false } as const;

/**
 * The landing pages' form (spec sections 2, 3 and 5): first name, last name, email and phone, all
 * required, checked with the server's schema as the visitor leaves each field and on sending. Sent with
 * the page's formType and the `aff` cookie; then the thanks screen. On failure the server's message
 * shows above the form and everything typed stays.
 */
export function LandingForm({ formType }: { formType: LeadFormType }) {
  const { t, i18n } = useAffiliatesTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<LandingValues>(emptyLandingValues);
  const [errors, setErrors] = useState<LandingErrors>({});
  // After a first attempt, a field is checked again as it is typed, so its error goes as soon as it is right.
  const [attempted, setAttempted] = useState(false);

  const send = useMutation({
    mutationFn: (body: LandingFormData) => affiliatesApi.sendLandingForm(body, i18n.language),
  });

  const focusFirstInvalid = () =>
    window.requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const field = (name: LandingField) => ({
    name,
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (attempted || errors[name]) setErrors((previous) => ({ ...previous, [name]: checkLandingField(name, next, formType, t) }));
    },
    // Leaving a field with something in it says at once what is wrong with it; an empty one waits for the send.
    onBlur: () => {
      if (values[name].trim() !== '' || attempted) setErrors((previous) => ({ ...previous, [name]: checkLandingField(name, values, formType, t) }));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setAttempted(true);
    const result = checkLandingForm(values, formType, readAffCookie(), t);
    if (!result.ok) {
      send.reset();
      setErrors(result.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    send.mutate(result.data);
  };

  if (send.isSuccess) return <LandingThanks firstName={send.variables.firstName} />;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="landing-form-title" data-testid="landing-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('affiliates.form.intro')}
        </Text>
        {send.isError && (
          <Alert color="red" variant="light" title={t('affiliates.form.errorTitle')} data-testid="landing-form-error">
            <Text size="sm" dir="auto">
              {sendErrorText(send.error, t)}
            </Text>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label={t('affiliates.form.firstName')} autoComplete="given-name" dir="auto" maxLength={LEAD_NAME_MAX} {...field('firstName')} />
          <TextInput label={t('affiliates.form.lastName')} autoComplete="family-name" dir="auto" maxLength={LEAD_NAME_MAX} {...field('lastName')} />
        </SimpleGrid>
        <TextInput label={t('affiliates.form.email')} type="email" inputMode="email" autoComplete="email" {...latinInput} {...field('email')} />
        <TextInput label={t('affiliates.form.phone')} type="tel" inputMode="tel" autoComplete="tel" {...latinInput} {...field('phone')} />
        <Button type="submit" size="md" loading={send.isPending} fullWidth data-testid="landing-submit">
          {t('affiliates.form.submit')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('affiliates.form.privacy')}
        </Text>
      </Stack>
    </form>
  );
}

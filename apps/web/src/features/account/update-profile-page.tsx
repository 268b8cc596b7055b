import { ACCOUNT_NAMESPACE, ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import { Suspense, useRef, useState, type FormEvent } from 'react';
import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, updateProfileRequestSchema, type Language, type Profile, type ProfileReply, type UpdateProfileRequest } from '@streethunt/shared';
import { AccountPage, ErrorAlert, emailInputProps, nameInputProps, phoneInputProps } from './account-page.tsx';
import { accountApi, accountKeys } from './api.ts';
import { errorMessage, serverFieldErrors } from './errors.ts';
import { ShareLinksCard } from './share-links-card.tsx';
import { OwnPurchases } from '../../ui/purchases/own-purchases.tsx';
import { focusFirstInvalid, useFields, validateFields, submitChecked } from '../../ui/form-fields.ts';
import { accountIssueText } from './issue-text.ts';
import { OwnRecord, useOwnRecord } from './own-record.tsx';

const PATH = '/update-profile';
const FIELDS = ['firstName', 'lastName', 'phone'] as const;

/**
 * `/update-profile`: the logged-in user's name, phone and language (the email is shown, not edited),
 * and their affiliate code with share links.
 */
export function Component() {
  const { t } = useTranslation(ACCOUNT_TEXTS);
  const profile = useOwnRecord({ path: PATH, queryKey: accountKeys.profile, read: accountApi.profile, select: (reply: ProfileReply) => reply.data.user });

  return (
    <AccountPage title={t('account.profile.title')}>
      <OwnRecord state={profile} loadError={t('account.profile.loadError')}>
        {(record) => (
          <>
            <ProfileForm key={record._id} profile={record} userId={profile.userId} />
            <ShareLinksCard affiliateCode={record.affiliateCode} />
            <Suspense fallback={null}>
              <OwnPurchases userId={profile.userId} />
            </Suspense>
          </>
        )}
      </OwnRecord>
    </AccountPage>
  );
}

function ProfileForm({ profile, userId }: { profile: Profile; userId: string }) {
  const { t, i18n } = useTranslation(ACCOUNT_TEXTS);
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFields({ firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone });
  const [language, setLanguage] = useState<Language>(profile.language);

  const save = useMutation({
    mutationFn: (body: UpdateProfileRequest) => accountApi.updateProfile(body, i18n.language),
    onSuccess: async (reply) => {
      queryClient.setQueryData(accountKeys.profile(userId), reply);
      const saved = reply.data.user.language;
      // The chosen language is the interface's language from now on.
      if (saved !== i18n.language) await i18n.changeLanguage(saved);
      notifications.show({ color: 'teal', message: i18n.t('account.profile.saved', { ns: ACCOUNT_NAMESPACE }), closeButtonProps: { 'aria-label': t('common.close', { ns: 'translation' }) } });
    },
    onError: (error) => {
      form.setErrors(serverFieldErrors(error, FIELDS));
      focusFirstInvalid(formRef.current);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) =>
    submitChecked(event, validateFields(updateProfileRequestSchema, { ...form.values, language }, accountIssueText(t)), form, (data) => save.mutate(data), save.reset);

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('account.profile.title')}>
      <Stack gap="sm">
        {save.isError && <ErrorAlert>{errorMessage(save.error, t)}</ErrorAlert>}
        <TextInput
          label={t('account.fields.email')}
          description={t('account.profile.emailHint')}
          value={profile.email}
          readOnly
          variant="filled"
          {...emailInputProps}
          autoComplete="off"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label={t('account.fields.firstName')} required autoComplete="given-name" {...nameInputProps} {...form.field('firstName')} />
          <TextInput label={t('account.fields.lastName')} required autoComplete="family-name" {...nameInputProps} {...form.field('lastName')} />
        </SimpleGrid>
        <TextInput label={t('account.fields.phone')} required {...phoneInputProps} {...form.field('phone')} />
        <Select
          label={t('account.fields.language')}
          description={t('account.profile.languageHint')}
          data={LANGUAGES.map((value) => ({ value, label: t(`account.languages.${value}`) }))}
          value={language}
          onChange={(value) => value && setLanguage(value as Language)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button type="submit" loading={save.isPending} fullWidth>
          {t('account.common.save')}
        </Button>
      </Stack>
    </form>
  );
}

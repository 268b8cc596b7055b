import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import { useRef, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maskAccountNumber, paymentDetailsSaveRequestSchema, type PaymentDetailsReply, type PaymentDetailsSaveRequest } from '@streethunt/shared';
import { AccountPage, ErrorAlert, nameInputProps } from './account-page.tsx';
import { accountApi, accountKeys } from './api.ts';
import { errorCode, errorMessage, serverFieldErrors } from './errors.ts';
import { focusFirstInvalid, useFields, validateFields, submitChecked } from '../../ui/form-fields.ts';
import { accountIssueText } from './issue-text.ts';
import { OwnRecord, useOwnRecord } from './own-record.tsx';

const PATH = '/update-payment-details';
const FIELDS = ['accountHolder', 'idNumber', 'bankName', 'bankNumber', 'branchNumber', 'accountNumber', 'password'] as const;
/** Saving needs the password again: the form asks for it every time. */
const SAVE_SCHEMA = paymentDetailsSaveRequestSchema.required({ password: true });
type Field = (typeof FIELDS)[number];
type Details = NonNullable<PaymentDetailsReply['data']['details']>;

/** Digit fields: what may be typed, and how many digits the shared schema allows. */
const DIGITS: Partial<Record<Field, number>> = { idNumber: 12, bankNumber: 4, branchNumber: 5, accountNumber: 20 };
const onlyDigits = (value: string) => value.replace(/\D+/g, '');

/** `/update-payment-details`: the bank account a creator's or affiliate's share is paid into. */
export function Component() {
  const { t } = useTranslation(ACCOUNT_TEXTS);
  const details = useOwnRecord({
    path: PATH,
    queryKey: accountKeys.paymentDetails,
    read: accountApi.paymentDetails,
    select: (reply: PaymentDetailsReply) => reply.data.details,
  });

  return (
    <AccountPage title={t('account.payment.title')}>
      <Text>{t('account.payment.intro')}</Text>
      <OwnRecord state={details} loadError={t('account.payment.loadError')}>
        {(record) => <PaymentDetailsForm key={record?.updatedAt ?? 'empty'} details={record} userId={details.userId} />}
      </OwnRecord>
    </AccountPage>
  );
}

function PaymentDetailsForm({ details, userId }: { details: Details | null; userId: string }) {
  const { t, i18n } = useTranslation(ACCOUNT_TEXTS);
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFields<Field>({
    accountHolder: details?.accountHolder ?? '',
    idNumber: details?.idNumber ?? '',
    bankName: details?.bankName ?? '',
    bankNumber: details?.bankNumber ?? '',
    branchNumber: details?.branchNumber ?? '',
    // Read without the password, the kept number is masked: the whole number is typed again to save.
    accountNumber: details && !details.accountNumberMasked ? details.accountNumber : '',
    password: '',
  });

  const save = useMutation({
    mutationFn: (body: PaymentDetailsSaveRequest) => accountApi.updatePaymentDetails(body, i18n.language),
    onSuccess: (reply) => {
      // Kept as a read without the password would show it: masked.
      const saved = reply.data.details;
      const masked = saved && { ...saved, accountNumber: maskAccountNumber(saved.accountNumber), accountNumberMasked: true };
      queryClient.setQueryData(accountKeys.paymentDetails(userId), { data: { details: masked } });
      notifications.show({ color: 'teal', message: t('account.payment.saved'), closeButtonProps: { 'aria-label': t('common.close', { ns: 'translation' }) } });
    },
    onError: (error) => {
      form.setErrors(errorCode(error) === 'wrong_credentials' ? { password: t('account.payment.wrongPassword') } : serverFieldErrors(error, FIELDS));
      focusFirstInvalid(formRef.current);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) =>
    submitChecked(event, validateFields(SAVE_SCHEMA, form.values, accountIssueText(t)), form, (data) => save.mutate(data), save.reset);

  const digitsField = (name: Field) => ({
    label: t(`account.fields.${name}`),
    required: true,
    dir: 'ltr' as const,
    inputMode: 'numeric' as const,
    pattern: '[0-9]*',
    maxLength: DIGITS[name],
    autoComplete: 'off',
    ...form.field(name, onlyDigits),
  });

  const updatedAt = details ? new Date(details.updatedAt) : null;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('account.payment.title')}>
      <Stack gap="sm">
        {!details && (
          <Alert color="blue" variant="light" data-testid="payment-details-empty">
            {t('account.payment.empty')}
          </Alert>
        )}
        {save.isError && errorCode(save.error) !== 'wrong_credentials' && <ErrorAlert>{errorMessage(save.error, t)}</ErrorAlert>}
        <TextInput label={t('account.fields.accountHolder')} required autoComplete="name" {...nameInputProps} {...form.field('accountHolder')} />
        <TextInput {...digitsField('idNumber')} />
        <TextInput label={t('account.fields.bankName')} required autoComplete="off" {...nameInputProps} {...form.field('bankName')} />
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
          <TextInput {...digitsField('bankNumber')} />
          <TextInput {...digitsField('branchNumber')} />
        </SimpleGrid>
        <TextInput
          {...digitsField('accountNumber')}
          // The masked number isolated left to right, so '••••1234' reads the same in a Hebrew sentence.
          description={details?.accountNumberMasked ? t('account.payment.currentAccount', { number: `\u2066${details.accountNumber}\u2069` }) : undefined}
        />
        {updatedAt && !Number.isNaN(updatedAt.getTime()) && (
          <Text size="xs" c="dimmed">
            {t('account.payment.updatedAt', { date: updatedAt.toLocaleDateString(i18n.language) })}
          </Text>
        )}
        <PasswordInput
          label={t('account.fields.password')}
          description={t('account.payment.passwordNeeded')}
          required
          autoComplete="current-password"
          {...form.field('password')}
        />
        <Button type="submit" loading={save.isPending} fullWidth>
          {t('account.common.save')}
        </Button>
      </Stack>
    </form>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { otpRequestSchema, otpVerifySchema } from '@service-portal/shared/auth';
import { LIMITS } from '@service-portal/shared/limits';
import { formatMessage, retryAfterSeconds, signInErrorMessage } from '../../../lib/api-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useRequestOtp } from '../api/request-otp.ts';
import { useVerifyOtp } from '../api/verify-otp.ts';

const codeSchema = z.pick(otpVerifySchema, { otpCode: true });

/** The time now, read in handlers and effects only. */
const clock = () => Date.now();

type Step = { name: 'email' } | { name: 'code'; email: string; expiresInSeconds: number; resent: boolean };

/**
 * E-mail one-time-code sign-in. On success the session is stored (see useVerifyOtp) and the /login
 * route, now authenticated, sends the user on to where they were going.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const requestOtp = useRequestOtp();
  const verifyOtp = useVerifyOtp();

  // Failed calls follow the spec's sign-in table (signInErrorMessage), not the forms' catalogue.
  const emailForm = useSchemaForm({
    initialValues: { email: '' },
    schema: otpRequestSchema,
    fallback: 'errors.signIn.requestOtpFailed',
    draft: false,
  });
  const codeForm = useSchemaForm({
    initialValues: { otpCode: '' },
    schema: codeSchema,
    fallback: 'errors.signIn.verifyOtpFailed',
    draft: false,
  });

  // "Resend code" waits as long as the server would (one code a minute per e-mail), or as long as
  // a 429's Retry-After says, and counts down (issue 31: it could be pressed at once, then said
  // "Too many attempts" without saying how long to wait).
  const [cooldownUntil, setCooldownUntil] = useState(0);
  const [now, setNow] = useState(clock);
  const waitSeconds = Math.max(0, Math.ceil((cooldownUntil - now) / 1000));
  useEffect(() => {
    if (cooldownUntil <= clock()) return undefined;
    const timer = window.setInterval(() => setNow(clock()), 1000);
    return () => window.clearInterval(timer);
  }, [cooldownUntil]);
  const coolDown = (ms: number) => {
    const start = clock();
    setNow(start);
    setCooldownUntil(start + ms);
  };

  const sendCode = (email: string, resent: boolean) => {
    requestOtp.mutate(
      { email },
      {
        onSuccess: ({ expiresInSeconds }) => {
          verifyOtp.reset();
          coolDown(LIMITS.otpMinIntervalMs);
          setStep({ name: 'code', email, expiresInSeconds, resent });
        },
        onError: (failure) => {
          const seconds = retryAfterSeconds(failure);
          if (seconds !== null) coolDown(seconds * 1000);
        },
      },
    );
  };

  const limited = requestOtp.isError && retryAfterSeconds(requestOtp.error) !== null;
  const error = verifyOtp.isError
    ? formatMessage(t, signInErrorMessage(verifyOtp.error, 'verifyOtp'))
    : limited && waitSeconds > 0
      ? t('errors.tryAgainIn', { count: waitSeconds })
      : requestOtp.isError
        ? formatMessage(t, signInErrorMessage(requestOtp.error, 'requestOtp'))
        : null;

  const errorAlert = error !== null && (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {error}
    </Alert>
  );

  if (step.name === 'email') {
    return (
      <form noValidate onSubmit={emailForm.submit(({ email }) => sendCode(email, false))}>
        <Stack gap="md">
          {errorAlert}
          <TextInput
            {...emailForm.getInputProps('email')}
            type="email"
            label={t('auth.login.emailLabel')}
            placeholder={t('auth.login.emailPlaceholder')}
            autoComplete="email"
            inputMode="email"
            autoFocus
            required
          />
          <Button type="submit" loading={requestOtp.isPending} fullWidth>
            {t('auth.login.sendCode')}
          </Button>
        </Stack>
      </form>
    );
  }

  if (verifyOtp.isPending || verifyOtp.isSuccess) {
    return (
      <Stack align="center" gap="sm" py="lg" role="status" aria-live="polite">
        {verifyOtp.isPending ? (
          <Loader aria-hidden="true" />
        ) : (
          <IconCircleCheck size={36} color="var(--mantine-color-green-6)" aria-hidden="true" />
        )}
        <Text ta="center">{t(verifyOtp.isPending ? 'auth.states.processing' : 'auth.states.success')}</Text>
      </Stack>
    );
  }

  const { email } = step;
  return (
    <form
      noValidate
      onSubmit={codeForm.submit(({ otpCode }) => {
        verifyOtp.mutate({ email, otpCode }, { onError: () => codeForm.setFieldValue('otpCode', '') });
      })}
    >
      <Stack gap="md">
        <Text size="sm" aria-live="polite">
          {step.resent
            ? t('auth.login.codeResent', { email })
            : t('auth.login.codeSent', {
                email,
                minutes: Math.max(1, Math.round(step.expiresInSeconds / 60)),
              })}
        </Text>
        {errorAlert}
        <TextInput
          {...codeForm.getInputProps('otpCode')}
          onChange={(event) =>
            codeForm.setFieldValue('otpCode', event.currentTarget.value.replace(/\D/g, ''))
          }
          label={t('auth.login.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.otpDigits}
          autoFocus
          required
          styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
        />
        <Button type="submit" fullWidth>
          {t('auth.login.signIn')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              requestOtp.reset();
              verifyOtp.reset();
              codeForm.reset();
              setStep({ name: 'email' });
            }}
          >
            {t('auth.login.useDifferentEmail')}
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={requestOtp.isPending || waitSeconds > 0}
            onClick={() => sendCode(email, true)}
          >
            {waitSeconds > 0 ? t('auth.login.resendIn', { count: waitSeconds }) : t('auth.login.resendCode')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

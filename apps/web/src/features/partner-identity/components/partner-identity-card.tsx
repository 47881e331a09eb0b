import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  LOGO_SNIFF_BYTES,
  PARTNER_LOGO_ACCEPT,
  PARTNER_LOGO_RULES,
  partnerContactInputSchema,
  sniffLogoType,
  type PartnerIdentity,
} from '@service-portal/shared/partner-identity';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatMessage, problemMessage, type UiMessage } from '../../../lib/api-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import {
  usePartnerIdentity,
  useRemovePartnerLogo,
  useSavePartnerContact,
  useUploadPartnerLogo,
} from '../api/partner-identity.ts';

const MAX_MB = PARTNER_LOGO_RULES.maxBytes / (1024 * 1024);

interface ContactValues extends Record<string, unknown> {
  phone: string;
  email: string;
  address: string;
  website: string;
}

/** Refuses at once what the server would refuse (type by the first bytes, size); null when fine. */
async function precheck(file: File): Promise<UiMessage | null> {
  const head = new Uint8Array(await file.slice(0, LOGO_SNIFF_BYTES).arrayBuffer());
  if (sniffLogoType(head) === null) return { key: 'partnerIdentity.logo.invalidType' };
  if (file.size > PARTNER_LOGO_RULES.maxBytes) return { key: 'partnerIdentity.logo.tooLarge' };
  return null;
}

function LogoSection({ identity }: { identity: PartnerIdentity }) {
  const { t } = useTranslation();
  const upload = useUploadPartnerLogo();
  const remove = useRemovePartnerLogo();
  const [failure, setFailure] = useState<UiMessage | null>(null);
  const resetFile = useRef<() => void>(null);
  const logo = identity.logo;

  const pick = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    setFailure(null);
    const refused = await precheck(file);
    if (refused) {
      setFailure(refused);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: t('partnerIdentity.logo.saved') }),
      onError: (error) => setFailure(problemMessage(error, 'partnerIdentity.logo.failed', 'partnerLogo')),
    });
  };

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('partnerIdentity.logo.label')}
      </Text>
      <Group align="center" gap="md" wrap="wrap">
        <Box
          p="xs"
          w={200}
          h={88}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {logo ? (
            <Image
              src={logo.url}
              alt={t('partnerIdentity.logo.alt', { name: identity.name })}
              mah={68}
              maw={180}
              fit="contain"
            />
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              {t('partnerIdentity.logo.none')}
            </Text>
          )}
        </Box>
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <FileButton
              onChange={(file) => void pick(file)}
              accept={PARTNER_LOGO_ACCEPT}
              resetRef={resetFile}
            >
              {(props) => (
                <Button {...props} variant="light" loading={upload.isPending} disabled={remove.isPending}>
                  {logo ? t('partnerIdentity.logo.replace') : t('partnerIdentity.logo.upload')}
                </Button>
              )}
            </FileButton>
            {logo && (
              <Button
                variant="subtle"
                color="red"
                loading={remove.isPending}
                disabled={upload.isPending}
                onClick={() => {
                  setFailure(null);
                  remove.mutate(undefined, {
                    onSuccess: () =>
                      notifications.show({ color: 'green', message: t('partnerIdentity.logo.removed') }),
                    onError: (error) =>
                      setFailure(problemMessage(error, 'partnerIdentity.logo.removeFailed')),
                  });
                }}
              >
                {t('partnerIdentity.logo.remove')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('partnerIdentity.logo.hint', { mb: MAX_MB, px: PARTNER_LOGO_RULES.maxPx })}
          </Text>
        </Stack>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {formatMessage(t, failure)}
        </Alert>
      )}
    </Stack>
  );
}

function ContactForm({ identity }: { identity: PartnerIdentity }) {
  const { t } = useTranslation();
  const save = useSavePartnerContact();
  const form = useSchemaForm({
    initialValues: {
      phone: identity.phone ?? '',
      email: identity.email ?? '',
      address: identity.address ?? '',
      website: identity.website ?? '',
    } satisfies ContactValues,
    schema: partnerContactInputSchema,
    fallback: 'partnerIdentity.contact.saveFailed',
  });
  const submit = form.submit((payload) =>
    save.mutate(payload, {
      onSuccess: () => notifications.show({ color: 'green', message: t('partnerIdentity.contact.saved') }),
      onError: (error) => {
        const outcome = form.fail(error);
        notifications.show({ color: 'red', message: formatMessage(t, outcome.message) });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('partnerIdentity.contact.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="tel"
            autoComplete="tel"
            label={t('partnerIdentity.contact.phone')}
            {...form.getInputProps('phone')}
          />
          <TextInput
            type="email"
            autoComplete="email"
            label={t('partnerIdentity.contact.email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            autoComplete="street-address"
            label={t('partnerIdentity.contact.address')}
            description={t('partnerIdentity.contact.optional')}
            {...form.getInputProps('address')}
          />
          <TextInput
            type="url"
            autoComplete="url"
            label={t('partnerIdentity.contact.website')}
            description={t('partnerIdentity.contact.optional')}
            placeholder="https://"
            {...form.getInputProps('website')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('partnerIdentity.contact.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The partner's identity (decision 077): the logo and contact details that the customer's pages
 * and the service report carry. For the partner's Administrator; loaded on first use.
 */
export function PartnerIdentityCard() {
  const { t } = useTranslation();
  const identity = usePartnerIdentity();
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('partnerIdentity.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('partnerIdentity.explain')}
          </Text>
        </Stack>
        {identity.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : identity.isError ? (
          <LoadErrorAlert message={t('errors.loadData')} onRetry={() => void identity.refetch()} />
        ) : (
          <>
            <LogoSection identity={identity.data} />
            <ContactForm
              key={[
                identity.data.phone,
                identity.data.email,
                identity.data.address,
                identity.data.website,
              ].join('|')}
              identity={identity.data}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

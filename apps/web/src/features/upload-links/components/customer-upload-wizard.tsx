import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { uploadTokenSchema } from '@service-portal/shared/upload-links';
import type { PartnerBrand as Brand } from '@service-portal/shared/partner-brand';
import type { UploadInfo } from '@service-portal/shared/upload-links';
import { formatMessage, isInvalidUploadLink, uploadErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { customerUploadKey } from '../api/keys.ts';
import { useUploadInfo } from '../api/get-upload-info.ts';
import { useLookupUpload } from '../api/lookup-upload.ts';
import { useVerifyUpload } from '../api/verify-upload.ts';
import { loadSession, saveSession } from '../lib/upload-session.ts';
import { CustomerImageUploader } from './customer-image-uploader.tsx';
import { OrderStatusView } from './order-status-view.tsx';
import { PartnerBrand } from './partner-brand.tsx';
import { VerifyForm } from './verify-form.tsx';

const STEPS = ['info', 'verification', 'upload', 'complete'] as const;
type Step = (typeof STEPS)[number] | 'status';

/** The phone-first frame of the customer's pages. */
function Frame({
  title,
  step,
  brand,
  children,
}: {
  title: string;
  step?: number;
  /** Whose service this is (decision 077); absent before the link is known. */
  brand?: Brand | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size={520} px="sm" py="md">
      <title>{`${title} · ${brand?.name ?? t('app.name')}`}</title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          {brand && <PartnerBrand brand={brand} />}
          <Stack gap={6}>
            {step !== undefined && (
              <>
                <Text size="sm" c="dimmed">
                  {t('uploads.stepOf', { step: step + 1, total: STEPS.length })}
                </Text>
                <Progress value={((step + 1) / STEPS.length) * 100} size="sm" aria-hidden="true" />
              </>
            )}
            <Title order={1} size="h3">
              {title}
            </Title>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * "Invalid Upload Link." (spec §8): unknown, expired, revoked, or cut short on its way (an SMS that
 * broke the link). Trying the link again cannot help, so the customer finds the order by phone and
 * serial number right here.
 */
export function InvalidUploadLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Frame title={t('errors.invalidUploadLink')}>
      <Text>{t('uploads.invalidLinkHelp')}</Text>
      <LookupForm onFound={(found) => void navigate(`/customer-upload/${found}`)} />
    </Frame>
  );
}

/** `/customer-upload`: phone number + serial number find the open order. */
export function CustomerUploadLookup({ onFound }: { onFound: (token: string) => void }) {
  const { t } = useTranslation();
  return (
    <Frame title={t('uploads.title')}>
      <LookupForm onFound={onFound} intro={t('uploads.lookup.intro')} />
    </Frame>
  );
}

function LookupForm({ onFound, intro }: { onFound: (token: string) => void; intro?: string }) {
  const { t } = useTranslation();
  const lookup = useLookupUpload();
  return (
    <VerifyForm
      intro={intro}
      submitLabel={t('uploads.lookup.submit')}
      pending={lookup.isPending}
      failure={lookup.isError ? uploadErrorMessage(lookup.error, 'uploadLookup') : null}
      onSubmit={(body) =>
        lookup.mutate(body, {
          onSuccess: (result) => {
            saveSession(result.token, result.session);
            onFound(result.token);
          },
        })
      }
    />
  );
}

/** `/customer-upload/{token}`: Service Information → Verification → Upload Service Images → Upload Complete. */
/** What other features show on the status step (an estimate, the signed report), composed by the route. */
export type StatusExtras = (token: string, session: string) => ReactNode;

export function CustomerUploadWizard({
  token,
  statusExtras,
}: {
  token: string;
  statusExtras?: StatusExtras;
}) {
  // A link that cannot be one (cut short in an SMS) is not asked about: the server would refuse it.
  if (!uploadTokenSchema.safeParse(token).success) return <InvalidUploadLink />;
  return <LinkWizard token={token} statusExtras={statusExtras} />;
}

function LinkWizard({ token, statusExtras }: { token: string; statusExtras?: StatusExtras }) {
  const { t } = useTranslation();
  const info = useUploadInfo(token);
  const [invalid, setInvalid] = useState(false);
  if (invalid || (info.isError && isInvalidUploadLink(info.error))) return <InvalidUploadLink />;
  if (info.isPending)
    return (
      <Frame title={t('uploads.title')}>
        <Loader aria-label={t('app.loading')} />
      </Frame>
    );
  if (info.isError)
    return (
      <Frame title={t('uploads.title')}>
        <Alert color="red" role="alert">
          {formatMessage(t, uploadErrorMessage(info.error))}
        </Alert>
        <Button variant="light" onClick={() => void info.refetch()}>
          {t('common.retry')}
        </Button>
      </Frame>
    );
  return (
    <Steps token={token} info={info.data} onInvalid={() => setInvalid(true)} statusExtras={statusExtras} />
  );
}

/** A button label that wraps instead of being cut (long translations on a narrow screen). */
const WRAP = { label: { whiteSpace: 'normal', textAlign: 'center' }, inner: { paddingBlock: 6 } } as const;

function Steps({
  token,
  info,
  onInvalid,
  statusExtras,
}: {
  token: string;
  info: UploadInfo;
  onInvalid: () => void;
  statusExtras?: StatusExtras;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<string | null>(() => loadSession(token));
  const [step, setStep] = useState<Step>('info');
  // Where verification leads: the photos (the link's first purpose) or the status page.
  const [afterVerify, setAfterVerify] = useState<'upload' | 'status'>('upload');
  const [received, setReceived] = useState(0);
  const verify = useVerifyUpload();

  if (step === 'info')
    return (
      <Frame title={t('uploads.steps.info')} step={0} brand={info.partner}>
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="40%">{t('uploads.info.orderNumber')}</Table.Th>
              <Table.Td>{info.orderNumber}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              {/* The order's title (what the service is about), not a product (issue 31). */}
              <Table.Th>{t('uploads.info.orderTitle')}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{info.product}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('uploads.info.status')}</Table.Th>
              <Table.Td>{t(`statusPage.stages.${info.stage}`)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {t('uploads.info.validUntil', { time: formatDateTime(info.expiresAt, i18n.language) })}
        </Text>
        <Button onClick={() => setStep(session ? 'upload' : 'verification')} fullWidth>
          {t('uploads.info.continue')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setAfterVerify('status');
            setStep(session ? 'status' : 'verification');
          }}
        >
          {t('uploads.complete.status')}
        </Anchor>
      </Frame>
    );

  if (step === 'verification' || !session)
    return (
      <Frame title={t('uploads.steps.verification')} step={1} brand={info.partner}>
        <VerifyForm
          intro={t('uploads.verify.intro')}
          submitLabel={t('uploads.verify.submit')}
          pending={verify.isPending}
          failure={verify.isError ? uploadErrorMessage(verify.error, 'uploadVerify') : null}
          onSubmit={(body) =>
            verify.mutate(
              { token, body },
              {
                onSuccess: (result) => {
                  saveSession(token, result.session);
                  setSession(result.session);
                  setStep(afterVerify);
                },
                onError: (error) => {
                  if (isInvalidUploadLink(error)) onInvalid();
                },
              },
            )
          }
        />
      </Frame>
    );

  if (step === 'upload')
    return (
      <Frame title={t('uploads.steps.upload')} step={2} brand={info.partner}>
        <CustomerImageUploader
          token={token}
          session={session}
          bytesRemaining={info.bytesRemaining}
          onInvalidLink={onInvalid}
          onComplete={(count) => {
            setReceived(count);
            setStep('complete');
            void queryClient.invalidateQueries({ queryKey: customerUploadKey(token) });
          }}
        />
      </Frame>
    );

  if (step === 'complete')
    return (
      <Frame title={t('uploads.steps.complete')} step={3} brand={info.partner}>
        <Alert color="green" role="status" title={t('success.upload')}>
          {t('uploads.complete.received', { count: received })}
        </Alert>
        {/* One under the other on a phone: side by side, "Grow" cut the labels at 375 px (issue 31). */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button variant="light" onClick={() => setStep('upload')} h="auto" mih={36} styles={WRAP}>
            {t('uploads.complete.more')}
          </Button>
          <Button onClick={() => setStep('status')} h="auto" mih={36} styles={WRAP}>
            {t('uploads.complete.status')}
          </Button>
        </SimpleGrid>
      </Frame>
    );

  return (
    <Frame title={t('statusPage.title')} brand={info.partner}>
      <OrderStatusView token={token} session={session} />
      {statusExtras?.(token, session)}
      <Button variant="subtle" onClick={() => setStep('info')}>
        {t('statusPage.back')}
      </Button>
    </Frame>
  );
}

import type { MailMessage } from '../../integrations/mail/mailer.ts';

/** The mail to a partner's Administrators when an endpoint was switched off after failing. */
export function endpointDisabledMail(
  admin: { firstName: string },
  endpoint: { url: string; failingSince: Date | null },
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  const screen = `${publicUrl.replace(/\/+$/, '')}/webhooks`;
  const since = endpoint.failingSince ? endpoint.failingSince.toISOString().slice(0, 10) : 'five days';
  return {
    subject: 'A webhook endpoint was disabled',
    text: [
      `Hello ${admin.firstName},`,
      '',
      `Service Portal could not deliver events to ${endpoint.url} since ${since}, so the endpoint`,
      'has been disabled and no more events are sent to it.',
      '',
      `Fix the receiver, then enable the endpoint again here: ${screen}`,
      'Events that failed can be sent again from its delivery log.',
    ].join('\n'),
  };
}

import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type partnerContactInputSchema,
  partnerLogoPath,
  type PartnerBrand,
  type PartnerContact,
  type PartnerIdentity,
} from '@service-portal/shared/partner-identity';
import type { z } from 'zod';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { StoredFiles } from '../../integrations/storage/file-ledger.ts';
import type { UploadPart } from '../../lib/multipart.ts';
import { processLogo } from './partner-identity.processing.ts';
import type { IdentityRow, PartnerIdentityRepository } from './partner-identity.repository.ts';

export interface PartnerIdentityDeps {
  repo: PartnerIdentityRepository;
  files: StoredFiles;
  now: () => Date;
}

function badRequest(path: string, message: string) {
  return new AppError('validation_failed', 400, 'The request is not valid.', { errors: [{ path, message }] });
}

const contactOf = (row: IdentityRow | null): PartnerContact => ({
  phone: row?.phone ?? null,
  email: row?.email ?? null,
  address: row?.address ?? null,
  website: row?.website ?? null,
});

const logoUrlOf = (row: IdentityRow | null): string | null =>
  row?.logoId && row.logoContentType ? partnerLogoPath(row.logoId, row.logoContentType) : null;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The partner's identity (decision 077): contact details and a logo, edited by the partner's
 * Administrator, shown on the customer's pages and printed on the service report. The logo is
 * stored through the one file store under the ledger, like images and documents.
 */
export function createPartnerIdentityService(deps: PartnerIdentityDeps) {
  const { repo, files, now } = deps;

  async function get(scope: TenantScope): Promise<PartnerIdentity> {
    const found = await repo.find(scope);
    if (!found) throw notFound('Service partner');
    const { name, row } = found;
    const url = logoUrlOf(row);
    return {
      name,
      ...contactOf(row),
      logo:
        url && row?.logoWidth && row.logoHeight && row.logoBytes && row.logoContentType
          ? {
              url,
              width: row.logoWidth,
              height: row.logoHeight,
              bytes: row.logoBytes,
              contentType: row.logoContentType,
            }
          : null,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  return {
    get,

    async updateContact(
      scope: TenantScope,
      input: z.output<typeof partnerContactInputSchema>,
    ): Promise<PartnerIdentity> {
      await repo.saveContact(scope, input, now());
      return get(scope);
    },

    /** One file part `file`: checked, scaled, stored, and the old logo handed to the clean-up. */
    async setLogo(scope: TenantScope, parts: AsyncIterable<UploadPart>): Promise<PartnerIdentity> {
      const writes = files.writes();
      try {
        let stored: {
          id: string;
          key: string;
          width: number;
          height: number;
          bytes: number;
          type: 'image/png' | 'image/jpeg';
        } | null = null;
        for await (const part of parts) {
          if (part.type === 'field' || part.fieldname !== 'file')
            throw badRequest(part.fieldname, 'Unknown field');
          if (stored) throw badRequest('file', 'Send one logo');
          const logo = await processLogo(part.file);
          const id = randomUUID();
          const key = `partners/${scope.partnerId}/logos/${id}.${logo.contentType === 'image/png' ? 'png' : 'jpg'}`;
          const bytes = await writes.put(scope.partnerId, key, Readable.from([logo.data]), logo.contentType);
          stored = { id, key, width: logo.width, height: logo.height, bytes, type: logo.contentType };
        }
        if (!stored) throw badRequest('file', 'Choose a logo file');
        const logo = stored;
        const at = now();
        await repo.transaction(async (tx) => {
          await repo.saveLogo(
            scope,
            {
              logoId: logo.id,
              logoKey: logo.key,
              logoContentType: logo.type,
              logoWidth: logo.width,
              logoHeight: logo.height,
              logoBytes: logo.bytes,
            },
            at,
            tx,
          );
          await writes.commit(tx, at);
        });
      } catch (err) {
        await writes.discard();
        throw err;
      }
      return get(scope);
    },

    async removeLogo(scope: TenantScope): Promise<PartnerIdentity> {
      await repo.saveLogo(scope, null, now());
      return get(scope);
    },

    /** The logo behind its public address; an unknown, replaced or removed id is a 404. */
    async openLogo(logoId: string, file: string) {
      const row = await repo.logoById(logoId);
      const ext = row?.logoContentType === 'image/png' ? 'png' : 'jpg';
      if (!row?.logoKey || !row.logoContentType || file !== `logo.${ext}`) throw notFound('Logo');
      const stream = await files.get(row.logoKey);
      if (!stream) throw notFound('Logo');
      return { stream, contentType: row.logoContentType };
    },

    /** What a customer's page shows of the partner: name, logo address, contact; nothing else. */
    async brand(scope: TenantScope): Promise<PartnerBrand> {
      const found = await repo.find(scope);
      return {
        name: found?.name ?? '',
        ...contactOf(found?.row ?? null),
        logoUrl: logoUrlOf(found?.row ?? null),
      };
    },

    /** The logo's bytes (PNG or JPEG) for the service report's PDF, or null without one. */
    async logoBytes(scope: TenantScope): Promise<Uint8Array | null> {
      const found = await repo.find(scope);
      const key = found?.row?.logoKey;
      if (!key) return null;
      const stream = await files.get(key);
      return stream ? readAll(stream) : null;
    },
  };
}

export type PartnerIdentityService = ReturnType<typeof createPartnerIdentityService>;

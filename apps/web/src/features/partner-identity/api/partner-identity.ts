import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  partnerIdentitySchema,
  type PartnerContactInput,
  type PartnerIdentity,
} from '@service-portal/shared/partner-identity';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /partner-identity: the partner's name, contact details and logo. */
export async function getPartnerIdentity(signal?: AbortSignal): Promise<PartnerIdentity> {
  const response = await apiClient.get<unknown>('/partner-identity', { signal });
  return partnerIdentitySchema.parse(response.data);
}

export const partnerIdentityQueryOptions = () =>
  queryOptions({
    queryKey: ['partner-identity'] as const,
    queryFn: ({ signal }) => getPartnerIdentity(signal),
  });

export function usePartnerIdentity() {
  return useQuery(partnerIdentityQueryOptions());
}

function useSaved() {
  const queryClient = useQueryClient();
  return (identity: PartnerIdentity) =>
    queryClient.setQueryData(partnerIdentityQueryOptions().queryKey, identity);
}

/** PUT /partner-identity: the contact details. */
export function useSavePartnerContact() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async (body: PartnerContactInput) =>
      partnerIdentitySchema.parse((await apiClient.put<unknown>('/partner-identity', body)).data),
    onSuccess: saved,
  });
}

/** PUT /partner-identity/logo (multipart `file`): replaces the logo. */
export function useUploadPartnerLogo() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const response = await apiClient.put<unknown>('/partner-identity/logo', form, { timeout: 0 });
      return partnerIdentitySchema.parse(response.data);
    },
    onSuccess: saved,
  });
}

/** DELETE /partner-identity/logo */
export function useRemovePartnerLogo() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async () =>
      partnerIdentitySchema.parse((await apiClient.delete<unknown>('/partner-identity/logo')).data),
    onSuccess: saved,
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { fileNameFrom, saveFile, withReadableErrorBody } from '../../../lib/download.ts';
import { filterParams } from './list-service-orders.ts';
import type { ServiceOrderFilters } from './list-service-orders.ts';

export interface ExportServiceOrdersInput {
  filters: ServiceOrderFilters;
  /** Honoured for Administrators and ServiceManagers only (the server decides). */
  includeInternalNotes: boolean;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** The filtered list as an .xlsx workbook, fetched with the session's token like any other call. */
export async function exportServiceOrders({
  filters,
  includeInternalNotes,
}: ExportServiceOrdersInput): Promise<ExportedFile> {
  try {
    const response = await apiClient.get<Blob>('/service-orders/export', {
      params: { ...filterParams(filters), includeInternalNotes: String(includeInternalNotes) },
      responseType: 'blob',
      headers: {
        Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/problem+json',
      },
    });
    const blob = response.data instanceof Blob ? response.data : new Blob([response.data]);
    return { blob, fileName: fileNameFrom(response.headers['content-disposition'], 'service-orders.xlsx') };
  } catch (error) {
    throw await withReadableErrorBody(error);
  }
}

export function useExportServiceOrders() {
  return useMutation({
    mutationFn: exportServiceOrders,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}

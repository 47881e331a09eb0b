import { useMutation } from '@tanstack/react-query';
import { UPLOAD_SESSION_HEADER } from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';
import { fileNameFrom, saveFile, withReadableErrorBody } from '../../../lib/download.ts';

/**
 * The signed PDF fetched as a blob with the caller's credentials (the staff's token, or the
 * customer's link session): a plain link would carry neither, and none may sit in a URL.
 */
export async function downloadReportPdf(
  from: { orderId: string } | { token: string; session: string },
): Promise<void> {
  const url =
    'orderId' in from
      ? `/service-orders/${encodeURIComponent(from.orderId)}/report/pdf`
      : `/customer-upload/${encodeURIComponent(from.token)}/report/pdf`;
  try {
    const response = await apiClient.get<Blob>(url, {
      responseType: 'blob',
      ...('session' in from ? { headers: { [UPLOAD_SESSION_HEADER]: from.session } } : {}),
    });
    saveFile(response.data, fileNameFrom(response.headers['content-disposition'], 'service-report.pdf'));
  } catch (error) {
    throw await withReadableErrorBody(error);
  }
}

export function useDownloadReportPdf() {
  return useMutation({ mutationFn: downloadReportPdf });
}

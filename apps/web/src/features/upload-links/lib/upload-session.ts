import { UPLOAD_SESSION_HEADER } from '@service-portal/shared/upload-links';

// The proof of verification lives for the tab only: a reload keeps the customer verified, a
// shared phone's next visitor starts over.
const keyOf = (token: string) => `customer-upload:${token}`;

export function saveSession(token: string, session: string): void {
  try {
    sessionStorage.setItem(keyOf(token), session);
  } catch {
    /* private mode: the wizard keeps it in memory */
  }
}

export function loadSession(token: string): string | null {
  try {
    return sessionStorage.getItem(keyOf(token));
  } catch {
    return null;
  }
}

export const sessionHeaders = (session: string) => ({ [UPLOAD_SESSION_HEADER]: session });

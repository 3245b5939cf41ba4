import { useMutation } from '@tanstack/react-query';

import type { MasqueradeResponse } from '../../../../shared/api/staff';
import { api } from '../../../lib/api-client';
import { getCsrfToken, setCsrfToken } from '../../../lib/session';

/**
 * After a switch-back the page was loaded afresh with the local cache cleared: the session
 * cookie is the staff user's, but no CSRF token is stored yet. Ask the session for it
 * (GET /session/token, as Drupal offers), else the POST would answer 403 and log out.
 */
async function ensureCsrfToken(): Promise<void> {
  if (getCsrfToken()) return;
  const token = await api.get<string>('/session/token');
  if (typeof token === 'string' && token) setCsrfToken(token);
}

/**
 * POST /api/staff/masquerade/{userId}: the server swaps the staff session for one of the
 * customer (new cookie) and answers like login, so the new session's CSRF token is stored.
 */
export async function startMasquerade(userId: number): Promise<MasqueradeResponse> {
  await ensureCsrfToken();
  const response = await api.post<MasqueradeResponse>(`/api/staff/masquerade/${userId}`);
  setCsrfToken(response.csrf_token);
  return response;
}

/** The caller refetches the current user and leaves the page on success (app/ composes that). */
export function useStartMasquerade() {
  return useMutation({ mutationFn: startMasquerade });
}

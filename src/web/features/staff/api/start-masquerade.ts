import { useMutation } from '@tanstack/react-query';

import type { MasqueradeResponse } from '../../../../shared/api/staff';
import { api } from '../../../lib/api-client';
import { setCsrfToken } from '../../../lib/session';

/**
 * POST /api/staff/masquerade/{userId}: the server swaps the staff session for one of the
 * customer (new cookie) and answers like login, so the new session's CSRF token is stored.
 */
export async function startMasquerade(userId: number): Promise<MasqueradeResponse> {
  const response = await api.post<MasqueradeResponse>(`/api/staff/masquerade/${userId}`);
  setCsrfToken(response.csrf_token);
  return response;
}

/** The caller refetches the current user and leaves the page on success (app/ composes that). */
export function useStartMasquerade() {
  return useMutation({ mutationFn: startMasquerade });
}

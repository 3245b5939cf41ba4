import { useMutation } from '@tanstack/react-query';

import type { PasswordResetRequest } from '../../../../shared/api/session';
import { api, ApiError } from '../../../lib/api-client';

/**
 * POST {prefix}/user/password?_format=json. A 400 (unknown user) counts as success, so the
 * page does not reveal which user names exist (spec section 4: the 'mailed' flag).
 */
export async function requestPasswordReset(input: PasswordResetRequest): Promise<{ mailed: true }> {
  try {
    await api.post<Record<string, never>>('/user/password', input, { query: { _format: 'json' } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400)) throw error;
  }
  return { mailed: true };
}

/** idle → pending → success (mailed) | error; a new mutation per page visit clears the state. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

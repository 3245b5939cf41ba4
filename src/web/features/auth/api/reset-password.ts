import { useMutation } from '@tanstack/react-query';

import type { ResetPasswordRequest, ResetPasswordResponse } from '../../../../shared/api/session';
import { api } from '../../../lib/api-client';

export interface ResetPasswordInput extends ResetPasswordRequest {
  user: string;
  timestamp: string;
  hash: string;
}

export class ResetPasswordFailed extends Error {
  override readonly name = 'ResetPasswordFailed';
}

/** POST /api/reset-password/{user}/{timestamp}/{hash}; only a truthy `data.status` is success. */
export async function resetPassword({ user, timestamp, hash, pass, passConfirm }: ResetPasswordInput): Promise<void> {
  const path = ['/api/reset-password', user, timestamp, hash].map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join('/');
  const response = await api.post<ResetPasswordResponse | undefined>(path, { pass, passConfirm });
  if (!response?.data?.status) throw new ResetPasswordFailed('The password was not reset.');
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

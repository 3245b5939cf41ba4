import { useMutation } from '@tanstack/react-query';

import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  PasswordField,
} from '../../../../shared/api/account';
import { api, ApiError } from '../../../lib/api-client';

/** POST /api/account/change-password: `status` 1, or a 400 with `validation` per field. */
export async function changePassword(input: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return api.post<ChangePasswordResponse>('/api/account/change-password', input);
}

/** The server's messages per field (current, new, repeat) of a failed change. */
export function passwordFieldErrors(error: unknown): Partial<Record<PasswordField, string>> {
  if (!(error instanceof ApiError)) return {};
  const body = error.body as Partial<ChangePasswordResponse> | undefined;
  const entries = body?.validation ?? error.errors;
  const result: Partial<Record<PasswordField, string>> = {};
  for (const { field, message } of entries) {
    if ((field === 'current' || field === 'new' || field === 'repeat') && !result[field]) result[field] = message;
  }
  return result;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

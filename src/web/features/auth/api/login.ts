import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CachedCurrentUser } from '../../../../shared/api/account';
import type { LoginRequest, LoginResponse } from '../../../../shared/api/session';
import { api } from '../../../lib/api-client';
import { setCsrfToken } from '../../../lib/session';

import { currentUserQueryKey, getCurrentUser } from './get-current-user';

/** POST {prefix}/user/login?_format=json, then the current user is fetched and cached (spec section 4). */
export async function login(input: LoginRequest): Promise<CachedCurrentUser> {
  const response = await api.post<LoginResponse>('/user/login', input, { query: { _format: 'json' } });
  setCsrfToken(response.csrf_token);
  return getCurrentUser();
}

/** idle → pending (loading) → success | error (failure), as TanStack's mutation status. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** GET {prefix}/user/cb-logout?_format=json (204). */
export function logout(): Promise<void> {
  return api.get<void>('/user/cb-logout', { query: { _format: 'json' } });
}

/** Marks the logout while it runs: the menu entry that started it may be gone by then. */
export const LOGOUT_MUTATION_KEY = ['user', 'logout'] as const;

/** On success: clear the local session and every cached query, go to /user/login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: LOGOUT_MUTATION_KEY,
    mutationFn: logout,
    onSuccess: () => {
      clearSession();
      queryClient.clear();
      void navigate('/user/login', { replace: true });
    },
  });
}

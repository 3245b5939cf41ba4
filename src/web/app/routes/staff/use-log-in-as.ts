import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { homePathFor } from '../../guards/redirect-if-logged-in';
import { failureText } from '../../../lib/api/failure-text';
import { toast } from '../../../lib/toast';
import { getCurrentUser } from '../../../features/auth/api/get-current-user';
import { useStartMasquerade } from '../../../features/staff/api/start-masquerade';

/**
 * 'Log in as' a customer user (by user id): `leavingFor` is set from the click on until the page
 * is left, since the cached user turns into the customer on the way.
 */
export function useLogInAs() {
  const { t } = useTranslation(['staff', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const startMasquerade = useStartMasquerade();
  const [leavingFor, setLeavingFor] = useState<number | null>(null);

  async function logInAs(userId: number) {
    setLeavingFor(userId);
    try {
      await startMasquerade.mutateAsync(userId);
      // The session is the customer's now: forget the staff user's data, cache the customer.
      queryClient.clear();
      const masquerading = await getCurrentUser();
      void navigate(homePathFor(masquerading));
    } catch (error) {
      setLeavingFor(null);
      // a 403 has logged out already (spec section 6)
      const message = failureText(error, t('errors:generic'));
      if (message) toast.error(t('staff:failed', { message }));
    }
  }

  return { leavingFor, logInAs };
}

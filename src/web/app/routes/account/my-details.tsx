import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { getRelationQueryOptions, useRelation } from '../../../lib/api/get-relation';
import { ChangePasswordForm } from '../../../features/account/components/change-password-form';
import { RelationDetails } from '../../../features/account/components/relation-details';
import { ApiError } from '../../../lib/api-client';
import { getCachedUser, useSessionUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

/** Starts loading the relation with the navigation (the guard has the user in the cache). */
export function clientLoader(queryClient: QueryClient) {
  return () => {
    const uuid = getCachedUser()?.relation_uuid;
    if (uuid) void queryClient.prefetchQuery(getRelationQueryOptions(uuid));
    return null;
  };
}

/** My details: /{lang}/account (spec section 2, Account page). */
export default function MyDetailsPage() {
  const { t } = useTranslation(['account', 'common']);
  usePageTitle(t('common:pages.account'));
  const user = useSessionUser();
  const uuid = user?.relation_uuid ?? null;
  const relation = useRelation(uuid);
  const noRelation = uuid === null || (relation.error instanceof ApiError && relation.error.status === 404);

  return (
    <section>
      <h1 className="page-title">{t('myDetails.title')}</h1>
      <div className="card mt-3">
        <div className="card-body">
          {noRelation ? (
            <Alert variant="warning" role="alert">
              {t('myDetails.noRelation')}
            </Alert>
          ) : relation.isError ? (
            <Alert variant="danger" role="alert">
              {t('myDetails.loadFailed')}
            </Alert>
          ) : null}
          {relation.isPending && !noRelation ? (
            <PageSpinner />
          ) : user ? (
            <RelationDetails relation={relation.data ?? null} person={user.data} />
          ) : null}
        </div>
      </div>
      <div className="card mt-4">
        <div className="card-body">
          <ChangePasswordForm />
        </div>
      </div>
    </section>
  );
}

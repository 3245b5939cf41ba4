import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import type { StaffCustomerUser } from '../../../../shared/api/staff-customer';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { SectionCard } from '../../../components/ui/section-card';
import { AuditTimeline } from '../../../features/staff-audit/components/audit-timeline';
import { useStaffCustomer, useUserAction } from '../../../features/staff-customer/api/customer-page';
import { BlockUserDialog } from '../../../features/staff-customer/components/block-user-dialog';
import { InviteUserDialog } from '../../../features/staff-customer/components/invite-user-dialog';
import { OpenInvoices } from '../../../features/staff-customer/components/open-invoices';
import { RecentOrders } from '../../../features/staff-customer/components/recent-orders';
import { RelationAddresses, RelationFacts } from '../../../features/staff-customer/components/relation-facts';
import { type UserCommand, UsersTable } from '../../../features/staff-customer/components/users-table';
import { useLogInAs } from './use-log-in-as';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/api/failure-text';
import { toast } from '../../../lib/toast';
import { useLocalizedPath } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';

/** Unblock and the welcome mail at once; block asks its reason first; 'log in as' leaves the page. */
function useUserCommands() {
  const { t } = useTranslation(['staff-customer', 'errors']);
  const action = useUserAction();
  const { leavingFor, logInAs } = useLogInAs();
  const [blocking, setBlocking] = useState<StaffCustomerUser | null>(null);
  const [pending, setPending] = useState<{ user: string; command: UserCommand } | null>(null);

  async function run(user: StaffCustomerUser, command: UserCommand) {
    if (command === 'block') return setBlocking(user);
    if (command === 'log-in-as') return logInAs(user.drupal_internal__uid);
    setPending({ user: user.id, command });
    try {
      await action.mutateAsync({ user: user.id, action: { kind: command } });
      toast.success(command === 'unblock' ? t('users.unblocked', { name: user.display_name }) : t('users.welcomeSent', { mail: user.mail }));
    } catch (error) {
      const message = failureText(error, t('errors:generic'));
      if (message) toast.error(t('users.failed', { message }));
    } finally {
      setPending(null);
    }
  }

  const logInAsPending = leavingFor === null ? null : { user: '', command: 'log-in-as' as const };
  return { run, pending: pending ?? logInAsPending, blocking, stopBlocking: () => setBlocking(null) };
}

/**
 * A customer as the order desk sees it (issue 42, point 7): the relation, its price list and
 * addresses, its users with what staff do for them, open invoices, its orders and its history.
 */
export default function StaffCustomerPage() {
  const { t } = useTranslation(['staff-customer', 'errors']);
  const { relation = '' } = useParams();
  const to = useLocalizedPath();
  const customer = useStaffCustomer(relation);
  const commands = useUserCommands();
  const [inviting, setInviting] = useState(false);
  usePageTitle(customer.data?.relation.name ?? t('facts.title'));

  if (customer.isError) {
    const missing = customer.error instanceof ApiError && (customer.error.status === 404 || customer.error.status === 400);
    return <Alert variant={missing ? 'warning' : 'danger'}>{missing ? t('notFound') : t('errors:generic')}</Alert>;
  }
  if (!customer.data) return <PageSpinner />;
  const { relation: facts, addresses, users, open_invoices: invoices } = customer.data;

  return (
    <section>
      <p className="mb-2">
        <Link to={to('/staff/customers')}>← {t('back')}</Link>
      </p>
      <h1 className="page-title d-flex flex-wrap align-items-center gap-2">
        {facts.name}
        {!facts.active && <Badge bg="secondary">{t('inactive')}</Badge>}
      </h1>
      <div className="row g-4 mb-4">
        <div className="col-lg-7">
          <RelationFacts relation={facts} />
        </div>
        <div className="col-lg-5">
          <RelationAddresses addresses={addresses} />
        </div>
      </div>
      <SectionCard id="customer-users" title={t('users.title')} className="mb-4">
        <div className="mb-3">
          <Button variant="primary" onClick={() => setInviting(true)}>
            {t('users.invite')}
          </Button>
        </div>
        <UsersTable users={users} company={facts.name} pending={commands.pending} onCommand={(user, command) => void commands.run(user, command)} />
      </SectionCard>
      <div className="row g-4">
        <div className="col-lg-7">
          <OpenInvoices invoices={invoices} company={facts.name} />
        </div>
        <div className="col-lg-5">
          <RecentOrders relation={facts.id} company={facts.name} />
        </div>
      </div>
      <AuditTimeline filters={{ relation: facts.id }} title={t('timeline')} />
      <InviteUserDialog relation={relation} company={facts.name} show={inviting} onHide={() => setInviting(false)} />
      <BlockUserDialog user={commands.blocking} onHide={commands.stopBlocking} />
    </section>
  );
}

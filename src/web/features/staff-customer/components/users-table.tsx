import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { StaffCustomerUser } from '../../../../shared/api/staff-customer';
import { BusyButton } from '../../../components/ui/busy-button';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TableHead } from '../../../components/ui/table-parts';
import { formatMoment } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

export type UserCommand = 'block' | 'unblock' | 'welcome-mail' | 'log-in-as';

interface Props {
  users: StaffCustomerUser[];
  company: string;
  /** The user and command under way: every button waits meanwhile. */
  pending: { user: string; command: UserCommand } | null;
  onCommand: (user: StaffCustomerUser, command: UserCommand) => void;
}

function UserStatus({ user }: { user: StaffCustomerUser }) {
  const { t } = useTranslation('staff-customer');
  if (!user.active) return <Badge bg="danger">{t('users.blocked')}</Badge>;
  return (
    <>
      <Badge bg="success">{t('users.active')}</Badge>
      {!user.has_password && <div className="small text-body-secondary">{t('users.noPassword')}</div>}
    </>
  );
}

function UserActions({ user, pending, onCommand }: Omit<Props, 'users' | 'company'> & { user: StaffCustomerUser }) {
  const { t } = useTranslation('staff-customer');
  const busy = (command: UserCommand) => pending?.user === user.id && pending.command === command;
  const name = user.display_name;
  const button = (command: UserCommand, label: string, aria: string, variant: string) => (
    <BusyButton size="sm" variant={variant} busy={busy(command)} disabled={pending !== null} aria-label={aria} onClick={() => onCommand(user, command)}>
      {label}
    </BusyButton>
  );
  return (
    <td>
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        {user.active ? (
          <>
            {button('welcome-mail', t('users.resendWelcome'), t('users.resendWelcomeFor', { name }), 'outline-secondary')}
            {button('block', t('users.block'), t('users.blockFor', { name }), 'outline-danger')}
            {button('log-in-as', t('users.logInAs'), t('users.logInAsFor', { name }), 'outline-primary')}
          </>
        ) : (
          button('unblock', t('users.unblock'), t('users.unblockFor', { name }), 'outline-secondary')
        )}
      </div>
    </td>
  );
}

/** The relation's users: name and login, e-mail, language, status, last login, and what staff can do for each. */
export function UsersTable({ users, company, pending, onCommand }: Props) {
  const { t } = useTranslation('staff-customer');
  const lang = useLang();
  if (users.length === 0) return <p className="text-body-secondary">{t('users.none')}</p>;
  return (
    <ScrollRegion label={t('users.caption', { company })}>
      <Table hover className="align-middle mb-0">
        <caption className="visually-hidden">{t('users.caption', { company })}</caption>
        <TableHead columns={[t('users.name'), t('users.email'), t('users.language'), t('users.status'), t('users.lastLogin'), { label: t('users.actions'), hidden: true }]} />
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                {user.display_name}
                <div className="small text-body-secondary">{user.name}</div>
              </td>
              <td className="text-break">{user.mail}</td>
              <td>{t(`languages.${user.langcode}`)}</td>
              <td>
                <UserStatus user={user} />
              </td>
              <td className="text-nowrap">{user.last_login_at ? formatMoment(user.last_login_at, lang) : t('users.never')}</td>
              <UserActions user={user} pending={pending} onCommand={onCommand} />
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

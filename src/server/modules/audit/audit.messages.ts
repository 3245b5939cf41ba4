import { defineMessages } from '../../i18n';

/** The audit log's export (issue 42, point 2): its column names and words, in the staff user's language. */
export const AUDIT_MESSAGES = defineMessages({
  nl: {
    csv_who: 'Wie',
    csv_on_behalf: 'Medewerker achter inloggen als klant',
    csv_entity: 'Entiteit',
    csv_id: 'Kenmerk',
    csv_action: 'Actie',
    csv_before: 'Voor',
    csv_after: 'Na',
    csv_reason: 'Reden',
    csv_when: 'Tijdstip (Amsterdam)',
    csv_address: 'IP-adres',
    system: (p: { name: string }) => `webshop (${p.name})`,
    file_name: 'logboek',
  },
  en: {
    csv_who: 'Who',
    csv_on_behalf: 'Staff behind a masquerade',
    csv_entity: 'Entity',
    csv_id: 'Id',
    csv_action: 'Action',
    csv_before: 'Before',
    csv_after: 'After',
    csv_reason: 'Reason',
    csv_when: 'When (Amsterdam)',
    csv_address: 'IP address',
    system: (p: { name: string }) => `the shop (${p.name})`,
    file_name: 'audit-log',
  },
});

/** How the shop names a user (in mails, the staff lists, the current user): their full name, else their login name. */
export function displayName(user: { name: string; firstname: string; surnamePrefix: string; surname: string }): string {
  const full = [user.firstname, user.surnamePrefix, user.surname].filter(Boolean).join(' ');
  return full || user.name;
}

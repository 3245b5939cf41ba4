/**
 * Staff roles (issue 42, decision 037). A staff user has the role 'staff' and one or more of
 * these, stored as `staff_<role>` in the user's roles. Admin reaches everything; the others reach
 * their own part of the staff area.
 */
export const STAFF_ROLES = ['admin', 'order_desk', 'content', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How a staff role is stored among a user's roles. */
export const storedStaffRole = (role: StaffRole) => `staff_${role}` as const;

/** The staff roles among a user's roles (none for a customer). */
export function staffRolesOf(roles: readonly string[]): StaffRole[] {
  if (!roles.includes('staff')) return [];
  return STAFF_ROLES.filter((role) => roles.includes(storedStaffRole(role)));
}

/** Whether a user with these roles may reach a part of the staff area open to `allowed` (admin always may). */
export function staffMayReach(roles: readonly string[], allowed: readonly StaffRole[]): boolean {
  const own = staffRolesOf(roles);
  return own.includes('admin') || own.some((role) => allowed.includes(role));
}

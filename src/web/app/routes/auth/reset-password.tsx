import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Reset password: /{lang}/user/password/reset/{user}/{timestamp?}/{hash?} (issue 3). Placeholder: a later issue replaces this component; the route stays. */
export default function ResetPasswordPage() {
  return <ComingSoonPage page="resetPassword" />;
}

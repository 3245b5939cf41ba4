import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Forgotten password (spec section 2; issue 3). Placeholder: a later issue replaces this component; the route stays. */
export default function ForgotPasswordPage() {
  return <ComingSoonPage page="forgotPassword" />;
}

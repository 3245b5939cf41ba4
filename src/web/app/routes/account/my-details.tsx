import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** My details and the change-password form. Placeholder: a later issue replaces this component; the route stays. */
export default function MyDetailsPage() {
  return <ComingSoonPage page="account" />;
}

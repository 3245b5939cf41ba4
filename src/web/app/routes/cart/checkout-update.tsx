import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Payment status check after checkout (polls, then redirects). Placeholder: a later issue replaces this component; the route stays. */
export default function CheckoutUpdatePage() {
  return <ComingSoonPage page="checkoutUpdate" />;
}

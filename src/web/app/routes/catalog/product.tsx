import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Product detail; the :id param is the product uuid. Placeholder: a later issue replaces this component; the route stays. */
export default function ProductPage() {
  return <ComingSoonPage page="product" />;
}

import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Product list with search, categories and pagination. Placeholder: a later issue replaces this component; the route stays. */
export default function AssortmentPage() {
  return <ComingSoonPage page="assortment" />;
}

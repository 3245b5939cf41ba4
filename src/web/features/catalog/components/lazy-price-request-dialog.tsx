import { lazy, Suspense, useState, type ComponentProps } from 'react';

// the dialog's code loads when a customer first needs it
const PriceRequestDialog = lazy(() => import('./price-request-dialog').then((module) => ({ default: module.PriceRequestDialog })));

/** The price request dialog, loaded on its first opening and kept mounted after (so it can animate out). */
export function LazyPriceRequestDialog(props: ComponentProps<typeof PriceRequestDialog>) {
  const [opened, setOpened] = useState(props.show);
  if (props.show && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PriceRequestDialog {...props} />
    </Suspense>
  );
}

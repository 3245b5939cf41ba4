import { useTranslation } from 'react-i18next';

import { HeartIcon } from '../../../components/ui/icons';
import { useFavorite } from '../hooks/use-favorite';

/** The heart: puts the product on the order list or takes it off (spec sections 2 and 4). */
export function FavoriteButton({ productId, name, className = '' }: { productId: string; name: string; className?: string }) {
  const { t } = useTranslation('catalog');
  const { isFavorite, toggle, busy } = useFavorite(productId);
  const label = isFavorite ? t('favorites.remove', { name }) : t('favorites.add', { name });
  return (
    <button
      type="button"
      className={`favorite-button icon-button${isFavorite ? ' is-favorite' : ''} ${className}`}
      aria-label={label}
      title={label}
      disabled={busy}
      onClick={toggle}
    >
      <HeartIcon filled={isFavorite} />
    </button>
  );
}

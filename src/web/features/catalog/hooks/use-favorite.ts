import { useTranslation } from 'react-i18next';

import { useSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { failureText } from '../../../lib/api/failure-text';
import { useFavorites } from '../api/get-favorites';
import { useToggleFavorite } from '../api/toggle-favorite';

/**
 * Whether a product is on the order list, and the heart's toggle (spec sections 4 and 5): it
 * works once the favourites are loaded; a user without relation gets 'No relation found'.
 */
export function useFavorite(productId: string) {
  const { t } = useTranslation(['catalog', 'errors']);
  const relation = useSessionUser()?.relation ?? null;
  const favorites = useFavorites(relation);
  const favorite = favorites.data?.find((entry) => entry.uuid === productId);
  const toggle = useToggleFavorite({
    onToggled: (added) => {
      if (added) toast.success(t('catalog:favorites.added'));
      else toast.error(t('catalog:favorites.removed'));
    },
  });

  function onToggle() {
    if (relation === null) {
      toast.error(t('catalog:favorites.noRelation'));
      return;
    }
    if (!favorites.isSuccess || toggle.isPending) return;
    toggle.mutate(
      { productId, favoriteId: favorite?.favoriteId ?? null },
      {
        onError: (error) => {
          const text = failureText(error, t('errors:generic'), { clientMessage: 'none' });
          if (text) toast.error(text);
        },
      },
    );
  }

  return {
    isFavorite: favorite !== undefined,
    toggle: onToggle,
    /** While the list loads or a toggle runs (a user without relation may click: they get the message). */
    busy: relation !== null && (!favorites.isSuccess || toggle.isPending),
  };
}

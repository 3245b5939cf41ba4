import { useCallback } from 'react';

import { languagePrefix } from '../../../../shared/lang';
import { getConfig } from '../../../lib/config';
import { clearSession } from '../../../lib/session';
import { useLang } from '../../../lib/use-lang';

/** Leave a masquerade: clear the local cache, then let the backend switch back ({backend}{prefix}/switch-back). */
export function useSwitchBack(): () => void {
  const lang = useLang();
  return useCallback(() => {
    clearSession({ notify: false });
    window.location.assign(`${getConfig().backend}${languagePrefix(lang)}/switch-back`);
  }, [lang]);
}

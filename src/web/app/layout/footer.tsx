import { useTranslation } from 'react-i18next';

import type { Language } from '../../../shared/lang';
import { FacebookIcon, InstagramIcon, LinkedinIcon, MailIcon, PhoneIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { useMenuItems, type MenuName } from '../../features/content/api/get-menu-items';
import { MenuLinks } from '../../features/content/components/menu-links';
import { getConfig } from '../../lib/config';
import { useLang } from '../../lib/use-lang';

import { company } from './company';

const socialIcons = { instagram: InstagramIcon, facebook: FacebookIcon, linkedin: LinkedinIcon } as const;

/** A footer menu; a menu that fails or is empty ('no menu links found') is left out. */
function FooterMenu({ menu, title, lang }: { menu: MenuName; title: string; lang: Language }) {
  const { data: links } = useMenuItems(menu, lang);
  if (!links) return null;
  return (
    <nav className="footer-menu" aria-label={title}>
      <h2 className="footer-heading">{title}</h2>
      <MenuLinks links={links} lang={lang} className="list-unstyled footer-links" />
    </nav>
  );
}

function HorizontalMenu({ lang, label }: { lang: Language; label: string }) {
  const { data: links } = useMenuItems('webshop-footer-menu', lang);
  if (!links) return null;
  return (
    <nav aria-label={label}>
      <MenuLinks links={links} lang={lang} className="list-inline footer-links mb-0" itemClassName="list-inline-item" />
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation('layout');
  const lang = useLang();
  const { shopName } = getConfig();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row g-4 py-5">
          <div className="col-lg-4">
            <Logo variant="light" size={44} />
            <h2 className="visually-hidden">{t('footer.about')}</h2>
            <p className="footer-blurb mt-3">{t('footer.blurb', { shopName })}</p>
            <h2 className="footer-heading mt-4">{t('footer.social')}</h2>
            <ul className="list-inline mb-0 footer-social">
              {company.social.map(({ network, href, icon }) => {
                const Icon = socialIcons[icon];
                return (
                  <li key={network} className="list-inline-item">
                    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t('footer.socialLink', { shopName, network })}>
                      <Icon />
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="col-6 col-lg-3">
            <FooterMenu menu="webshop-footer-order" title={t('footer.order')} lang={lang} />
          </div>
          <div className="col-6 col-lg-2">
            <FooterMenu menu="webshop-footer-my-page" title={t('footer.myPage')} lang={lang} />
          </div>
          <div className="col-lg-3">
            <h2 className="footer-heading">{t('footer.contact')}</h2>
            <ul className="list-unstyled footer-links footer-contact">
              <li>
                <PhoneIcon size={18} />
                <span className="visually-hidden">{t('footer.phone')}: </span>
                <a href={company.phone.href}>{company.phone.display}</a>
              </li>
              <li>
                <MailIcon size={18} />
                <span className="visually-hidden">{t('footer.sales')}: </span>
                <a href={`mailto:${company.salesEmail}`}>{company.salesEmail}</a>
              </li>
            </ul>
          </div>
        </div>
        <div className="footer-bottom d-flex flex-column flex-md-row justify-content-between align-items-md-center gap-2 py-3">
          <HorizontalMenu lang={lang} label={t('footer.menu')} />
          <small>{t('footer.copyright', { shopName })}</small>
        </div>
      </div>
    </footer>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Every page's footer but the splash's (layout.tsx): the accessibility statement, as Israeli Standard
 * 5568 asks, and the terms of use. Plain elements styled in global.css: it is on every first load,
 * the game page's too. Two short links that wrap, so it never widens a 360 px screen.
 * `from`: the page it is on, which the statement's report form takes as where the barrier is.
 */
export function Footer({ from }: { from: string }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <nav aria-label={t('footer.label')}>
        <Link to="/accessibility" state={{ from }}>
          {t('footer.accessibility')}
        </Link>
        <Link to="/terms">{t('menu.terms')}</Link>
      </nav>
    </footer>
  );
}

import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import classes from './code-sheet.module.css';

/**
 * The printable sheet: one card per code with the game's name, the code and a QR code of the game's URL.
 * Rendered straight into <body> so its print rule can keep everything else off the paper; hidden on screen.
 */
export function CodeSheet({ gameName, codes, qrSvg }: { gameName: string; codes: readonly string[]; qrSvg: string | undefined }) {
  const { t } = useTranslation('studio');
  // One image source for every card: the URL, and so the QR code, is the same.
  const qrSource = qrSvg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}` : undefined;
  return createPortal(
    <section className={classes.sheet} data-testid="code-sheet">
      <h2 className={classes.title}>{t('adminCodes.sheet.title', { game: gameName })}</h2>
      <div className={classes.grid}>
        {codes.map((code) => (
          <div key={code} className={classes.card} data-testid="code-card">
            <bdi dir="auto" className={classes.name}>
              {gameName}
            </bdi>
            <span dir="ltr" className={classes.code}>
              {code}
            </span>
            {qrSource && <img className={classes.qr} src={qrSource} alt={t('adminCodes.sheet.qrAlt')} />}
            <span className={classes.howTo}>{t('adminCodes.sheet.howTo')}</span>
          </div>
        ))}
      </div>
    </section>,
    document.body,
  );
}

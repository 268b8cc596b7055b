import { createPortal } from 'react-dom';
import classes from './code-sheet.module.css';

export type CodeSheetTexts = {
  /** The sheet's heading, e.g. 'Codes for {game}'. */
  title: string;
  /** The line under each QR code: what to do with it. */
  howTo: string;
  /** The QR image's alternative text. */
  qrAlt: string;
};

/**
 * The printable sheet: one card per code with a name (the game's, or the event's), the code and a QR
 * code of the game's URL. Rendered straight into <body> so its print rule can keep everything else off
 * the paper; hidden on screen. The texts come from the page, in its own words.
 */
export function CodeSheet({ name, codes, qrSvg, texts }: { name: string; codes: readonly string[]; qrSvg: string | undefined; texts: CodeSheetTexts }) {
  // One image source for every card: the URL, and so the QR code, is the same.
  const qrSource = qrSvg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}` : undefined;
  return createPortal(
    <section className={classes.sheet} data-testid="code-sheet">
      <h2 className={classes.title}>{texts.title}</h2>
      <div className={classes.grid}>
        {codes.map((code) => (
          <div key={code} className={classes.card} data-testid="code-card">
            <bdi dir="auto" className={classes.name}>
              {name}
            </bdi>
            <span dir="ltr" className={classes.code}>
              {code}
            </span>
            {qrSource && <img className={classes.qr} src={qrSource} alt={texts.qrAlt} />}
            <span className={classes.howTo}>{texts.howTo}</span>
          </div>
        ))}
      </div>
    </section>,
    document.body,
  );
}

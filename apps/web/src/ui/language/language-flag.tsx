import { useId, type ReactElement } from 'react';
import type { Language } from '@streethunt/shared';

type FlagProps = { language: Language; size?: number; className?: string };

/**
 * A language's flag, drawn here (a few hundred bytes) rather than as an emoji, which many phones and
 * desktops show as two letters. Decorative: the language's name always stands beside it or in a label.
 */
export function LanguageFlag({ language, size = 20, className }: FlagProps) {
  const Flag = FLAGS[language];
  return <Flag width={Math.round(size * 1.5)} height={size} className={className} />;
}

type SvgSize = { width: number; height: number; className?: string };

/** Israel's flag: two blue stripes and the Star of David (two triangles). */
function IsraelFlag(size: SvgSize) {
  return (
    <svg {...size} viewBox="0 0 220 160" aria-hidden focusable="false" style={{ borderRadius: 2, boxShadow: '0 0 0 1px rgb(0 0 0 / 0.15)' }}>
      <rect width="220" height="160" fill="#fff" />
      <path d="M0 15h220v25H0zM0 120h220v25H0z" fill="#0038b8" />
      <path d="M110 48l27.7 48H82.3zM110 112L82.3 64h55.4z" fill="none" stroke="#0038b8" strokeWidth="6" />
    </svg>
  );
}

/** The United Kingdom's flag, for English (a common sign for it on language switches). */
function UnionFlag(size: SvgSize) {
  // Several flags may be on one page (a list of cards): each keeps its own clip id.
  const clip = useId();
  return (
    <svg {...size} viewBox="0 0 60 30" preserveAspectRatio="none" aria-hidden focusable="false" style={{ borderRadius: 2 }}>
      <clipPath id={clip}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30m0-30L0 30" clipPath={`url(#${clip})`} stroke="#c8102e" strokeWidth="4" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  );
}

const FLAGS: Record<Language, (size: SvgSize) => ReactElement> = { he: IsraelFlag, en: UnionFlag };

/** Each flag as a header item's icon (header-tab.tsx): as tall as the item's line icons draw their shapes. */
export const FLAG_ICONS: Record<Language, (props: { size?: number; className?: string }) => ReactElement> = {
  he: ({ size = 20, className }) => <LanguageFlag language="he" size={Math.round(size * 0.75)} className={className} />,
  en: ({ size = 20, className }) => <LanguageFlag language="en" size={Math.round(size * 0.75)} className={className} />,
};

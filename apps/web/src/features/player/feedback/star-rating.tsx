import { useId } from 'react';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './star-rating.module.css';

const STAR_COUNT = 5;

/**
 * Five stars as a native radio group: arrow keys move between them, each radio is named 'n of 5
 * stars', and every star is a 56 px touch target.
 */
export function StarRating({ legend, value, onChange }: { legend: string; value: number | null; onChange(value: number): void }) {
  const { t } = useTranslation();
  const name = useId();
  const legendId = `${name}-legend`;
  return (
    <fieldset className={classes.group} role="radiogroup" aria-labelledby={legendId}>
      <legend id={legendId} style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)', marginBlockEnd: 8, padding: 0 }}>
        {legend}
      </legend>
      <div className={classes.stars}>
        {Array.from({ length: STAR_COUNT }, (_, index) => {
          const star = index + 1;
          const full = value !== null && star <= value;
          return (
            <label key={star} className={classes.star} data-full={full || undefined}>
              <input
                className={classes.input}
                type="radio"
                name={name}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                aria-label={t('feedback.star', { value: star })}
              />
              {full ? <IconStarFilled size={40} aria-hidden /> : <IconStar size={40} stroke={1.5} aria-hidden />}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

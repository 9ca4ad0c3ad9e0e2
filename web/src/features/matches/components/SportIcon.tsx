import { useTranslation } from '../../../hooks/useTranslation';

interface SportIconProps {
  /** TENNISSINGLE, TENNISDOUBLE or PADEL (spec §3); anything else shows the singles racket. */
  sportsCategory: string;
  className?: string;
}

/** A racket standing on its handle at (x, 23), tilted by `rotate` degrees. */
function Racket({ x, rotate }: { x: number; rotate: number }) {
  return (
    <g transform={`rotate(${rotate} ${x} 23)`}>
      <ellipse cx={x} cy="8.6" rx="4.5" ry="5.9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d={`M${x - 3.9} 6.3h7.8M${x - 4.4} 8.6h8.8M${x - 3.9} 10.9h7.8M${x - 2} 3.2v10.8M${x} 2.8v11.6M${x + 2} 3.2v10.8`}
        stroke="currentColor"
        strokeWidth="0.7"
        opacity="0.55"
      />
      <path d={`M${x} 14.5l0 2.5`} stroke="currentColor" strokeWidth="1.6" />
      <path d={`M${x} 17v5.5`} stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
    </g>
  );
}

/** Inline sport icons: tennis singles (one racket), tennis doubles (two rackets), padel (a solid bat). */
export function SportIcon({ sportsCategory, className = 'size-6' }: SportIconProps) {
  const { t } = useTranslation();
  const label =
    sportsCategory === 'PADEL'
      ? t('matchCard.sports.PADEL')
      : sportsCategory === 'TENNISDOUBLE'
        ? t('matchCard.sports.TENNISDOUBLE')
        : t('matchCard.sports.TENNISSINGLE');
  return (
    <svg viewBox="0 0 24 24" className={className} role="img" aria-label={label} data-sport={sportsCategory}>
      <title>{label}</title>
      {sportsCategory === 'PADEL' ? (
        <g>
          <path
            d="M12 2.5c3.6 0 6 2.6 6 6.1 0 3.2-2 5.4-4.4 6.2v1.4h-3.2v-1.4C8 13.99 6 11.8 6 8.6 6 5.1 8.4 2.5 12 2.5Z"
            fill="currentColor"
            opacity="0.9"
          />
          <g className="fill-white">
            <circle cx="10" cy="6.5" r="0.9" />
            <circle cx="14" cy="6.5" r="0.9" />
            <circle cx="12" cy="8.8" r="0.9" />
            <circle cx="10" cy="11" r="0.9" />
            <circle cx="14" cy="11" r="0.9" />
          </g>
          <path d="M12 16v5.5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          <circle cx="19" cy="19" r="2.2" className="fill-lime-400" />
        </g>
      ) : sportsCategory === 'TENNISDOUBLE' ? (
        <g>
          <Racket x={12} rotate={-21} />
          <Racket x={12} rotate={21} />
        </g>
      ) : (
        <g>
          <Racket x={11} rotate={-13} />
          <circle cx="19" cy="19" r="2.5" className="fill-lime-400" stroke="currentColor" strokeWidth="0.6" />
        </g>
      )}
    </svg>
  );
}

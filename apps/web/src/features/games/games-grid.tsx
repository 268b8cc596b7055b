import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import type { GameListItem } from '@streethunt/shared';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { GameCard } from './game-card.tsx';
import { rememberRows, rememberedRows } from './scroll-memory.ts';
import { useColumns } from './use-columns.ts';
import classes from './games-grid.module.css';

/** The grid's gap (Mantine's md spacing), between rows as between columns. */
const ROW_GAP = 16;
/** Rows drawn beyond each edge of the screen: enough that a fast flick or the next Tab finds cards there. */
const OVERSCAN_ROWS = 3;
/** A card's height without its cover (name, city, start, price, padding), for rows not measured yet. */
const CARD_TEXT_HEIGHT = 190;
/**
 * Cards the server draws (and hydration draws again) before the window is known: more than a phone's
 * first screen holds. The windowed grid takes over right after, keeping these same elements.
 */
const FIRST_SCREEN_CARDS = 6;
/** The screen assumed while the server renders (a phone); nothing is drawn from it there. */
const SERVER_RECT = { width: 390, height: 844 };

/**
 * The cards as a windowed grid: only the rows near the screen are in the DOM (a few dozen cards however
 * many pages are loaded); the list's padding stands in for the rows above and below, so the page keeps
 * its full height and the scroll bar its meaning. Rows are measured as drawn; `memoryKey` (the history
 * entry and the query) keeps the measurements for the way back.
 */
export function GamesGrid({ games, memoryKey, label }: { games: GameListItem[]; memoryKey: string; label?: string }) {
  const hydrated = useHydrated();
  const columns = useColumns();
  const rowCount = Math.ceil(games.length / columns);
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useListTop(listRef);
  const measuredKey = `${memoryKey}|${columns}`;
  const [initialRows] = useState(() => rememberedRows(measuredKey));

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimateRowHeight(listRef.current?.clientWidth ?? (typeof window === 'undefined' ? SERVER_RECT.width : window.innerWidth), columns),
    overscan: OVERSCAN_ROWS,
    gap: ROW_GAP,
    scrollMargin,
    initialMeasurementsCache: initialRows,
    // The first render already draws the first screen, before any effect runs.
    initialRect: typeof window === 'undefined' ? SERVER_RECT : { width: window.innerWidth, height: window.innerHeight },
    enabled: hydrated,
  });

  // Leaving (or the columns change): keep the measured rows for this entry, to come back to the same heights.
  useEffect(() => () => rememberRows(measuredKey, virtualizer.takeSnapshot()), [measuredKey, virtualizer]);

  // Before hydration: the first cards, one to a row (the grid's CSS lays them out by the screen's width).
  const virtualRows = hydrated ? virtualizer.getVirtualItems() : [];
  const rows: Pick<VirtualItem, 'index'>[] = hydrated ? virtualRows : firstRows(Math.min(games.length, FIRST_SCREEN_CARDS));
  const first = virtualRows[0];
  const last = virtualRows.at(-1);
  const rowColumns = hydrated ? columns : 1;
  const before = first ? Math.max(0, first.start - scrollMargin) : 0;
  const after = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0;

  return (
    <ul ref={listRef} className={classes.grid} style={{ paddingBlockStart: before, paddingBlockEnd: after }} aria-label={label} data-testid="games-list">
      {rows.flatMap((row) =>
        games.slice(row.index * rowColumns, row.index * rowColumns + rowColumns).map((game, column) => {
          const index = row.index * rowColumns + column;
          return (
            <li
              key={game._id}
              // The first card of each row is measured: a grid row is as tall as its tallest card, and every card in it stretches to that.
              ref={hydrated && column === 0 ? virtualizer.measureElement : undefined}
              data-index={hydrated && column === 0 ? row.index : undefined}
              data-card-index={index}
            >
              <GameCard game={game} index={index} />
            </li>
          );
        }),
      )}
    </ul>
  );
}

function firstRows(count: number): Pick<VirtualItem, 'index'>[] {
  return Array.from({ length: count }, (_, index) => ({ index }));
}

/** A row's height before it is measured: a 16:9 cover at the column's width and the card's text. */
function estimateRowHeight(listWidth: number, columns: number): number {
  const columnWidth = (listWidth - ROW_GAP * (columns - 1)) / columns;
  return Math.round((columnWidth * 9) / 16 + CARD_TEXT_HEIGHT);
}

/**
 * Where the list starts in the document (the virtualizer's scrollMargin), measured after each render and
 * whenever the page's size changes (an alert above it opens, the screen turns).
 */
function useListTop(listRef: RefObject<HTMLUListElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const list = listRef.current;
      if (!list) return;
      const next = Math.round(list.getBoundingClientRect().top + window.scrollY);
      setTop((current) => (current === next ? current : next));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [listRef]);
  return top;
}

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

type Slot = { items: ReactNode | null; setItems(items: ReactNode | null): void };
const HeaderSlotContext = createContext<Slot | null>(null);

/** Lets a page put its own items in the header (the game player's Map, Questions, Intro). */
export function HeaderSlotProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ReactNode | null>(null);
  return <HeaderSlotContext.Provider value={{ items, setItems }}>{children}</HeaderSlotContext.Provider>;
}

/** The items a page placed, or null for the default links. */
export function useHeaderSlotItems(): ReactNode | null {
  return useContext(HeaderSlotContext)?.items ?? null;
}

/** Shows `items` in the header while the calling page is mounted. */
export function useHeaderItems(items: ReactNode | null): void {
  const slot = useContext(HeaderSlotContext);
  const setItems = slot?.setItems;
  useEffect(() => {
    if (!setItems) return;
    setItems(items);
    return () => setItems(null);
  }, [setItems, items]);
}

import { useEffect, useRef, useState } from 'react';
import { copyText } from './copy-text.ts';

/** How long 'copied' shows on the button. */
const COPIED_MS = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copying a game code from the screen: `copy()` uses the clipboard; where there is none, it selects
 * the code's element (`codeRef`), so a long press copies it. 'copied' goes back to 'idle' by itself.
 */
export function useCopyCode(code: string) {
  const codeRef = useRef<HTMLParagraphElement>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');

  useEffect(() => {
    if (copyState !== 'copied') return;
    const timer = setTimeout(() => setCopyState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copyState]);

  const copy = async () => {
    if (await copyText(code)) {
      setCopyState('copied');
    } else {
      if (codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current);
      setCopyState('failed');
    }
  };

  return { codeRef, copyState, copy };
}

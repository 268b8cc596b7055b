/**
 * The built index.html preloads the app's stylesheets instead of letting them block the first paint
 * (build/deferred-styles.ts marks them `data-app-styles`). This applies them and resolves once they
 * are in, so the first render is styled. A sheet that fails to load does not keep the app from
 * starting. In development Vite injects the CSS itself and there is nothing to do.
 */
export function applyAppStyles(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.onload = () => resolve();
          sheet.onerror = () => resolve();
          sheet.href = preload.href;
          preload.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
